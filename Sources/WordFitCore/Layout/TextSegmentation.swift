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
    text.precomposedStringWithCanonicalMapping
      .split(whereSeparator: { $0.isWhitespace && !nonBreakingSpaces.contains($0) })
      .map(String.init)
  }
}
