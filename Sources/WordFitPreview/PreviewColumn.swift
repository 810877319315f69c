import WordFitCore

/// One column of a preview sheet: a Dynamic Type size, and a Wear OS font scale when the sheet
/// has them (`--font-scales`).
public struct PreviewColumn: Sendable, Equatable {
  /// The Dynamic Type size the style is read in.
  public var category: ContentSizeCategory
  /// The Wear OS font scale, or `nil` for none (1).
  public var fontScale: Double?

  /// A column for `category` at `fontScale`.
  public init(category: ContentSizeCategory, fontScale: Double? = nil) {
    self.category = category
    self.fontScale = fontScale
  }

  /// The column's heading: `xLarge`, or `Large ×1.24` with a font scale.
  public var title: String {
    fontScale.map { "\(category.rawValue) ×\(TextFormatting.pixels($0))" } ?? category.rawValue
  }

  /// The column's part of a cell's file name: `xLarge`, or `Large-x1.24`.
  var fileTag: String {
    fontScale.map { "\(category.rawValue)-x\(TextFormatting.pixels($0))" } ?? category.rawValue
  }
}
