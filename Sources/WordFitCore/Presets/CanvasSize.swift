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
  /// The screen's outline: the preset's (a circle for round watches), else a rectangle.
  public var shape: CanvasShape { watch?.shape ?? .rectangle }
  /// Pixels per point: 2 on a watch (drawn at @2x, as the watch's screen is), 1 on a `WxH`
  /// canvas. The one place WordFit's @2x rule is written.
  public var pixelsPerPoint: Int { watch == nil ? 1 : 2 }

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
      throw WordFitError.notOneOf(
        .canvas, text, choices: WatchCanvas.presets.map(\.name) + ["WIDTHxHEIGHT in pixels such as 390x844"])
    }
    guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
      throw WordFitError.outOfRange(.canvas, "\(width)x\(height)", range: "1…\(maximumSide) px a side")
    }
    return CanvasSize(width: width, height: height)
  }
}
