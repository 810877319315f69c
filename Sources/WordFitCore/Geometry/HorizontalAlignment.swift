/// Where lines sit across the available width.
public enum HorizontalAlignment: String, Sendable, Codable, CaseIterable {
  case leading, center, trailing
}
