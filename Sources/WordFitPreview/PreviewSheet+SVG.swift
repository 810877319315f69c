import WordFitCore
import WordFitDrawing
import WordFitImage

extension PreviewSheet {
  /// The sheet as an SVG document of the PNG's size: the same header, captions and frames (each
  /// caption's glyph outlines), and each cell's render as the drawing it was painted from, a
  /// nested `<svg>` scaled into its place and clipped to its screen, the text kept for search.
  ///
  /// - Throws: ``WordFitError`` when a font cannot be opened again; `.usage` for a sheet made
  ///   without its layout.
  /// - Complexity: O(cells' marks + glyphs + outline points).
  public func svg() throws -> [UInt8] {
    guard let layout else {
      throw WordFitError(.usage, "this preview sheet was not rendered by PreviewSheet.render; render it first")
    }
    let captions = try CaptionWriter()
    let painter = SVGPainter(width: layout.width, height: layout.height)
    painter.rectangle(
      PixelBox(minX: 0, minY: 0, maxX: layout.width, maxY: layout.height), PreviewSheetLayout.background)
    for piece in layout.headerPieces(captions: captions) { try paint(piece, drawing: nil, with: painter) }
    let columns = Swift.max(1, columns.count)
    for (index, cell) in cells.enumerated() {
      let scale = layout.request.scale
      let size = cell.drawing.map {
        (PreviewSheetLayout.scaled($0.width, by: scale), PreviewSheetLayout.scaled($0.height, by: scale))
      }
      let pieces = layout.pieces(
        of: cell, imageSize: size, row: index / columns, column: index % columns, captions: captions)
      for piece in pieces { try paint(piece, drawing: cell.drawing, with: painter) }
    }
    return painter.document()
  }

  /// The SVG painter of the sheet's pieces: a cell's drawing embedded in its box over the
  /// bezel's colour when its screen is not a rectangle (the raster paints the bezel around it).
  private func paint(_ piece: PreviewSheetLayout.Piece, drawing: Drawing?, with painter: SVGPainter) throws {
    switch piece {
    case .mark(let mark): try painter.paint(mark)
    case .cell(let box, let shape):
      guard let drawing else { return }
      if shape.outline(canvasWidth: box.width, canvasHeight: box.height) != nil {
        painter.rectangle(box, PreviewSheetLayout.bezel)
      }
      try painter.embed(drawing, in: box)
    }
  }
}
