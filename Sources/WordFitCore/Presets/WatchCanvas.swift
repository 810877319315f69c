/// An Apple Watch screen, in pixels at scale factor 2 (points = pixels / 2).
///
/// Sizes from Apple's Human Interface Guidelines; see the README's "Presets" table.
public struct WatchCanvas: Sendable, Equatable {
  /// The preset name, for example `45mm`.
  public var name: String
  /// The models with this screen.
  public var models: String
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// The Dynamic Type category the watch uses by default.
  public var defaultCategory: ContentSizeCategory

  /// Every preset, smallest first.
  public static let all: [WatchCanvas] = [
    WatchCanvas(name: "38mm", models: "Series 1–3", width: 272, height: 340, defaultCategory: .small),
    WatchCanvas(name: "42mm-s3", models: "Series 1–3", width: 312, height: 390, defaultCategory: .large),
    WatchCanvas(name: "40mm", models: "Series 4–6, SE", width: 324, height: 394, defaultCategory: .large),
    WatchCanvas(name: "44mm", models: "Series 4–6, SE", width: 368, height: 448, defaultCategory: .extraLarge),
    WatchCanvas(name: "41mm", models: "Series 7–9", width: 352, height: 430, defaultCategory: .large),
    WatchCanvas(name: "45mm", models: "Series 7–9", width: 396, height: 484, defaultCategory: .extraLarge),
    WatchCanvas(name: "42mm", models: "Series 10–11", width: 374, height: 446, defaultCategory: .large),
    WatchCanvas(name: "46mm", models: "Series 10–11", width: 416, height: 496, defaultCategory: .extraLarge),
    WatchCanvas(name: "49mm", models: "Ultra 1–2", width: 410, height: 502, defaultCategory: .extraLarge),
    WatchCanvas(name: "49mm-ultra3", models: "Ultra 3", width: 422, height: 514, defaultCategory: .extraLarge),
  ]

  /// The default preset, `45mm`.
  public static let defaultName = "45mm"

  /// The preset called `name` (case-insensitive), or `nil`.
  public static func named(_ name: String) -> WatchCanvas? {
    all.first { $0.name.lowercased() == name.lowercased() }
  }
}
