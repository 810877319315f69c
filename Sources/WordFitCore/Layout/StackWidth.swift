/// How wide the boxes of a stack are.
public enum StackWidth: String, Sendable, Codable, CaseIterable {
  /// Every box as wide as the widest label plus padding, the stack only that wide (SwiftUI's
  /// `frame(maxWidth: .infinity)` inside a `.fixedSize()` stack).
  case equal
  /// Every box spans the available width (the same without `.fixedSize()`).
  case fill
  /// Each box hugs its own label (the seeds' "before" picture).
  case ideal
}
