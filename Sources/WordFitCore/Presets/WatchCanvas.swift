/// A watch screen, in pixels at scale factor 2 (points, or Wear OS dp, = pixels / 2).
///
/// Apple Watch sizes from Apple's Human Interface Guidelines (``all``); Wear OS's reference
/// round screens (``round``); see the README's "Presets" table.
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
  /// The screen's outline.
  public var shape: CanvasShape = .rectangle

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

  /// Wear OS's reference round screens: the smallest round emulator (192 dp) and the large one
  /// (227 dp), either side of the 225 dp breakpoint; 2 px per dp. Text styles resolve as on an
  /// Apple Watch in the Large category (1 pt = 1 sp).
  public static let round: [WatchCanvas] = [
    WatchCanvas(
      name: "wear-small", models: "Wear OS small round", width: 384, height: 384, defaultCategory: .large,
      shape: .circle),
    WatchCanvas(
      name: "wear-large", models: "Wear OS large round", width: 454, height: 454, defaultCategory: .large,
      shape: .circle),
  ]

  /// Whether the screen is a Wear OS one (``round``), whose text takes Wear OS's font scale
  /// rather than Dynamic Type.
  public var isWearOS: Bool { Self.round.contains { $0.name == name } }

  /// Every preset: the Apple Watches, then the round screens.
  public static var presets: [WatchCanvas] { all + round }

  /// The default preset, `45mm`.
  public static let defaultName = "45mm"

  /// The preset called `name` (case-insensitive), or `nil`.
  public static func named(_ name: String) -> WatchCanvas? {
    presets.first { $0.name.lowercased() == name.lowercased() }
  }
}
