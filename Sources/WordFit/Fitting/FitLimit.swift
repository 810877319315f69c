/// What limited the chosen size.
public enum FitLimit: String, Sendable, Codable {
  /// The maximum size was reached with room to spare.
  case maximumSize
  /// A word's width: one size step (1/64 px) larger and it would not fit across.
  case width
  /// The stack's height: one size step larger and the lines would not fit top to bottom.
  case height
  /// Even the minimum size did not fit; the overflow policy decided what is drawn.
  case minimumSize
}
