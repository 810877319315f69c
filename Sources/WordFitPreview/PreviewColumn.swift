import WordFitCore

/// One column of a preview sheet: a Dynamic Type size, and a Wear OS font scale when the sheet
/// has them (`--font-scales`).
public struct PreviewColumn: Sendable, Equatable {
  /// The Dynamic Type size the style is read in.
  public var category: ContentSizeCategory
  /// The Wear OS font scale, or `nil` for none (1).
  public var fontScale: Double?
  /// Whether the sheet is of Wear OS screens only: the column is its font scale alone.
  public var isWear: Bool

  /// A column for `category` at `fontScale`; `isWear` when the sheet has Wear OS screens only.
  public init(category: ContentSizeCategory, fontScale: Double? = nil, isWear: Bool = false) {
    self.category = category
    self.fontScale = fontScale
    self.isWear = isWear
  }

  /// The column's heading: `xLarge`, `Large ×1.24` with a font scale, or `font scale ×1.24` on
  /// a sheet of Wear OS screens.
  public var title: String {
    if isWear, let fontScale { return "font scale ×\(TextFormatting.pixels(fontScale))" }
    return fontScale.map { "\(category.rawValue) ×\(TextFormatting.pixels($0))" } ?? category.rawValue
  }

  /// The column's part of a cell's file name: `xLarge`, `Large-x1.24`, or `x1.24` on a sheet of
  /// Wear OS screens.
  var fileTag: String {
    if isWear, let fontScale { return "x\(TextFormatting.pixels(fontScale))" }
    return fontScale.map { "\(category.rawValue)-x\(TextFormatting.pixels($0))" } ?? category.rawValue
  }
}
