/// How one line of text measures at one size, relative to its pen origin on the baseline.
public struct WordMetrics: Sendable, Equatable {
  /// The pen advance of the whole line, kerning included, in pixels.
  public var advance: Double
  /// The union of the glyph bitmaps exactly as they are drawn (y down, baseline at 0), or `nil`
  /// when nothing is inked (spaces only).
  public var inkBounds: PixelBox?

  /// The line's own vertical metrics when they differ from the measurer's (a line drawn
  /// partly in fallback fonts takes the largest of them), or `nil`.
  public var lineMetrics: LineMetrics?
  /// How far the line's end punctuation may hang past its right edge, in pixels
  /// (`--hang-punctuation`: a fraction of the punctuation's advance, at most the room beyond the
  /// line's box); ``horizontalExtent`` leaves out its whole pixels. 0 for none.
  public var hang: Double = 0

  /// Creates metrics from an advance and ink bounds, in pixels, and the line's own vertical
  /// metrics if it has them.
  public init(advance: Double, inkBounds: PixelBox?, lineMetrics: LineMetrics? = nil) {
    self.advance = advance
    self.inkBounds = inkBounds
    self.lineMetrics = lineMetrics
  }

  /// The horizontal span that must fit: the advance box from the pen origin to `⌈advance⌉`
  /// joined with the ink, in whole pixels relative to the pen origin. A negative advance (a
  /// font's shaping can produce one) extends the span to the left; a non-finite one counts as 0.
  public var horizontalExtent: ClosedRange<Int> {
    let end = advance.isFinite ? Int(Swift.max(-1e15, Swift.min(1e15, advance.rounded(.up)))) : 0
    var lower = Swift.min(0, end)
    var upper = Swift.max(0, end)
    if let ink = inkBounds {
      lower = Swift.min(lower, ink.minX)
      upper = Swift.max(upper, ink.maxX)
    }
    if hang > 0 { upper = Swift.max(lower, upper - Int(hang.rounded(.down))) }
    return lower...upper
  }

  /// The width of ``horizontalExtent``, in pixels.
  public var extentWidth: Int { horizontalExtent.upperBound - horizontalExtent.lowerBound }

  /// The ink's left and right edges before rounding, in pixels from the pen origin, when the
  /// measurer knows them (``inkBounds`` rounds them outward, by less than a pixel each).
  public var exactInk: ClosedRange<Double>? = nil

  /// The advance box joined with the unrounded ink, in pixels: what ``extentWidth`` rounds up
  /// (by less than 2 px). Without ``exactInk``, `extentWidth - 2`, a bound it never undercuts.
  public var exactExtentWidth: Double {
    guard advance.isFinite else { return Double(extentWidth - 2) }
    guard let ink = exactInk else { return inkBounds == nil ? Swift.abs(advance) : Double(extentWidth - 2) }
    return Swift.max(0, Swift.max(0, advance, ink.upperBound) - hang - Swift.min(0, advance, ink.lowerBound))
  }
}
