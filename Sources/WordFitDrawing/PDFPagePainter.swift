import WordFitCore
import WordFitImage
import WordFitPDF

/// The PDF painter: marks drawn onto the page of a ``PDFDocument`` already placed where the
/// drawing goes (``PDFDocument/draw(_:at:bleed:clips:turned:)`` places it): fills that touch the
/// drawing's edge reach `bleed` px past it, text as the fonts' glyphs (searchable), images
/// embedded once per key.
package struct PDFPagePainter: Painter {
  /// The document whose current page is drawn on.
  private let document: PDFDocument
  /// How far past the drawing's edges an edge-touching fill reaches, in px.
  private let bleed: Int
  /// The drawing's size, in px.
  private let drawingWidth: Int
  private let drawingHeight: Int

  /// A painter onto `document`'s current placement, for a drawing of `drawingWidth` ×
  /// `drawingHeight` px with `bleed` px of bleed.
  package init(document: PDFDocument, bleed: Int, drawingWidth: Int, drawingHeight: Int) {
    (self.document, self.bleed) = (document, bleed)
    (self.drawingWidth, self.drawingHeight) = (drawingWidth, drawingHeight)
  }

  /// Draws `mark` on the page.
  ///
  /// - Throws: ``WordFitError`` when a font cannot be opened again, or a QR code's box is too
  ///   small.
  /// - Complexity: O(the mark's glyphs or modules).
  package mutating func paint(_ mark: Drawing.Mark) throws {
    switch mark {
    case .fill(let box, let color): document.fill([reaching(box)], color)
    case .box(let box, let shape, let color):
      document.fill(box, cornerRadius: shape.radius(width: box.width, height: box.height), color)
    case .image(let key, let pixels, let box):
      document.drawImage(key: key, premultipliedRGBA: pixels, width: box.width, height: box.height, in: box)
    case .qrCode(let code, let box): try document.draw(code, in: box)
    case .text(let line, let color):
      try document.draw(
        line.shaped, fonts: line.fonts, at: (Double(line.origin.x), Double(line.origin.y)), color: color)
    case .curvedText(let line, let color):
      try document.draw(
        line.shaped, fonts: line.fonts, placements: line.placements.map { ($0.x, $0.y, $0.angle) }, color: color)
    }
  }

  /// `box`, its sides that touch the drawing's edges moved out to the bleed's.
  private func reaching(_ box: PixelBox) -> PixelBox {
    PixelBox(
      minX: box.minX <= 0 ? -bleed : box.minX, minY: box.minY <= 0 ? -bleed : box.minY,
      maxX: box.maxX >= drawingWidth ? drawingWidth + bleed : box.maxX,
      maxY: box.maxY >= drawingHeight ? drawingHeight + bleed : box.maxY)
  }
}
