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
    /// The font that draws it: an index into the fonts of the ``FontCascade`` that shaped the
    /// line (0, the primary font, for a single font).
    public var font: Int = 0
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

  /// The number of clusters drawn (characters or ligatures shaped as one unit, counted per run).
  public var clusterCount = 0
  /// The fonts the glyphs come from, as indices into the cascade's fonts, in first use.
  public var fonts: [Int] = [0]
  /// The line's vertical metrics when it uses fonts besides the primary one: the largest
  /// ascender, descender and gap of the fonts it uses; `nil` for the primary font's own.
  public var lineMetrics: LineMetrics? = nil

  /// The metrics the fitting core uses.
  public var metrics: WordMetrics {
    var metrics = WordMetrics(advance: advance, inkBounds: inkBounds, lineMetrics: lineMetrics)
    metrics.exactInk = exactInk
    return metrics
  }
  /// The ink's left and right edges unrounded, in pixels from the pen origin (``inkBounds``
  /// rounds them outward), or `nil` when nothing is inked.
  public var exactInk: ClosedRange<Double>? = nil
  /// The runs the glyphs come in (one font, one direction each), in drawing order: what maps
  /// glyphs back to characters for text that can be selected (PDF).
  public var runs: [Run] = []

  /// A run of glyphs shaped from one piece of the text with one font in one direction.
  public struct Run: Sendable, Equatable {
    /// The run's glyphs: indices into ``ShapedText/glyphs``.
    public var glyphs: Range<Int>
    /// The characters the run draws, in UTF-8; each glyph's ``Glyph/cluster`` is an offset
    /// into it.
    public var utf8: [UInt8]
    /// Whether the run was shaped right to left (its glyphs go backwards through its text).
    public var isRightToLeft: Bool
  }
}

extension ShapedText {
  /// Places the glyphs of `design` at `units` (1/64 px), each run with its own font from
  /// `fonts`: pen positions accumulate the scaled advances in 26.6 fixed point and each glyph
  /// lands at its pen position plus offset, rounded as its font draws (see ``Font/shape(_:atSize:direction:)``).
  ///
  /// With `collectsGlyphs` false only the metrics are kept (no glyphs, runs or cluster count):
  /// what measuring needs, computed by the same arithmetic as drawing. `tracking` (26.6 px) is
  /// added to the pen before each cluster but the first (a new HarfBuzz cluster, or a new run),
  /// so the advance grows by (clusters − 1) × tracking and every glyph moves with its cluster.
  ///
  /// - Complexity: O(*g*) in the number of glyphs.
  static func lay(
    _ design: DesignShaping, text: String, fonts: [Font], units: Int, tracking: Int = 0,
    collectsGlyphs: Bool = true
  ) -> ShapedText {
    var glyphs: [Glyph] = []
    if collectsGlyphs { glyphs.reserveCapacity(design.runs.reduce(0) { $0 + $1.glyphs.count }) }
    var pen = 0
    var ink: PixelBox? = nil
    var exactInk: (left: Int, right: Int)? = nil
    var used: [Int] = []
    var clusters = 0
    var runs: [Run] = []
    var tracker = ClusterTracking(units: tracking)
    for (runIndex, run) in design.runs.enumerated() {
      if collectsGlyphs {
        runs.append(
          Run(
            glyphs: glyphs.count..<(glyphs.count + run.glyphs.count), utf8: run.utf8,
            isRightToLeft: run.direction == .rightToLeft))
        clusters += Set(run.glyphs.map(\.cluster)).count
      }
      let font = fonts[run.font]
      font.selectSize(units)
      if !used.contains(run.font) { used.append(run.font) }
      let positions = font.scaledPositions(of: run, units: units)
      for (index, glyph) in run.glyphs.enumerated() {
        pen += tracker.space(before: glyph.cluster, inRun: runIndex)
        let offset: (x: Int, y: Int) =
          positions.map { ($0[index].x, $0[index].y) }
          ?? (font.scale(glyph.xOffset, units: units), font.scale(glyph.yOffset, units: units))
        let (x, phase) = font.place(pen + offset.x)
        let y = -((offset.y + 32) >> 6)
        let box = font.box(of: glyph.id, units: units, phase: phase)
        if let glyphInk = box.ink?.offsetBy(dx: x, dy: y) {
          ink = ink.map { $0.union(glyphInk) } ?? glyphInk
        }
        if let exact = box.exactInk26_6 {
          let (left, right) = (x * 64 + exact.left, x * 64 + exact.right)
          exactInk = exactInk.map { (Swift.min($0.left, left), Swift.max($0.right, right)) } ?? (left, right)
        }
        if collectsGlyphs {
          glyphs.append(Glyph(index: glyph.id, x: x, y: y, phase: phase, cluster: glyph.cluster, font: run.font))
        }
        pen += positions?[index].advance ?? font.advance(glyph, hinted: box.advance26_6, units: units)
      }
    }
    var shaped = ShapedText(
      text: text, size: Double(units) / 64, glyphs: glyphs, advance: Double(pen) / 64, inkBounds: ink,
      missingCharacters: design.missingCharacters, direction: design.direction, scripts: design.scripts)
    shaped.exactInk = exactInk.map { Double($0.left) / 64...Double($0.right) / 64 }
    shaped.fonts = used.isEmpty ? [0] : used
    shaped.clusterCount = clusters
    shaped.runs = runs
    if used.contains(where: { $0 != 0 }) {
      shaped.lineMetrics = used.map { fonts[$0].lineMetrics(atSize: Double(units) / 64) }.reduce(
        fonts[0].lineMetrics(atSize: Double(units) / 64)
      ) { $0.union($1) }
    }
    return shaped
  }
}

/// The tracking a line's pen takes before each glyph: `units` (26.6 px) before the first glyph
/// of every cluster but the line's first (a new HarfBuzz cluster, or a new run), else nothing.
struct ClusterTracking {
  let units: Int
  private var previous: (run: Int, cluster: Int)? = nil

  init(units: Int) { self.units = units }

  /// The space before a glyph of `cluster` in run `run`, in 26.6 px.
  mutating func space(before cluster: Int, inRun run: Int) -> Int {
    guard units != 0 else { return 0 }
    defer { previous = (run, cluster) }
    guard let previous, previous.run != run || previous.cluster != cluster else { return 0 }
    return units
  }
}
