/// A piece of text between two line-break opportunities: a line may end after it.
public struct LineSegment: Sendable, Equatable {
  /// The text, with the spaces after it (they hang at a line's end and are not measured there).
  public var text: String
  /// Whether a line must end after it (a line or paragraph separator, a newline).
  public var endsWithMandatoryBreak: Bool
  /// Whether it ends at a hyphenation point inside a word: a line that ends after it shows a
  /// hyphen, measured with it; the next segment continues the word.
  public var endsWithHyphenationPoint: Bool
  /// Whether it ends between two grapheme clusters of a word too wide for its line: a line
  /// that ends after it shows no hyphen (as TextKit breaks such a word).
  public var endsBetweenClusters: Bool

  /// A segment of `text`.
  public init(
    _ text: String, endsWithMandatoryBreak: Bool = false, endsWithHyphenationPoint: Bool = false,
    endsBetweenClusters: Bool = false
  ) {
    self.text = text
    self.endsWithMandatoryBreak = endsWithMandatoryBreak
    self.endsWithHyphenationPoint = endsWithHyphenationPoint
    self.endsBetweenClusters = endsBetweenClusters
  }

  /// Whether a word too wide for any line follows it: the line ends here, so that word starts
  /// a line of its own before it is broken between clusters (as TextKit wraps it).
  public var endsBeforeOverlongWord = false
  /// Where, in characters from its start, the line-break rules allow a break inside this
  /// segment when it is a phrase (``WordBreak/phrase``): where it breaks if it is too wide for
  /// a line at the legible size. Empty for any other segment.
  public var phraseBreaks: [Int] = []
  /// Whether it ends inside a phrase too wide for its line, at one of its ``phraseBreaks``.
  public var endsInsidePhrase = false

  /// Whether it ends inside a word (a hyphenation point, a break between clusters or inside a
  /// phrase).
  public var endsInsideWord: Bool { endsWithHyphenationPoint || endsBetweenClusters || endsInsidePhrase }
  /// Whether a line must end after it: a mandatory break, or an overlong word next.
  public var forcesBreak: Bool { endsWithMandatoryBreak || endsBeforeOverlongWord }

  /// What a line that ends after this segment ends with.
  public var breakKind: LineBreakKind {
    if endsWithMandatoryBreak { return .newline }
    if endsBetweenClusters { return .grapheme }
    if endsInsidePhrase { return .phrase }
    if endsWithHyphenationPoint || text.unicodeScalars.last == "\u{00AD}" { return .hyphen }
    return .word
  }

  /// `segments` with the pieces of each word broken inside (at hyphenation points or between
  /// clusters) joined again: the text's own break opportunities only.
  ///
  /// - Complexity: O(*n*) in the segments.
  public static func joiningHyphenationPoints(_ segments: [LineSegment]) -> [LineSegment] {
    var joined: [LineSegment] = []
    var pending: LineSegment? = nil
    for segment in segments {
      if var open = pending {
        open.text += segment.text
        (open.endsWithMandatoryBreak, open.endsWithHyphenationPoint, open.endsBetweenClusters) = (
          segment.endsWithMandatoryBreak, segment.endsWithHyphenationPoint, segment.endsBetweenClusters
        )
        open.endsInsidePhrase = segment.endsInsidePhrase
        open.endsBeforeOverlongWord = segment.endsBeforeOverlongWord
        pending = open
      } else {
        pending = segment
      }
      if let open = pending, !open.endsInsideWord {
        joined.append(open)
        pending = nil
      }
    }
    if var open = pending {
      (open.endsWithHyphenationPoint, open.endsBetweenClusters, open.endsInsidePhrase) = (false, false, false)
      joined.append(open)
    }
    return joined
  }
}

/// How a wrapped line ends.
public enum LineBreakKind: String, Sendable, Codable, CaseIterable {
  /// At a break opportunity between words (after a space, a hyphen, a CJK character).
  case word
  /// At a hyphenation point or a soft hyphen inside a word: a hyphen is drawn.
  case hyphen
  /// At a newline or a line or paragraph separator in the text.
  case newline
  /// Between two grapheme clusters of a word too wide for its line (no hyphen drawn).
  case grapheme
  /// Inside a phrase too wide for its line (``WordBreak/phrase``), at an opportunity of the
  /// line-break rules.
  case phrase
}

/// Finds where a text may be broken into lines (UAX #14): the fitting engine's view of a line
/// breaker, as ``WordMeasuring`` is its view of a font. WordFitText's `LineBreaker` implements
/// it with ICU; tests give the engine a fake.
public protocol LineBreaking {
  /// `text` cut at every line-break opportunity, in order; the segments join to `text`.
  ///
  /// - Complexity: O(*n*) in the text's length.
  func segments(of text: String) -> [LineSegment]
}

extension LineSegment {
  /// What a line made of `segments` shows: their text joined, the spaces and line separators
  /// at its end removed (they hang), and a soft hyphen or a hyphenation point at its end shown
  /// as "-"; soft hyphens inside it stay invisible.
  public static func lineText(_ segments: ArraySlice<LineSegment>) -> String {
    var text = segments.map(\.text).joined()
    while let last = text.unicodeScalars.last, last.properties.isWhitespace || last == "\u{2028}" || last == "\u{2029}"
    {
      text.unicodeScalars.removeLast()
    }
    if text.unicodeScalars.last == "\u{00AD}" {
      text.unicodeScalars.removeLast()
      text += "-"
    } else if segments.last?.endsWithHyphenationPoint == true {
      text += "-"
    }
    return text
  }
}
