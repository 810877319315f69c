/// The edge of a round screen a curved line follows.
public enum ArcSide: String, Sendable, Codable, CaseIterable {
  /// Along the top of the bezel, reading clockwise, the glyphs' tops toward the edge (Wear OS's
  /// `TimeText` and curved titles).
  case top
  /// Along the bottom, reading counter-clockwise so the text stays upright, the glyphs' tops
  /// toward the centre.
  case bottom
}
