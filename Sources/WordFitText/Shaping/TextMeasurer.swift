import WordFitCore

/// Measures text for the fitting engine exactly as it is drawn: shaped by a ``Font`` in a
/// paragraph direction (`nil`: each text's first strong character).
public struct TextMeasurer: WordMeasuring {
  /// The font that shapes, measures and draws.
  public let font: Font
  /// The paragraph direction, or `nil` for each text's own.
  public let direction: LineDirection?

  /// A measurer for `font` in `direction`.
  public init(font: Font, direction: LineDirection? = nil) {
    self.font = font
    self.direction = direction
  }

  /// The advance of `text` in ems, for the search's first estimate.
  public func unscaledAdvance(of text: String) -> Double { font.unscaledAdvance(of: text) }

  /// The font's line metrics at `size` pixels.
  public func lineMetrics(atSize size: Double) -> LineMetrics { font.lineMetrics(atSize: size) }

  /// The metrics of `text` shaped at `size` pixels in this measurer's direction.
  public func metrics(of text: String, atSize size: Double) -> WordMetrics {
    font.shape(text, atSize: size, direction: direction).metrics
  }
}
