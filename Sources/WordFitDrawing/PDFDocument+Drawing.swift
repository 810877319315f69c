import WordFitCore
import WordFitImage
import WordFitPDF

extension PDFDocument {
  /// Draws `badge` with its top-left corner at `origin` (px from the page's top-left corner):
  /// the background and the fills that touch an edge reach `bleed` px past it, so a cut off the
  /// line leaves no white edge; everything is clipped to the bleed box when `clips` (a badge on
  /// a sheet; a page of its own needs no clip); `turned` draws it turned 180° in its place (a
  /// duplex back behind a sheet turned top over bottom).
  ///
  /// - Throws: ``WordFitError`` when a font cannot be opened again, or a QR code's box is too
  ///   small.
  /// - Complexity: O(marks + glyphs).
  public func draw(
    _ badge: Drawing, at origin: (x: Int, y: Int), bleed: Int, clips: Bool = true, turned: Bool = false
  ) throws {
    let bleedBox = PixelBox(minX: -bleed, minY: -bleed, maxX: badge.width + bleed, maxY: badge.height + bleed)
    place(x: Double(origin.x), y: Double(origin.y), clip: clips ? bleedBox : nil)
    if turned { turnHalfway(width: badge.width, height: badge.height) }
    fill([bleedBox], badge.background)
    let extend = { (box: PixelBox) -> PixelBox in
      PixelBox(
        minX: box.minX <= 0 ? -bleed : box.minX, minY: box.minY <= 0 ? -bleed : box.minY,
        maxX: box.maxX >= badge.width ? badge.width + bleed : box.maxX,
        maxY: box.maxY >= badge.height ? badge.height + bleed : box.maxY)
    }
    for mark in badge.marks {
      switch mark {
      case .fill(let box, let color): fill([extend(box)], color)
      case .box(let box, let shape, let color):
        fill(box, cornerRadius: shape.radius(width: box.width, height: box.height), color)
      case .image(let key, let pixels, let box):
        drawImage(key: key, premultipliedRGBA: pixels, width: box.width, height: box.height, in: box)
      case .qrCode(let code, let box): try draw(code, in: box)
      case .text(let line, let color):
        try draw(line.shaped, fonts: line.fonts, at: (Double(line.origin.x), Double(line.origin.y)), color: color)
      case .curvedText(let line, let color):
        try draw(
          line.shaped, fonts: line.fonts, placements: line.placements.map { ($0.x, $0.y, $0.angle) }, color: color)
      }
    }
  }
}
