import WordFitCore
import WordFitLayout
import WordFitOutput

/// What a preview sheet shows: one layout on each canvas in each Dynamic Type size.
public struct PreviewRequest: Sendable {
  /// The layout: its text or labels, font, style and every other parameter; its canvas and
  /// Dynamic Type size are replaced by each cell's.
  public var layout: LayoutSpec
  /// The canvases, one row each: watch presets or `WxH` (default: the ten Apple Watches; for a
  /// `curved` layout, the round Wear OS screens).
  public var canvases: [String] = WatchCanvas.all.map(\.name)
  /// The Dynamic Type sizes, one column each (default: the six watch sizes).
  public var categories: [ContentSizeCategory] = ContentSizeCategory.watchCategories
  /// Wear OS font scales (0.94…1.24): with any, each Dynamic Type size gets one column per
  /// scale (Android Studio's `WearPreviewFontScales`: 0.94, 1, 1.06, 1.12, 1.18, 1.24).
  public var fontScales: [Double] = []
  /// How large each cell's image is drawn on the sheet, in (0, 1] (1: its true pixel size).
  public var scale: Double = 1
  /// Text smaller than this, in points, is marked illegible; `nil`: each canvas's `footnote`
  /// size in its default Dynamic Type size (14 pt on a 45mm watch, 13 pt on `WxH`).
  public var minimumLegiblePoints: Double? = nil

  /// Whether each cell keeps its full-size render in ``PreviewCell/image`` (memory for every
  /// cell); by default each is dropped once drawn onto the sheet.
  public var keepsCellImages = false
  /// A folder each cell's render is written to as a PNG (`45mm-xLarge.png`) as soon as it is
  /// drawn, for the page ``PreviewSheet/writePage(to:title:)`` writes; `nil` for none.
  public var cellFolder: String? = nil
  /// The pixel format of the page's images (each cell's in ``cellFolder``, the sheet's):
  /// ``OutputFormat/png`` (the default) or ``OutputFormat/webp``; a format made from the
  /// drawing is written as PNG.
  public var imageFormat = OutputFormat.png

  /// A request for `layout` on the default canvases and sizes.
  public init(layout: LayoutSpec) {
    self.layout = layout
    if layout.fields.needsRoundScreen { canvases = WatchCanvas.round.map(\.name) }
  }

  /// Android Studio's `WearPreviewFontScales`, the columns of a sheet of Wear OS screens only.
  public static let wearFontScales = [0.94, 1, 1.06, 1.12, 1.18, 1.24]

  /// Whether every canvas is a Wear OS screen, whose text follows the font scale, never Dynamic
  /// Type.
  public var isWearOnly: Bool {
    canvases.allSatisfy { name in WatchCanvas.round.contains { $0.name == name } }
  }

  /// The columns: each size, times each font scale when there are any; on Wear OS screens only,
  /// one column a font scale (given, or ``wearFontScales``) and no Dynamic Type.
  public var columns: [PreviewColumn] {
    if isWearOnly {
      return (fontScales.isEmpty ? Self.wearFontScales : fontScales).map {
        PreviewColumn(category: .large, fontScale: $0, isWear: true)
      }
    }
    guard !fontScales.isEmpty else { return categories.map { PreviewColumn(category: $0) } }
    return categories.flatMap { category in fontScales.map { PreviewColumn(category: category, fontScale: $0) } }
  }

  /// Checks the canvases, sizes and scale.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the parameter.
  public func validated() throws -> [CanvasSize] {
    guard !canvases.isEmpty else {
      throw WordFitError(
        .usage, "no canvases; give at least one", reason: .malformed(.canvas, value: "", expected: "a canvas"))
    }
    guard !categories.isEmpty else {
      throw WordFitError(
        .usage, "no Dynamic Type sizes; give at least one",
        reason: .malformed(.dynamicType, value: "", expected: "a Dynamic Type size"))
    }
    if let bad = fontScales.first(where: { !($0.isFinite && (0.94...1.24).contains($0)) }) {
      throw WordFitError.outOfRange(.fontScale, bad, range: "0.94…1.24 (Wear OS's font scales)")
    }
    guard scale > 0, scale <= 1, canvases.count * columns.count <= Self.maximumCells else {
      throw WordFitError.outOfRange(.scale, scale, range: "(0, 1], with at most \(Self.maximumCells) cells")
    }
    if let points = minimumLegiblePoints, !(points.isFinite && points >= 0 && points <= 1000) {
      throw WordFitError.outOfRange(.minLegible, points, range: "0…1000", unit: "pt")
    }
    return try canvases.map(CanvasSize.parse)
  }

  /// The most cells a sheet has (canvases × sizes).
  public static let maximumCells = 400
}
