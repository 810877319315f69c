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
