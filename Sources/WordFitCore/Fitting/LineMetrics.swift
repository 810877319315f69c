/// Vertical metrics of a line of text at one size, in pixels.
public struct LineMetrics: Sendable, Equatable {
  /// Distance from the top of the line box to the baseline, in pixels.
  public var ascender: Double
  /// Distance from the baseline down to the bottom of the glyph area (positive), in pixels.
  public var descender: Double
  /// Extra space the font asks for below each line, in pixels.
  public var lineGap: Double
  /// The height of capital letters above the baseline (the font's OS/2 `sCapHeight`, else the
  /// top of "H"), in pixels; 0 when unknown. What ``TextBoxTrim/capAlphabetic`` trims to.
  public var capHeight: Double

  /// Creates line metrics, in pixels.
  public init(ascender: Double, descender: Double, lineGap: Double, capHeight: Double = 0) {
    self.ascender = ascender
    self.descender = descender
    self.lineGap = lineGap
    self.capHeight = capHeight
  }

  /// The height of one line box: ascender + descender + line gap, in pixels.
  public var lineHeight: Double { ascender + descender + lineGap }

  /// Metrics tall enough for both: the larger ascender, descender and line gap.
  public func union(_ other: LineMetrics) -> LineMetrics {
    LineMetrics(
      ascender: Swift.max(ascender, other.ascender), descender: Swift.max(descender, other.descender),
      lineGap: Swift.max(lineGap, other.lineGap), capHeight: Swift.max(capHeight, other.capHeight))
  }
}
