/// Where the block of lines sits in the available height.
public enum VerticalAlignment: String, Sendable, Codable, CaseIterable {
  case top, center, bottom
}
