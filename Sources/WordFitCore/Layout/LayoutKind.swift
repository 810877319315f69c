/// How a text is broken into lines: the name a spec gives. What each kind does (how it cuts,
/// fits and places its text) is a type of its own in `WordFitLayout` (`TextLayout`), chosen by
/// one exhaustive switch.
public enum LayoutKind: String, Sendable, Codable, CaseIterable {
  /// One word per line, every word at one size (the seed's `WordsToFit`).
  case words
  /// Broken at line-break opportunities (UAX #14) to fill each line, as SwiftUI lays out a
  /// `Text` with a `lineLimit`: greedy, like CoreText.
  case wrap
  /// The whole text on one line, shrunk to fit, as SwiftUI's `.lineLimit(1)`.
  case line
  /// The whole text on one line along the top or bottom arc of a round screen, as Wear OS's
  /// `curvedText` and `TimeText` draw it: fitted to the sweep and the ring inside the bezel.
  case curved
}
