import WordFitCore

/// Light or dark appearance, which picks the value of the system colours.
public enum Appearance: String, Sendable, Codable, CaseIterable {
  case light, dark
}
