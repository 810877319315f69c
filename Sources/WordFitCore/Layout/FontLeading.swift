/// A font's line spacing adjustment (SwiftUI's `Font.Leading`, `--leading`, spec key
/// `leading`): the font's own line gap, or that gap 1 point larger or smaller on a watch and 2
/// points on other platforms, as Apple documents `.loose` and `.tight`. Only a
/// ``LineHeight/variable`` line height takes it; a constant one ignores the font's metrics.
public enum FontLeading: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
  /// The font's default line spacing.
  case standard
  /// Reduced line spacing: 1 point less on a watch, 2 elsewhere.
  case tight
  /// Increased line spacing: 1 point more on a watch, 2 elsewhere.
  case loose

  /// The change to the line gap, in points, on a watch canvas (`isWatch`) or another.
  public func points(isWatch: Bool) -> Double {
    let step = isWatch ? 1.0 : 2.0
    return switch self {
    case .standard: 0
    case .tight: -step
    case .loose: step
    }
  }
}
