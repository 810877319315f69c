import WordFitCore
import WordFitImage
import WordFitLayout
import WordFitText

/// Where everything on a preview sheet goes, and drawing it: a header of sizes, a column of
/// canvases, and the cells with their captions.
struct PreviewSheetLayout {
  let request: PreviewRequest
  /// Each column's width and each row's height, in pixels.
  let widths: [Int]
  let heights: [Int]
  /// The sheet's size, in pixels.
  let width: Int
  let height: Int

  static let margin = 12
  static let gap = 12
  static let header = 26
  static let rowLabel = 96
  static let captionLine = 15
  static let captionLines = 3
  static let minimumCellWidth = 132
  static let background = Color(red: 28, green: 28, blue: 30)
  static let text = Color(red: 210, green: 210, blue: 215)
  static let dim = Color(red: 120, green: 120, blue: 128)
  static let marker = Color(red: 255, green: 69, blue: 58)
  /// Around a round screen: the watch's dark bezel.
  static let bezel = Color(red: 58, green: 58, blue: 60)

  /// The layout for `request` on `canvases`, from the size each cell's render will have (a
  /// render is its canvas's size), before anything is rendered.
  ///
  /// - Throws: ``WordFitError`` `.usage` for a sheet over ``CanvasSize/maximumSide`` a side.
  init(request: PreviewRequest, canvases: [CanvasSize]) throws {
    self.request = request
    let sizes = canvases.flatMap { canvas in
      request.columns.map { column in
        canvas.watch == nil || column.category.isWatchCategory
          ? (Self.scaled(canvas.width, by: request.scale), Self.scaled(canvas.height, by: request.scale)) : nil
      }
    }
    (widths, heights, width, height) = Self.measure(sizes, rows: canvases.count, columns: request.columns.count)
    try Self.checkSize(width: width, height: height, scale: request.scale)
  }

  /// A side of `side` pixels drawn at `scale` (as `Canvas.rgb(scaledBy:over:)` scales it).
  static func scaled(_ side: Int, by scale: Double) -> Int {
    scale < 1 ? Swift.max(1, Int((Double(side) * scale).rounded())) : side
  }

  /// The columns' widths, the rows' heights and the sheet's size for cells whose drawn images
  /// have `sizes` (`nil`: a cell with no image).
  static func measure(
    _ sizes: [(width: Int, height: Int)?], rows: Int, columns: Int
  ) -> (widths: [Int], heights: [Int], width: Int, height: Int) {
    let widths = (0..<columns).map { column in
      (0..<rows).compactMap { sizes[$0 * columns + column]?.width }.max().map { Swift.max($0, minimumCellWidth) }
        ?? minimumCellWidth
    }
    let heights = (0..<rows).map { row in
      ((0..<columns).compactMap { sizes[row * columns + $0]?.height }.max() ?? 60) + captionLine * captionLines + 6
    }
    let width = margin * 2 + rowLabel + widths.reduce(0, +) + gap * columns
    let height = margin * 2 + header + heights.reduce(0, +) + gap * rows
    return (widths, heights, width, height)
  }

  /// Throws unless a sheet of `width` × `height` px is at most ``CanvasSize/maximumSide`` a side.
  static func checkSize(width: Int, height: Int, scale: Double) throws {
    guard width > CanvasSize.maximumSide || height > CanvasSize.maximumSide else { return }
    throw WordFitError(
      .usage,
      "the preview sheet would be \(width)x\(height) px, over \(CanvasSize.maximumSide) a side; use a smaller scale or fewer canvases or sizes",
      reason: .outOfRange(
        .scale, value: TextFormatting.pixels(scale),
        range: "a scale that keeps the sheet under \(CanvasSize.maximumSide) px"))
  }

