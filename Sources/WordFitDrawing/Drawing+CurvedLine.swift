import WordFitCore
import WordFitText

extension Drawing {
  /// A line of shaped text set along a curve: each glyph drawn from its own pen origin, turned
  /// about it (the `curved` layout along a round screen's edge).
  public struct CurvedLine: Sendable {
    /// A line of `shaped` text whose *n*-th glyph is drawn at `placements[n]`, from `fonts`.
    public init(shaped: ShapedText, fonts: [FontIdentity], placements: [GlyphPlacement]) {
      (self.shaped, self.fonts, self.placements) = (shaped, fonts, placements)
    }

    /// The glyphs, their advances and the runs they come from.
    public var shaped: ShapedText
    /// The fonts the glyphs name (``ShapedText/Glyph/font``), as set at the line's size.
    public var fonts: [FontIdentity]
    /// Where each glyph's pen origin lands and how it is turned, one per glyph.
    public var placements: [GlyphPlacement]

    /// The line moved `dx`, `dy` px.
    ///
    /// - Complexity: O(glyphs).
    public func offsetBy(dx: Double, dy: Double) -> CurvedLine {
      var moved = self
      moved.placements = placements.map { GlyphPlacement(x: $0.x + dx, y: $0.y + dy, angle: $0.angle) }
      return moved
    }
  }

  /// Where one glyph of a curved line is drawn: its pen origin in the drawing, in pixels
  /// (unrounded), and its outline turned clockwise about it.
  public struct GlyphPlacement: Sendable, Equatable {
    /// The pen origin, in pixels from the drawing's left edge.
    public var x: Double
    /// The pen origin, in pixels from the drawing's top edge (on the glyph's baseline).
    public var y: Double
    /// The clockwise turn of the glyph about its pen origin, in radians.
    public var angle: Double

    /// A glyph drawn from (`x`, `y`) turned clockwise by `angle` radians.
    public init(x: Double, y: Double, angle: Double) {
      (self.x, self.y, self.angle) = (x, y, angle)
    }
  }
}
