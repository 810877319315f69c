/// Paints a drawing's marks, in order, onto one surface: the raster (``RasterPainter``), an SVG
/// document (``SVGPainter``) or a PDF page (``PDFPagePainter``). Each painter answers every
/// mark in one exhaustive `switch`, so a new drawing capability — a new case of
/// ``Drawing/Mark`` — is a compile error in every painter until each draws it.
package protocol Painter {
  /// Paints `mark` over what is painted so far.
  ///
  /// - Throws: ``WordFitError`` when the mark cannot be drawn (a QR code's box too small, a
  ///   font that cannot be opened again).
  mutating func paint(_ mark: Drawing.Mark) throws
}

extension Painter {
  /// Paints every mark of `marks`, in order.
  ///
  /// - Complexity: O(marks), plus each mark's own cost.
  package mutating func paint(_ marks: [Drawing.Mark]) throws {
    for mark in marks { try paint(mark) }
  }
}
