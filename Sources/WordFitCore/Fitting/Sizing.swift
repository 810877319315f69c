/// How the words of a text share a size.
public enum Sizing: String, Sendable, Codable, CaseIterable {
  /// One common size for every word: the largest at which all of them fit (WordsToFit).
  case common
  /// Each word at its own largest size (SwiftUI's per-`Text` scaling, the seed's "before").
  case individual
}
