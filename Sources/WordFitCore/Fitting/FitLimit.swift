/// What limited the chosen size.
public enum FitLimit: String, Sendable, Codable {
  /// The maximum size was reached with room to spare.
  case maximumSize
  /// A word's width: one size step (1/64 px) larger and it would not fit across.
  case width
  /// The stack's height: one size step larger and the lines would not fit top to bottom.
  case height
  /// The line limit of a wrapped text: one size step larger and it would need more lines.
  case lineLimit
  /// Even the minimum size did not fit; the overflow policy decided what is drawn.
  case minimumSize
}

extension FitLimit {
  /// What limited the size, in words for a report: `the maximum size`, `the width of "Cat"`,
  /// `the height of 3 lines`, `the minimum size (overflow)`.
  ///
  /// - Parameters:
  ///   - limitingText: the word or label whose width limited the size, when one did.
  ///   - lineCount: the number of lines or boxes stacked.
  ///   - lineNoun: what a line is called (`line`, `box`).
  public func phrase(limitingText: String?, lineCount: Int, lineNoun: String = "line") -> String {
    switch self {
    case .maximumSize: "the maximum size"
    case .width: limitingText.map { "the width of \"\($0)\"" } ?? "the width"
    case .height:
      "the height of \(lineCount) \(lineCount == 1 ? lineNoun : lineNoun.hasSuffix("x") ? lineNoun + "es" : lineNoun + "s")"
    case .lineLimit: "the line limit"
    case .minimumSize: "the minimum size (overflow)"
    }
  }
}
