import WordFitCore

/// One line of text turned into positioned glyphs at one size.
///
/// Pen positions accumulate HarfBuzz's advances (kerning included) in 26.6 fixed point; each
/// glyph is drawn at its pen position plus its offset, rounded to whole pixels, and
/// ``inkBounds`` is the union of the glyph bitmaps at exactly those positions.
public struct ShapedText: Sendable, Equatable {
  /// A glyph and where its pen origin sits.
  public struct Glyph: Sendable, Equatable {
    /// The glyph index in the font (0 is `.notdef`).
    public var index: UInt32
    /// The glyph's origin, in whole pixels right of the line's origin.
    public var x: Int
    /// The glyph's origin, in whole pixels below the baseline (marks placed above are negative).
    public var y: Int
    /// The quarter pixels (0 … 3) the outline is shifted right of ``x`` (always 0 with light
    /// hinting).
    public var phase: Int
    /// The UTF-8 offset, within its run, of the first character the glyph draws.
    public var cluster: Int
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
  /// The line's paragraph direction (from its first strong character unless one was asked for).
  public var direction: LineDirection
  /// The scripts HarfBuzz shaped the runs as, ISO 15924 tags such as `Latn`, `Arab`.
  public var scripts: [String]

  /// The metrics the fitting core uses.
  public var metrics: WordMetrics { WordMetrics(advance: advance, inkBounds: inkBounds) }
}
