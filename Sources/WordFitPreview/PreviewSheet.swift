import Foundation
import WordFitCore
import WordFitDrawing
import WordFitImage
import WordFitLayout
import WordFitOutput
import WordFitText

/// Every variant of a layout — each canvas in each Dynamic Type size — rendered, checked and
/// composed into one sheet: rows are canvases, columns sizes, each cell the real render with
/// a caption (size in px and pt, what limited it) and a red frame where something is wrong.
///
/// The engine behind `wordfit preview`; each cell is exactly what `wordfit render` (or `stack`)
/// gives for that canvas and `--dynamic-type`.
public struct PreviewSheet: RenderedImage {
  /// The canvases (rows), as given.
  public var canvases: [String]
  /// The sizes.
  public var categories: [ContentSizeCategory]
  /// The columns: the sizes, each times each font scale when the sheet has them.
  public var columns: [PreviewColumn] = []
  /// The cells, row by row.
  public var cells: [PreviewCell]
  /// The composed sheet.
  public var image: Canvas
  /// Where everything goes on the sheet (for its SVG).
  var layout: PreviewSheetLayout? = nil
  /// The pixel format of its page's images (``PreviewRequest/imageFormat``).
  public var imageFormat = OutputFormat.png
  /// The composed sheet (``image``), as a rendered image.
  public var canvas: Canvas { image }

  /// Text chunks recorded in the sheet's PNG: the WordFit version, the canvases and sizes, and
  /// the summary.
  public var metadata: [(key: String, value: String)] {
    [
      ("Software", "WordFit \(wordFitVersion)"),
      ("WordFit-Preview", canvases.joined(separator: ",") + " × " + columns.map(\.title).joined(separator: ",")),
      ("WordFit-Summary", summary),
    ]
  }
  /// The primary font of the first render.
  public var fontName: String {
    cells.lazy.compactMap { $0.metadata.first { $0.key == "WordFit-Font" }?.value }.first ?? ""
  }
  /// Characters no font had, in any cell.
  public var missingCharacters: [Unicode.Scalar] = []
  /// Warnings from the renders, each once.
  public var warnings: [String] = []

  /// WordFit's writer with libdeflate at level 5, not the default run matcher: a sheet is
  /// dozens of renders with captions and frames, where searching for matches anywhere saves
  /// 7–15% of the bytes, and it is written once (see `Benchmarks/RESULTS.md`).
  public var preferredEncoder: PNGSettings.Encoder { .wordfit(level: 5) }

  /// The cells with `problem`.
  public func cells(with problem: PreviewProblem) -> [PreviewCell] { cells.filter { $0.problems.contains(problem) } }

  /// One line for a person: how many variants, and which are truncated, at the minimum scale
  /// or illegible (`3 of 60 variants truncated: 38mm xxxLarge, …`).
  public var summary: String {
    let available = cells.filter(\.isAvailable).count
    var parts: [String] = []
    for problem in PreviewProblem.allCases {
      let hit = cells(with: problem)
      guard !hit.isEmpty else { continue }
      let names = hit.prefix(6).map(\.name).joined(separator: ", ") + (hit.count > 6 ? ", …" : "")
      let what =
        switch problem {
        case .truncated: "truncated"
        case .minimumScale: "at the minimum scale"
        case .illegible: "below the legibility threshold"
        case .brokenWord: "with a word broken between characters"
        case .brokenPhrase: "with a phrase broken inside"
        case .cutByScreen: "cut by the round screen in a scrolled list"
        case .unchecked: "checked on no canvas"
        }
      parts.append("\(hit.count) of \(available) variants \(what): \(names)")
    }
    return parts.isEmpty
      ? "\(available) variants, none truncated, at the minimum scale or illegible" : parts.joined(separator: "; ")
  }

  /// Renders `request`'s layout on every canvas in every size and composes the sheet.
  ///
  /// - Throws: ``WordFitError`` for a bad canvas, size or scale, or for anything in the layout
  ///   that cannot be rendered.
  /// - Complexity: one render per cell, plus O(sheet area).
  public static func render(_ request: PreviewRequest) throws -> PreviewSheet {
    let canvasSizes = try request.validated()
    let layout = try checkBounds(request, canvases: canvasSizes)
    let renderer = LayoutRenderer()
    let captions = try CaptionWriter()
    var image = layout.makeSheet(captions: captions)
    var cells: [PreviewCell] = []
    for (row, (name, canvas)) in zip(request.canvases, canvasSizes).enumerated() {
      for (index, column) in request.columns.enumerated() {
        var cell = try cell(request, canvas: name, size: canvas, column: column, renderer: renderer)
        layout.draw(cell, image: cell.image, row: row, column: index, on: &image, captions: captions)
        if let render = cell.image, let folder = request.cellFolder {
          let format = PreviewSheet.pixelFormat(request.imageFormat)
          try AtomicFile.write(
            try PreviewSheet.encoded(render, metadata: cell.metadata, as: format),
            to: folder + "/" + PreviewSheet.fileName(of: cell, format: format))
        }
        if !request.keepsCellImages { cell.image = nil }
        cells.append(cell)
      }
    }
    var sheet = PreviewSheet(canvases: request.canvases, categories: request.categories, cells: cells, image: image)
    sheet.columns = request.columns
    sheet.imageFormat = PreviewSheet.pixelFormat(request.imageFormat)
    sheet.layout = layout
    for cell in cells {
      sheet.missingCharacters += cell.missingCharacters.filter { !sheet.missingCharacters.contains($0) }
      sheet.warnings += cell.warnings.filter { !sheet.warnings.contains($0) }
    }
    return sheet
  }

