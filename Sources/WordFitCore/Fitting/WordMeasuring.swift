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
  /// The grid glyphs are placed on, in pixels: 1 when they sit on whole pixels (hinted, or
  /// colour bitmaps), ¼ for quarter-pixel placement. It bounds how much a line's unrounded
  /// extent can shrink at a larger size, so the search knows when no larger size can fit.
  var positionStep: Double { get }
}

extension WordMeasuring {
  /// Whole pixels, the cautious answer for a measurer that does not say.
  public var positionStep: Double { 1 }
}
