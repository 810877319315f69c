import CCairo
import WordFitCore
import WordFitImage
import WordFitText

extension PDFDocument {
  /// Draws `shaped` with its pen origin at `origin` (drawing units, on the baseline), each run
  /// from its font in `fonts` (the identities of the cascade that shaped it): outline glyphs as
  /// text in `color`, with each run's characters mapped to its glyphs; colour glyphs (emoji) as
  /// images of the bitmaps the PNG draws.
  ///
  /// - Throws: ``WordFitError`` when a font cannot be opened again.
  /// - Complexity: O(*g*) in the number of glyphs.
  public func draw(
    _ shaped: ShapedText, fonts identities: [FontIdentity], at origin: (x: Double, y: Double), color: Color
  )
    throws
  {
    guard let pdf else { return }
    let units = Int(shaped.size * 64)
    for run in shaped.runs where !run.glyphs.isEmpty {
      let index = shaped.glyphs[run.glyphs.lowerBound].font
      guard identities.indices.contains(index) else { continue }
      let (font, number) = try self.font(identities[index])
      let glyphs = shaped.glyphs[run.glyphs]
      if font.isColor {
        drawColorGlyphs(glyphs, of: font, identity: identities[index], units: units, at: origin)
        continue
      }
      let placed = glyphs.map {
        wf_pdf_glyph(
          index: UInt($0.index), x: origin.x + Double($0.x) + Double($0.phase) / 4, y: origin.y + Double($0.y))
      }
      let clusters = PDFClusters(
        glyphs.map(\.cluster), text: PDFDocument.cairoText(run.utf8), rightToLeft: run.isRightToLeft)
      noteUse(ofFont: number)
      clusters.text.withUnsafeBufferPointer { utf8 in
        utf8.withMemoryRebound(to: CChar.self) { text in
          wf_pdf_show_glyphs(
            pdf, number, shaped.size, placed, Int32(placed.count), text.baseAddress, Int32(text.count),
            clusters.bytes, clusters.glyphs, Int32(clusters.bytes.count), color.pdf)
        }
      }
    }
  }

  /// The document's own copy of the font `identity` names (opened on this thread, so cairo and
  /// the renderers' fonts never share a FreeType face; its colour bitmaps are drawn from it)
  /// and its number in the PDF, whose face cairo owns.
  func font(_ identity: FontIdentity) throws -> (font: Font, number: Int32) {
    if let known = fonts[identity] { return known }
    guard let pdf else { throw WordFitError(.io, "the PDF \(path) is already finished") }
    let font = try Font(identity)
    let detached = try Font.detachedFace(identity)
    let number = wf_pdf_add_font(pdf, detached.face, detached.release)
    guard number >= 0 else {
      throw WordFitError(.io, "cairo could not take the font \(identity.path) for \(path) (out of memory)")
    }
    fonts[identity] = (font, number)
    return (font, number)
  }

  /// Colour glyphs as images, each bitmap embedded once per glyph and size.
  private func drawColorGlyphs(
    _ glyphs: ArraySlice<ShapedText.Glyph>, of font: Font, identity: FontIdentity, units: Int,
    at origin: (x: Double, y: Double)
  ) {
    for glyph in glyphs {
      guard let bitmap = font.bitmap(of: glyph.index, units: units, phase: glyph.phase), let pixels = bitmap.color
      else { continue }
      let x = Int(origin.x.rounded()) + glyph.x + bitmap.left
      let y = Int(origin.y.rounded()) + glyph.y - bitmap.top
      drawImage(
        key: "glyph \(identity.path) \(identity.faceIndex) \(glyph.index) \(units)", premultipliedRGBA: pixels,
        width: bitmap.width, height: bitmap.rows,
        in: PixelBox(minX: x, minY: y, maxX: x + bitmap.width, maxY: y + bitmap.rows))
    }
  }
}
