/// How a text is broken into lines.
public enum LayoutKind: String, Sendable, Codable, CaseIterable {
  /// One word per line, every word at one size (the seed's `WordsToFit`).
  case words
  /// Broken at line-break opportunities (UAX #14) to fill each line, as SwiftUI lays out a
  /// `Text` with a `lineLimit`: greedy, like CoreText.
  case wrap
  /// The whole text on one line, shrunk to fit, as SwiftUI's `.lineLimit(1)`.
  case line
}