  /// The empty sheet with its header of sizes and its column of canvases.
  func makeSheet(captions: CaptionWriter) -> Canvas {
    var sheet = Canvas(width: width, height: height, format: .rgb, background: Self.background)
    var x = Self.margin + Self.rowLabel
    for (column, heading) in request.columns.enumerated() {
      captions.write(
        heading.title, on: &sheet, x: x + Self.gap, y: Self.margin + 16, width: widths[column], size: 13)
      x += widths[column] + Self.gap
    }
    for (row, canvas) in request.canvases.enumerated() {
      captions.write(
        canvas, on: &sheet, x: Self.margin, y: origin(row: row, column: 0).y + 14, width: Self.rowLabel, size: 13)
    }
    return sheet
  }

  /// The top-left corner of the cell in `row`, `column`.
  func origin(row: Int, column: Int) -> (x: Int, y: Int) {
    let x = Self.margin + Self.rowLabel + Self.gap + widths[..<column].reduce(0, +) + Self.gap * column
    let y = Self.margin + Self.header + Self.gap + heights[..<row].reduce(0, +) + Self.gap * row
    return (x, y)
  }

  /// Draws `cell` (its render `image`, full size, or `nil`) in its place on `sheet`.
  func draw(_ cell: PreviewCell, image: Canvas?, row: Int, column: Int, on sheet: inout Canvas, captions: CaptionWriter)
  {
    let (x, y) = origin(row: row, column: column)
    drawCell(
      cell, image: image?.rgb(scaledBy: request.scale, over: Self.background), on: &sheet, x: x, y: y,
      width: widths[column], captions: captions)
  }

  /// A size to two decimals at most: `33.41`, `80`.
  static func short(_ value: Double) -> String {
    TextFormatting.pixels((value * 100).rounded() / 100)
  }

  private func drawCell(
    _ cell: PreviewCell, image: Canvas?, on sheet: inout Canvas, x: Int, y: Int, width: Int, captions: CaptionWriter
  ) {
    guard let image else {
      captions.write(cell.unavailableReason, on: &sheet, x: x, y: y + 14, width: width, size: 11, color: Self.dim)
      return
    }
    if !cell.problems.isEmpty {
      sheet.fill(PixelBox(minX: x - 3, minY: y - 3, maxX: x + image.width + 3, maxY: y + image.height + 3), Self.marker)
    }
    sheet.blit(image, atX: x, y: y)
    if let screen = cell.shape.outline(canvasWidth: image.width, canvasHeight: image.height) {
      sheet.paintBezel(outside: screen.offsetBy(dx: x, dy: y), color: Self.bezel)
    }
    var line = y + image.height + 15
    let size = "\(Self.short(cell.size)) px · \(Self.short(cell.points)) pt"
    captions.write(size, on: &sheet, x: x, y: line, width: width, size: 11)
    line += Self.captionLine
    captions.write(cell.limit, on: &sheet, x: x, y: line, width: width, size: 11, color: Self.dim)
    line += Self.captionLine
    if !cell.problems.isEmpty {
      let words = cell.problems.map { $0.rawValue.uppercased() }.joined(separator: " · ")
      captions.write(words, on: &sheet, x: x, y: line, width: width, size: 11, color: Self.marker)
    }
  }
}

/// Draws one-line captions in the system font, regular (and fallback for other scripts),
/// truncated with "…" to a width.
struct CaptionWriter {
  let cascade: FontCascade

  init() throws {
    var layout = LayoutFields.words
    layout.weight = .regular
    cascade = try FontCache().cascade(for: try layout.resolved().fonts).cascade
  }

  func write(
    _ text: String, on canvas: inout Canvas, x: Int, y: Int, width: Int, size: Double,
    color: Color = PreviewSheetLayout.text
  ) {
    let fitted = cascade.truncation(of: text, atSize: size, toWidth: width).text
    canvas.draw(cascade.shape(fitted, atSize: size), fonts: cascade.fonts, at: PixelPoint(x: x, y: y), color: color)
  }
}
