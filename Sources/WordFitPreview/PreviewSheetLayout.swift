import WordFitCore
import WordFitDrawing
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

  /// One thing on the sheet: a mark of the sheet's own (a caption, a frame), or the place of a
  /// cell's render (scaled to the box).
  enum Piece {
    case mark(Drawing.Mark)
    case cell(PixelBox, shape: CanvasShape)
  }

  /// The header of sizes and the column of canvases.
  func headerPieces(captions: CaptionWriter) -> [Piece] {
    var pieces: [Piece] = []
    var x = Self.margin + Self.rowLabel
    for (column, heading) in request.columns.enumerated() {
      pieces.append(
        captions.piece(heading.title, x: x + Self.gap, y: Self.margin + 16, width: widths[column], size: 13))
      x += widths[column] + Self.gap
    }
    for (row, canvas) in request.canvases.enumerated() {
      pieces.append(
        captions.piece(canvas, x: Self.margin, y: origin(row: row, column: 0).y + 14, width: Self.rowLabel, size: 13))
    }
    return pieces
  }

  /// The empty sheet with its header of sizes and its column of canvases.
  func makeSheet(captions: CaptionWriter) -> Canvas {
    var sheet = Canvas(width: width, height: height, format: .rgb, background: Self.background)
    paint(headerPieces(captions: captions), on: &sheet, image: nil, captions: captions)
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
    let scaled = image?.rgb(scaledBy: request.scale, over: Self.background)
    let pieces = self.pieces(
      of: cell, imageSize: scaled.map { ($0.width, $0.height) }, row: row, column: column, captions: captions)
    paint(pieces, on: &sheet, image: scaled, captions: captions)
  }

  /// The raster painter of the sheet's pieces: captions from the caption fonts, the cell's
  /// render blitted with the bezel around a round screen.
  private func paint(_ pieces: [Piece], on sheet: inout Canvas, image: Canvas?, captions: CaptionWriter) {
    for piece in pieces {
      switch piece {
      case .mark(.text(let line, let color)):
        sheet.draw(line.shaped, fonts: captions.cascade.fonts, at: line.origin, color: color)
      case .mark(let mark): try? sheet.paint(mark)
      case .cell(let box, let shape):
        guard let image else { continue }
        sheet.blit(image, atX: box.minX, y: box.minY)
        if let screen = shape.outline(canvasWidth: image.width, canvasHeight: image.height) {
          sheet.paintBezel(outside: screen.offsetBy(dx: box.minX, dy: box.minY), color: Self.bezel)
        }
      }
    }
  }

  /// A size to two decimals at most: `33.41`, `80`.
  static func short(_ value: Double) -> String {
    TextFormatting.pixels((value * 100).rounded() / 100)
  }

  /// A cell's pieces: its frame when something is wrong, its render of `imageSize` (as drawn,
  /// scaled), its captions; or, for a cell with no render, why.
  func pieces(
    of cell: PreviewCell, imageSize: (width: Int, height: Int)?, row: Int, column: Int, captions: CaptionWriter
  ) -> [Piece] {
    let (x, y) = origin(row: row, column: column)
    let width = widths[column]
    guard let image = imageSize else {
      return [captions.piece(cell.unavailableReason, x: x, y: y + 14, width: width, size: 11, color: Self.dim)]
    }
    var pieces: [Piece] = []
    if !cell.problems.isEmpty {
      let frame = PixelBox(minX: x - 3, minY: y - 3, maxX: x + image.width + 3, maxY: y + image.height + 3)
      pieces.append(.mark(.fill(frame, Self.marker)))
    }
    pieces.append(.cell(PixelBox(minX: x, minY: y, maxX: x + image.width, maxY: y + image.height), shape: cell.shape))
    var line = y + image.height + 15
    let size = "\(Self.short(cell.size)) px · \(Self.short(cell.points)) \(cell.pointUnit)"
    pieces.append(captions.piece(size, x: x, y: line, width: width, size: 11))
    line += Self.captionLine
    pieces.append(captions.piece(cell.limit, x: x, y: line, width: width, size: 11, color: Self.dim))
    line += Self.captionLine
    if !cell.problems.isEmpty {
      let words = cell.problems.map { $0.rawValue.uppercased() }.joined(separator: " · ")
      pieces.append(captions.piece(words, x: x, y: line, width: width, size: 11, color: Self.marker))
    }
    return pieces
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

  /// `text` truncated to `width` px at `size` px, as a line of the sheet's drawing with its pen
  /// at (`x`, `y`).
  func piece(
    _ text: String, x: Int, y: Int, width: Int, size: Double, color: Color = PreviewSheetLayout.text
  ) -> PreviewSheetLayout.Piece {
    let shaped = cascade.shape(cascade.truncation(of: text, atSize: size, toWidth: width).text, atSize: size)
    let fonts = cascade.fonts.map { $0.identity(atSize: size) }
    return .mark(.text(Drawing.Line(shaped: shaped, origin: PixelPoint(x: x, y: y), fonts: fonts), color))
  }
}
