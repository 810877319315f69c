/// An installed font fontconfig found: where it is and what it is called.
public struct FontDescription: Sendable, Hashable {
  /// The font file.
  public var path: String
  /// The face's index in a collection (`.ttc`), 0 for a single font.
  public var faceIndex: Int
  /// The family name, for example `Noto Sans CJK SC`.
  public var family: String
  /// The style name, for example `Bold`.
  public var style: String
  /// Whether the font draws in colour (emoji).
  public var isColor: Bool

  /// Describes a font file's face.
  public init(path: String, faceIndex: Int, family: String, style: String, isColor: Bool = false) {
    self.path = path
    self.faceIndex = faceIndex
    self.family = family
    self.style = style
    self.isColor = isColor
  }
}
