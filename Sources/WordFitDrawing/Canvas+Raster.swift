import Foundation
import WordFitCore
import WordFitImage
import WordFitText

extension Canvas {
  /// Composites each glyph of `shaped` at its pen position from `origin` (on the baseline), each
  /// from its font in `fonts`: outlines in `color`, colour glyphs (emoji) in their own colours.
  ///
  /// - Complexity: O(total glyph bitmap area).
  package mutating func draw(_ shaped: ShapedText, fonts: [Font], at origin: PixelPoint, color: Color) {
    let units = Int(shaped.size * 64)
    for glyph in shaped.glyphs where fonts.indices.contains(glyph.font) {
      guard let bitmap = fonts[glyph.font].bitmap(of: glyph.index, units: units, phase: glyph.phase) else { continue }
      let (x, y) = (origin.x + glyph.x + bitmap.left, origin.y + glyph.y - bitmap.top)
      if let pixels = bitmap.color {
        composite(premultipliedRGBA: pixels, imageWidth: bitmap.width, imageHeight: bitmap.rows, atX: x, y: y)
      } else {
        composite(
          coverage: bitmap.coverage, maskWidth: bitmap.width, maskHeight: bitmap.rows, atX: x, y: y, color: color)
      }
    }
  }

  /// Composites each glyph of `shaped` from `font` alone.
  package mutating func draw(_ shaped: ShapedText, font: Font, at origin: PixelPoint, color: Color) {
    draw(shaped, fonts: [font], at: origin, color: color)
  }
}

extension Canvas {
  /// Composites each glyph of `shaped` at its placement: outlines turned about their pen origin
  /// and rendered (never a turned bitmap); a colour glyph's bitmap upright, centred where its
  /// turned centre lands.
  ///
  /// - Complexity: O(total glyph bitmap area).
  package mutating func draw(
    _ shaped: ShapedText, fonts: [Font], placements: [Drawing.GlyphPlacement], color: Color
  ) {
    let units = Int(shaped.size * 64)
    for (glyph, place) in zip(shaped.glyphs, placements) where fonts.indices.contains(glyph.font) {
      let font = fonts[glyph.font]
      let (column, row) = (place.x.rounded(.down), place.y.rounded(.down))
      if font.isColor {
        guard let bitmap = font.bitmap(of: glyph.index, units: units, phase: glyph.phase), let pixels = bitmap.color
        else { continue }
        let corner = bitmap.uprightTopLeft(x: place.x, y: place.y, angle: place.angle)
        composite(
          premultipliedRGBA: pixels, imageWidth: bitmap.width, imageHeight: bitmap.rows, atX: corner.x, y: corner.y)
        continue
      }
      guard
        let bitmap = font.turnedBitmap(
          of: glyph.index, units: units, angle: place.angle, x: place.x - column, y: place.y - row)
      else { continue }
      composite(
        coverage: bitmap.coverage, maskWidth: bitmap.width, maskHeight: bitmap.rows, atX: Int(column) + bitmap.left,
        y: Int(row) - bitmap.top, color: color)
    }
  }
}
