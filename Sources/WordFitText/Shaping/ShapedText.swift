import WordFitCore

/// One line of text turned into positioned glyphs at one size.
///
/// Pen positions accumulate advances and `kern`-table kerning in 26.6 fixed point; each glyph is
/// drawn at its pen position rounded to a whole pixel, and ``inkBounds`` is the union of the
/// glyph bitmaps at exactly those positions.
public struct ShapedText: Sendable, Equatable {
  /// A glyph and where its pen origin sits.
  public struct Glyph: Sendable, Equatable {
    /// The glyph index in the font (0 is `.notdef`).
    public var index: UInt32
    /// The pen origin, in whole pixels from the line's origin.
    public var x: Int
  }

  /// The text that was shaped.
  public var text: String
  /// The size it was shaped at, in pixels (a multiple of 1/64).
  public var size: Double
  /// The glyphs in drawing order.
  public var glyphs: [Glyph]
  /// The pen advance of the line, kerning included, in pixels.
  public var advance: Double
  /// The union of the glyph bitmaps as drawn (y down, baseline 0), or `nil` when nothing inks.
  public var inkBounds: PixelBox?
  /// Characters the font has no glyph for (drawn as `.notdef`).
  public var missingCharacters: [Unicode.Scalar]

  /// The metrics the fitting core uses.
  public var metrics: WordMetrics { WordMetrics(advance: advance, inkBounds: inkBounds) }
}
