/// A line of text as a curved layout measures it: its advance, its font's vertical metrics and
/// each inked glyph's box around the point it turns about.
///
/// Every length is in pixels at one size; boxes are exactly the ones the painters draw within.
public struct ArcLine: Sendable, Equatable {
  /// One inked glyph.
  public struct Glyph: Sendable, Equatable {
    /// The point the glyph turns about, in pixels along the baseline from the line's pen start
    /// (the centre of its ink, left to right).
    public var pivot: Double
    /// The ink's left edge, in pixels from the pivot (negative: to its left).
    public var left: Double
    /// The ink's right edge, in pixels from the pivot.
    public var right: Double
    /// The ink's top, in pixels above the baseline.
    public var top: Double
    /// The ink's bottom, in pixels above the baseline (negative below it).
    public var bottom: Double

    /// A glyph turning about `pivot` with its ink from `left` to `right` and `bottom` to `top`.
    public init(pivot: Double, left: Double, right: Double, top: Double, bottom: Double) {
      (self.pivot, self.left, self.right, self.top, self.bottom) = (pivot, left, right, top, bottom)
    }
  }

  /// The pen advance of the line, tracking included, in pixels: its length along the baseline.
  public var advance: Double
  /// The font's ascender, in pixels above the baseline.
  public var ascender: Double
  /// The font's descender, in pixels below the baseline (positive).
  public var descender: Double
  /// The inked glyphs, in drawing order.
  public var glyphs: [Glyph]

  /// A line of `advance` px with the font's `ascender` and `descender` and its inked `glyphs`.
  public init(advance: Double, ascender: Double, descender: Double, glyphs: [Glyph]) {
    (self.advance, self.ascender, self.descender, self.glyphs) = (advance, ascender, descender, glyphs)
  }
}

/// Measures a line for a curved layout; WordFit's text measurer shapes it with the fonts that
/// draw it, tests use a fake.
public protocol ArcMeasuring {
  /// `text` on one line at `size` px (a multiple of 1/64), as it is drawn.
  func arcLine(of text: String, atSize size: Double) throws -> ArcLine
}
