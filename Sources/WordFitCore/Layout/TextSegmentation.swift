import Foundation

/// Splits a text into the words WordFit stacks one per line.
public enum TextSegmentation {
  /// Characters that are white space but join words: no-break space (U+00A0), figure space
  /// (U+2007) and narrow no-break space (U+202F). "New\u{A0}York" stays on one line.
  public static let nonBreakingSpaces: Set<Character> = ["\u{00A0}", "\u{2007}", "\u{202F}"]

  /// The words of `text`: normalised to NFC, split on every run of Unicode white space
  /// (spaces, tabs, line breaks, ideographic space …) except the no-break spaces, with leading
  /// and trailing white space ignored.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public static func words(of text: String) -> [String] {
    text.utf8.allSatisfy({ $0 < 0x80 }) ? asciiWords(of: text) : unicodeWords(of: text)
  }

  /// ``words(of:)`` for any text: NFC, then split on `Character.isWhitespace`.
  static func unicodeWords(of text: String) -> [String] {
    nfc(text)
      .split(whereSeparator: { $0.isWhitespace && !nonBreakingSpaces.contains($0) })
      .map(String.init)
  }

  /// ``words(of:)`` joined with single spaces: `text` with its white space runs collapsed and
  /// its ends trimmed, in NFC. ASCII text that already is so (visible characters and single
  /// spaces, none at the ends) is returned as it is, without splitting it.
  ///
  /// - Complexity: O(*n*) in the text's length.
  public static func joinedWords(of text: String) -> String {
    let utf8 = text.utf8
    var previousIsSpace = true
    var isPlain = true
    for byte in utf8 {
      let isSpace = byte == 0x20
      if byte >= 0x80 || (isASCIISpace(byte) && !isSpace) || (isSpace && previousIsSpace) {
        isPlain = false
        break
      }
      previousIsSpace = isSpace
    }
    if isPlain && !previousIsSpace { return text }
    return words(of: text).joined(separator: " ")
  }

  /// Whether `text` has no words (``words(of:)`` is empty): only white space other than the
  /// no-break spaces, or nothing.
  ///
  /// - Complexity: O(*n*) in the text's length.
  public static func isBlank(_ text: String) -> Bool {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.allSatisfy(isASCIISpace) }
    return words(of: text).isEmpty
  }

  /// `text` in Unicode Normalization Form C. Text whose code points are all below U+0300 (Latin-1
  /// and Latin Extended letters, precomposed) is already NFC — no character there decomposes
  /// into something that composes differently, and the combining marks start at U+0300 — and is
  /// returned without Foundation's decomposition and recomposition.
  ///
  /// - Complexity: O(*n*) in the text's length.
  public static func nfc(_ text: String) -> String {
    text.unicodeScalars.allSatisfy { $0.value < 0x300 } ? text : text.precomposedStringWithCanonicalMapping
  }

  /// `text` in NFC without white space at its ends: how `render` and every field of a batch row
  /// take text. ASCII text that starts and ends with a visible character is its own NFC and has
  /// nothing to trim, so it is returned as it is, without Foundation's normalisation and
  /// trimming (what most names in a batch are).
  ///
  /// - Complexity: O(*n*) in the text's length.
  package static func trimmedNFC(_ text: String) -> String {
    let utf8 = text.utf8
    if let first = utf8.first, let last = utf8.last, first > 0x20, last > 0x20, utf8.allSatisfy({ $0 < 0x7F }) {
      return text
    }
    // Text of scalars below U+0300 is its own NFC too (no combining mark, no Hangul jamo); when
    // neither end is white space (below U+0300: U+0009…U+000D, U+0020, U+0085, U+00A0), there
    // is nothing to trim either: Latin names with accents, without Foundation.
    let scalars = text.unicodeScalars
    if let first = scalars.first, let last = scalars.last, !mayBeWhiteSpace(first), !mayBeWhiteSpace(last),
      scalars.allSatisfy({ $0.value < 0x300 })
    {
      return text
    }
    return nfc(text).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Whether a scalar below U+0300 may be one Foundation trims (C0 and C1 controls, spaces).
  private static func mayBeWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value <= 0x20 || (0x7F...0xA0).contains(scalar.value)
  }

  /// Whether an ASCII byte is white space that separates words: U+0009…U+000D and U+0020.
  static func isASCIISpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

  /// ``words(of:)`` for ASCII text, which is already NFC and whose only white space is
  /// U+0009…U+000D and U+0020 (no Foundation bridging, no grapheme breaking).
  static func asciiWords(of text: String) -> [String] {
    text.utf8.split(whereSeparator: isASCIISpace)
      .map { String(decoding: $0, as: UTF8.self) }
  }
}
