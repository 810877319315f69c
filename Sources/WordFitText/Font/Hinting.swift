/// How glyph outlines are fitted to the pixel grid.
public enum Hinting: String, Sendable, Codable, CaseIterable {
  /// Unhinted outlines at fractional advances, each glyph placed at its fractional x (to a
  /// quarter pixel): how CoreText lays text out on the watch. The default.
  case none
  /// FreeType's light autohinting (vertical only) and whole-pixel advances: crisper small text.
  case light
}
