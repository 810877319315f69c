/// Where "…" goes when a text is cut to fit, as SwiftUI's `truncationMode`.
public enum TruncationMode: String, Sendable, Codable, CaseIterable {
  /// Keep the start: `Batterieoptimier…`.
  case tail
  /// Keep both ends: `Batterie…aktivieren`.
  case middle
  /// Keep the end: `…optimierung aktivieren`.
  case head
}
