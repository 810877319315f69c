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

/// Vertical metrics of a line of text at one size, in pixels.
public struct LineMetrics: Sendable, Equatable {
  /// Distance from the top of the line box to the baseline, in pixels.
  public var ascender: Double
  /// Distance from the baseline down to the bottom of the glyph area (positive), in pixels.
  public var descender: Double
  /// Extra space the font asks for below each line, in pixels.
  public var lineGap: Double

  /// Creates line metrics, in pixels.
  public init(ascender: Double, descender: Double, lineGap: Double) {
    self.ascender = ascender
    self.descender = descender
    self.lineGap = lineGap
  }

  /// The height of one line box: ascender + descender + line gap, in pixels.
  public var lineHeight: Double { ascender + descender + lineGap }
}

/// Measures text for the fitting core.
///
/// WordFit's ``Font`` measures with FreeType; tests use a fake. Every answer must be exactly what
/// the renderer draws, so a fit verified through this protocol still holds in the image.
public protocol WordMeasuring {
  /// The advance of `text` per pixel of font size (its advance in ems), for a first estimate.
  func unscaledAdvance(of text: String) -> Double
  /// Line metrics at `size` pixels (linear in size).
  func lineMetrics(atSize size: Double) -> LineMetrics
  /// The exact metrics of `text` drawn on one line at `size` pixels (a multiple of 1/64).
  func metrics(of text: String, atSize size: Double) -> WordMetrics
}
