import WordFitCore
import WordFitImage
import WordFitText

/// The raster painter: marks composited onto a canvas in order, text from live fonts (their
/// glyph bitmaps, cached per size), so the pixels of a drawing are what every renderer measured
/// and laid out.
package struct RasterPainter: Painter {
  /// The pixels painted so far.
  package var canvas: Canvas
  /// The live fonts of each text mark, in the order the marks come: the *n*-th text mark (a
  /// straight or a curved line) is drawn with `fonts[n]`, which its glyphs' font indices name.
  private let fonts: [[Font]]
  /// How many text marks have been painted.
  private var line = 0

  /// A painter onto `canvas` (already filled with the drawing's background).
  package init(canvas: Canvas, fonts: [[Font]]) {
    (self.canvas, self.fonts) = (canvas, fonts)
  }

  /// Composites `mark`; a text mark with no live fonts given is skipped (and still counted).
  ///
  /// - Throws: as `Canvas.draw(_:in:dark:light:)` for a QR code whose box is too small.
  /// - Complexity: O(the mark's area + its glyph bitmaps' area).
  package mutating func paint(_ mark: Drawing.Mark) throws {
    switch mark {
    case .fill(let box, let color): canvas.fill(box, color)
    case .box(let box, let shape, let color):
      canvas.composite(
        coverage: shape.coverage(width: box.width, height: box.height), maskWidth: box.width, maskHeight: box.height,
        atX: box.minX, y: box.minY, color: color)
    case .image(_, let pixels, let box):
      canvas.composite(
        premultipliedRGBA: pixels, imageWidth: box.width, imageHeight: box.height, atX: box.minX, y: box.minY)
    case .qrCode(let code, let box): try canvas.draw(code, in: box)
    case .text(let text, let color):
      if fonts.indices.contains(line) { canvas.draw(text.shaped, fonts: fonts[line], at: text.origin, color: color) }
      line += 1
    case .curvedText(let text, let color):
      if fonts.indices.contains(line) {
        canvas.draw(text.shaped, fonts: fonts[line], placements: text.placements, color: color)
      }
      line += 1
    }
  }
}

extension Canvas {
  /// Paints every mark of `drawing` in order onto this canvas (of the drawing's size, already
  /// filled with its background), through a ``RasterPainter``: the *n*-th line of text with the
  /// live fonts `fonts[n]`.
  ///
  /// - Throws: as ``RasterPainter/paint(_:)``.
  /// - Complexity: O(marks' area + glyph bitmap area).
  package mutating func paint(_ drawing: Drawing, fonts: [[Font]]) throws {
    try paint(drawing.marks, fonts: fonts)
  }

  /// Paints `mark` onto this canvas; a text mark is skipped (text needs its live fonts: see
  /// ``paint(_:fonts:)``).
  ///
  /// - Throws: as ``RasterPainter/paint(_:)``.
  package mutating func paint(_ mark: Drawing.Mark) throws {
    try paint([mark], fonts: [])
  }

  /// The painter borrows the pixels (no copy) and gives them back, thrown or not.
  private mutating func paint(_ marks: [Drawing.Mark], fonts: [[Font]]) throws {
    var painter = RasterPainter(
      canvas: Canvas(width: 0, height: 0, format: format, background: .transparent), fonts: fonts)
    swap(&self, &painter.canvas)
    defer { swap(&self, &painter.canvas) }
    try painter.paint(marks)
  }
}
