/// How one line of text measures at one size, relative to its pen origin on the baseline.
public struct WordMetrics: Sendable, Equatable {
  /// The pen advance of the whole line, kerning included, in pixels.
  public var advance: Double
  /// The union of the glyph bitmaps exactly as they are drawn (y down, baseline at 0), or `nil`
  /// when nothing is inked (spaces only).
  public var inkBounds: PixelBox?

  /// Creates metrics from an advance and ink bounds, in pixels.
  public init(advance: Double, inkBounds: PixelBox?) {
    self.advance = advance
    self.inkBounds = inkBounds
  }

  /// The horizontal span that must fit: the advance box `[0, ⌈advance⌉)` joined with the ink,
  /// in whole pixels relative to the pen origin.
  public var horizontalExtent: ClosedRange<Int> {
    var lower = 0
    var upper = Int(advance.rounded(.up))
    if let ink = inkBounds {
      lower = Swift.min(lower, ink.minX)
      upper = Swift.max(upper, ink.maxX)
    }
    return lower...upper
  }

  /// The width of ``horizontalExtent``, in pixels.
  public var extentWidth: Int { horizontalExtent.upperBound - horizontalExtent.lowerBound }
}