  /// Refuses, before any cell is rendered, a sheet over ``CanvasSize/maximumSide`` a side and
  /// cells whose renders add up to more than ``InputLimits/previewCellPixels`` (or one cell over
  /// ``InputLimits/previewSingleCellPixels``); the sheet's
  /// layout otherwise.
  @discardableResult
  static func checkBounds(_ request: PreviewRequest, canvases: [CanvasSize]) throws -> PreviewSheetLayout {
    let layout = try PreviewSheetLayout(request: request, canvases: canvases)
    let total = canvases.reduce(0) { sum, canvas in
      sum + request.columns.filter { canvas.watch == nil || $0.category.isWatchCategory }.count * canvas.width
        * canvas.height
    }
    guard total <= InputLimits.previewCellPixels else {
      throw WordFitError(
        .usage,
        "the preview's cells would hold \(total / 1_000_000) Mpx, over the \(InputLimits.previewCellPixels >> 20) Mpx a preview may render; give fewer or smaller canvases or fewer sizes",
        reason: .outOfRange(
          .canvas, value: "\(total) px", range: "at most \(InputLimits.previewCellPixels) px in all cells"))
    }
    if let largest = canvases.max(by: { $0.width * $0.height < $1.width * $1.height }),
      largest.width * largest.height > InputLimits.previewSingleCellPixels
    {
      throw WordFitError(
        .usage,
        "a preview cell of \(largest.width)x\(largest.height) px is over the \(InputLimits.previewSingleCellPixels >> 20) Mpx one cell may render (a render takes ~40 bytes a pixel before it is scaled); give a smaller canvas",
        reason: .outOfRange(
          .canvas, value: "\(largest.width)x\(largest.height)",
          range: "at most \(InputLimits.previewSingleCellPixels) px a cell"))
    }
    return layout
  }

  private static func cell(
    _ request: PreviewRequest, canvas name: String, size canvas: CanvasSize, column: PreviewColumn,
    renderer: LayoutRenderer
  ) throws -> PreviewCell {
    let category = column.category
    // Font scales are Wear OS's: an Apple Watch cell exists only in the ×1 column, unscaled.
    let appleWatch = canvas.watch.map { !$0.isWearOS } ?? false
    let scaled = column.fontScale.map { !appleWatch || $0 == 1 } ?? true
    var cell = PreviewCell(
      canvas: name, category: category, isAvailable: (canvas.watch == nil || category.isWatchCategory) && scaled)
    cell.fontScale = column.fontScale
    if canvas.watch?.isWearOS == true { cell.pointUnit = "sp" }
    if !scaled { cell.unavailableReason = "Wear OS font scale" }
    // A curved line follows a round screen's edge, an edge button sits at its bottom: other
    // screens have none.
    if request.layout.fields.needsRoundScreen, (request.layout.fields.shape ?? canvas.shape) != .circle {
      (cell.isAvailable, cell.unavailableReason) = (false, "not a round screen")
    }
    guard cell.isAvailable else { return cell }
    var layout = request.layout
    layout.setCanvas(name, category: category)
    if let scale = column.fontScale, !appleWatch { layout.fields.fontScale = scale }
    let (rendering, drawing) = try renderer.renderDrawn(layout)
    cell.drawing = drawing
    guard let fit = layout.fit(of: rendering) else { return cell }
    cell.size = fit.size
    cell.points = TextStyle.points(fit.size, on: canvas)
    let resolved = try layout.resolvedLayout()
    (cell.maximumSize, cell.shape) = (resolved.maximumSize, resolved.shape)
    cell.limit = fit.limit.phrase(
      limitingText: fit.limitingWordIndex.flatMap { fit.words.indices.contains($0) ? fit.words[$0] : nil },
      lineCount: fit.words.count, lineNoun: layout.lineNoun)
    let legible = request.minimumLegiblePoints ?? TextStyle.footnote.pointSize(onDefaultOf: canvas)
    cell.minimumLegiblePoints = legible
    if !fit.truncatedWordIndices.isEmpty || fit.lines.count < fit.words.count { cell.problems.append(.truncated) }
    if fit.limit == .minimumSize { cell.problems.append(.minimumScale) }
    if cell.points < legible { cell.problems.append(.illegible) }
    if fit.breakKinds.contains(.grapheme) { cell.problems.append(.brokenWord) }
    if fit.breakKinds.contains(.phrase) { cell.problems.append(.brokenPhrase) }
    cell.image = rendering.canvas
    cell.imageSize = (rendering.canvas.width, rendering.canvas.height)
    cell.metadata = rendering.metadata
    cell.missingCharacters = rendering.missingCharacters
    cell.warnings = rendering.warnings
    return cell
  }
}
