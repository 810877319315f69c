/// Whether a wrapped text's words may break at hyphenation points (CSS `hyphens`).
public enum HyphenationMode: String, Sendable, Codable, CaseIterable {
  /// Words break only where the text allows (spaces, hyphens, soft hyphens).
  case none
  /// Words may also break at the hyphenation points of the text's language (libhyphen), where
  /// that lets the text fit larger than whole words do.
  case auto
}
