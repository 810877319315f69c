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
    var painter = PDFPagePainter(
      document: self, bleed: bleed, drawingWidth: badge.width, drawingHeight: badge.height)
    try painter.paint(badge.marks)
  }
}
