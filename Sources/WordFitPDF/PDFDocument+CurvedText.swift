import CCairo
import Foundation
import WordFitCore
import WordFitImage
import WordFitText

extension PDFDocument {
  /// Draws `shaped` glyph by glyph at `placements` (drawing units): each outline glyph as text
  /// turned about its pen origin, the first glyph of each cluster carrying the cluster's
  /// characters (so the text can be searched and extracted); colour glyphs as upright images
  /// centred where their turned centre lands, as the raster draws them.
  ///
  /// - Throws: ``WordFitError`` when a font cannot be opened again.
  /// - Complexity: O(*g*) in the number of glyphs.
  public func draw(
    _ shaped: ShapedText, fonts identities: [FontIdentity], placements: [(x: Double, y: Double, angle: Double)],
    color: Color
  ) throws {
    guard let pdf else { return }
    let units = Int(shaped.size * 64)
    for run in shaped.runs {
      let clusters = Set(shaped.glyphs[run.glyphs].map(\.cluster)).sorted()
      var started = Set<Int>()
      for index in run.glyphs where placements.indices.contains(index) {
        let (glyph, place) = (shaped.glyphs[index], placements[index])
        guard identities.indices.contains(glyph.font) else { continue }
        let (font, number) = try self.font(identities[glyph.font])
        if font.isColor {
          drawUprightColorGlyph(glyph, of: font, identity: identities[glyph.font], units: units, at: place)
          continue
        }
        let end = clusters.first { $0 > glyph.cluster } ?? run.utf8.count
        let owns = started.insert(glyph.cluster).inserted && glyph.cluster < end && end <= run.utf8.count
        let text = owns ? PDFDocument.cairoText(Array(run.utf8[glyph.cluster..<end])) : []
        var placed = [wf_pdf_glyph(index: UInt(glyph.index), x: 0, y: 0)]
        var (bytes, glyphs) = ([Int32(text.count)], [Int32(1)])
        noteUse(ofFont: number)
        wf_pdf_save_turned(pdf, place.x, place.y, place.angle)
        text.withUnsafeBufferPointer { utf8 in
          utf8.withMemoryRebound(to: CChar.self) { characters in
            wf_pdf_show_glyphs(
              pdf, number, shaped.size, &placed, 1, text.isEmpty ? nil : characters.baseAddress, Int32(text.count),
              &bytes, &glyphs, text.isEmpty ? 0 : 1, color.pdf)
          }
        }
        wf_pdf_restore(pdf)
      }
    }
  }

  /// A colour glyph of a curved line: its bitmap upright, centred where its turned centre lands.
  private func drawUprightColorGlyph(
    _ glyph: ShapedText.Glyph, of font: Font, identity: FontIdentity, units: Int,
    at place: (x: Double, y: Double, angle: Double)
  ) {
    guard let bitmap = font.bitmap(of: glyph.index, units: units, phase: glyph.phase), let pixels = bitmap.color
    else { return }
    let (x, y) = bitmap.uprightTopLeft(x: place.x, y: place.y, angle: place.angle)
    drawImage(
      key: "glyph \(identity.path) \(identity.faceIndex) \(glyph.index) \(units)", premultipliedRGBA: pixels,
      width: bitmap.width, height: bitmap.rows,
      in: PixelBox(minX: x, minY: y, maxX: x + bitmap.width, maxY: y + bitmap.rows))
  }
}
