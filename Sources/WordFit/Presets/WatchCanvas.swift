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

/// A canvas to render on: a watch preset or any size in pixels.
public struct CanvasSize: Sendable, Equatable {
  /// The largest side WordFit renders, in pixels.
  public static let maximumSide = 16_384

  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// The watch this canvas is, when it came from a preset.
  public var watch: WatchCanvas?

  /// Creates a canvas of `width` × `height` pixels.
  public init(width: Int, height: Int, watch: WatchCanvas? = nil) {
    self.width = width
    self.height = height
    self.watch = watch
  }

  /// Parses a preset name (`45mm`) or `WIDTHxHEIGHT` in pixels (`390x844`).
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the valid presets, or the allowed range.
  public static func parse(_ text: String) throws -> CanvasSize {
    if let watch = WatchCanvas.named(text) {
      return CanvasSize(width: watch.width, height: watch.height, watch: watch)
    }
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
      let names = WatchCanvas.all.map(\.name).joined(separator: ", ")
      throw WordFitError(
        .usage, "unknown canvas '\(text)'; use one of \(names), or WIDTHxHEIGHT in pixels such as 390x844")
    }
    guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
      throw WordFitError(.usage, "canvas \(width)x\(height) is out of range; each side must be 1…\(maximumSide) px")
    }
    return CanvasSize(width: width, height: height)
  }
}
