import WordFitCore

/// Joins a text's line-break segments into phrases (``WordBreak/phrase``): next to a character
/// of Japanese or Chinese (kana, ideographs, their punctuation and full-width forms), with no
/// white space on either side, a break stays only where a phrase of the ``PhraseModel`` starts;
/// every other break of the line-break rules (after a space, inside Latin text, a mandatory
/// break) stays as it was. A
/// phrase keeps the breaks it swallowed as its ``LineSegment/phraseBreaks``, where it breaks
/// when it is too wide for a line at the legible size, so kinsoku holds inside it too.
public struct PhraseSegmenter: Sendable {
  /// The model that finds the phrases.
  public let model: PhraseModel

  /// A segmenter with `model`.
  public init(model: PhraseModel) {
    self.model = model
  }

  /// `segments` (a text cut at its line-break opportunities) joined into phrases.
  ///
  /// - Complexity: O(*n*) in the text's length.
  public func phrases(of segments: [LineSegment]) -> [LineSegment] {
    let scalars = segments.flatMap { Array($0.text.unicodeScalars) }
    let starts = Set(model.phraseStarts(in: scalars))
    var phrases: [LineSegment] = []
    var (offset, characters) = (0, 0)
    for segment in segments {
      let length = segment.text.unicodeScalars.count
      if var open = phrases.last, !open.forcesBreak, offset > 0, offset < scalars.count,
        !starts.contains(offset), Self.phrasesGovern(scalars[offset - 1], scalars[offset])
      {
        open.phraseBreaks.append(characters)
        open.text += segment.text
        (open.endsWithMandatoryBreak, open.endsWithHyphenationPoint) = (
          segment.endsWithMandatoryBreak, segment.endsWithHyphenationPoint
        )
        phrases[phrases.count - 1] = open
        characters += segment.text.count
      } else {
        phrases.append(segment)
        characters = segment.text.count
      }
      offset += length
    }
    return phrases
  }

  /// Whether phrases decide a break between `before` and `after`: one of them is Japanese or
  /// Chinese text and neither is white space (as CSS `keep-all` keeps a Latin word with the
  /// particle after it, "Illustratorとは"; a break after a space stays).
  static func phrasesGovern(_ before: Unicode.Scalar, _ after: Unicode.Scalar) -> Bool {
    (isPhraseText(before) || isPhraseText(after)) && !before.properties.isWhitespace
      && !after.properties.isWhitespace
  }

  /// Whether `scalar` is Japanese or Chinese text that phrases govern: kana, CJK ideographs,
  /// CJK symbols and punctuation, Bopomofo, and full- and half-width forms.
  package static func isPhraseText(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3000...0x30FF, 0x3100...0x312F, 0x31A0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
      0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
      true
    default: false
    }
  }
}
