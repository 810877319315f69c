/// What a wrapped text does with a word wider than its line at the legible size
/// (``FitRequest/legibleSize``).
public enum OverlongWordPolicy: String, Sendable, Codable, CaseIterable {
  /// Break the word between grapheme clusters, with no hyphen, as TextKit and SwiftUI wrap a
  /// word that does not fit a line: the text stays at or above the legible size.
  case `break`
  /// Shrink the whole text until the word fits (WordFit's behaviour before issue 40).
  case shrink
  /// Keep the legible size and cut the word with "…" (``FitRequest/truncation``).
  case truncate
}
