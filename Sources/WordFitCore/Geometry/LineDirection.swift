/// The direction a line of text runs in, which `leading` and `trailing` alignment follow.
public enum LineDirection: String, Sendable, Codable, CaseIterable {
  /// Left to right: leading is the left edge.
  case leftToRight = "ltr"
  /// Right to left: leading is the right edge.
  case rightToLeft = "rtl"
}

extension HorizontalAlignment {
  /// The alignment in absolute terms: `leading` and `trailing` swap for a right-to-left line.
  public func resolved(rightToLeft: Bool) -> HorizontalAlignment {
    guard rightToLeft else { return self }
    switch self {
    case .leading: return .trailing
    case .trailing: return .leading
    case .center: return .center
    }
  }
}
