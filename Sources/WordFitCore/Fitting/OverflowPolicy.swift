/// What happens when even the minimum size does not fit.
public enum OverflowPolicy: String, Sendable, Codable, CaseIterable {
  /// Words too wide end in "…" at the minimum size, and lines that do not fit below are dropped
  /// with "…" on the last line kept, as SwiftUI's `lineLimit(1)`.
  case truncate
  /// Draw at the minimum size anyway; the canvas edge clips what overflows.
  case clip
  /// Report an error (exit status 65).
  case fail
}
