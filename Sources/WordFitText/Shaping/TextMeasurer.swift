import WordFitCore

/// Measures text for the fitting engine exactly as it is drawn: shaped by a ``FontCascade`` in
/// a paragraph direction (`nil`: each text's first strong character).
public struct TextMeasurer: WordMeasuring {
  /// The fonts that shape, measure and draw.
  public let cascade: FontCascade
  /// The paragraph direction, or `nil` for each text's own.
  public let direction: LineDirection?
  /// The space added between clusters, by size.
  public let tracking: Tracking
  /// The line box each line is stacked in (a ``LineHeight`` on the canvas).
  public let lineBox: LineBox
  /// How far, in pixels, a left-to-right line's end punctuation may hang past its right edge
  /// (``WordMetrics/hang``); 0 for no hanging punctuation.
  public var hangingRoom: Double = 0

  /// A measurer for `cascade` in `direction`, with `tracking` between clusters and lines
  /// stacked in `lineBox`.
  public init(
    cascade: FontCascade, direction: LineDirection? = nil, tracking: Tracking = .none, lineBox: LineBox = .natural
  ) {
    self.cascade = cascade
    self.direction = direction
    self.tracking = tracking
    self.lineBox = lineBox
  }

  /// A measurer for `font` alone (no fallback) in `direction`.
  public init(font: Font, direction: LineDirection? = nil) {
    self.init(cascade: FontCascade(primary: font, fallback: .none), direction: direction)
  }

  /// The advance of `text` in ems, for the search's first estimate.
  public func unscaledAdvance(of text: String) -> Double { cascade.unscaledAdvance(of: text) }

  /// The primary font's line metrics at `size` pixels, in this measurer's line box.
  public func lineMetrics(atSize size: Double) -> LineMetrics {
    cascade.lineMetrics(atSize: size).boxed(lineBox, atSize: size)
  }

  /// Quarter pixels when every font of the cascade places glyphs on quarter pixels (unhinted
  /// outlines), else whole pixels (light hinting, colour bitmaps). A fallback font opened later
  /// can only make the answer whole pixels, the cautious one.
  public var positionStep: Double {
    cascade.fonts.allSatisfy { $0.hinting == .none && !$0.isColor } ? 0.25 : 1
  }

  /// The metrics of `text` shaped at `size` pixels in this measurer's direction.
  public func metrics(of text: String, atSize size: Double) -> WordMetrics {
    var metrics = cascade.metrics(of: text, atSize: size, direction: direction, tracking: tracking.pixels(atSize: size))
    metrics.lineMetrics = metrics.lineMetrics?.boxed(lineBox, atSize: size)
    if hangingRoom > 0, let last = text.last, let fraction = HangingPunctuation.fraction(of: last),
      (direction ?? LineDirection.ofParagraph(text)) == .leftToRight
    {
      let rest = cascade.metrics(
        of: String(text.dropLast()), atSize: size, direction: direction, tracking: tracking.pixels(atSize: size))
      metrics.hang = Swift.min(hangingRoom, Swift.max(0, fraction * (metrics.advance - rest.advance)))
    }
    return metrics
  }

  /// `text` shaped at `size` pixels as this measurer measures it (direction, tracking): the
  /// glyphs a renderer draws.
  ///
  /// - Complexity: O(*n*) in the text's length.
  public func shape(_ text: String, atSize size: Double, direction lineDirection: LineDirection? = nil) -> ShapedText {
    cascade.shape(
      text, atSize: size, direction: lineDirection ?? direction, tracking: tracking.pixels(atSize: size))
  }
}
