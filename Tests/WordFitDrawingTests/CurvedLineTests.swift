import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitDrawing
@testable import WordFitImage
@testable import WordFitText

/// A curved line is a mark of its own: every painter and every transformation of a drawing
/// must answer for it (a bleed moved straight lines and left curved glyphs where they were when
/// the curve was an optional field of a straight line).
@Suite struct CurvedLineTests {
  /// "Curve" at 40 px, its glyphs climbing a gentle arc from (20, 120).
  static func drawing() throws -> (Drawing, Font) {
    let font = try Font(contentsOf: TestPaths.bold)
    let shaped = font.shape("Curve", atSize: 40)
    let placements = shaped.glyphs.enumerated().map { index, glyph in
      Drawing.GlyphPlacement(
        x: 20 + Double(glyph.x), y: 120 - Double(index * index) * 2.5, angle: -0.08 * Double(index))
    }
    var drawing = Drawing(width: 220, height: 160, background: .white)
    drawing.marks.append(
      .curvedText(
        Drawing.CurvedLine(shaped: shaped, fonts: [font.identity(atSize: 40)], placements: placements), .black))
    return (drawing, font)
  }

  @Test func aBleedMovesACurvedLineWithEverythingElse() throws {
    let (drawing, font) = try Self.drawing()
    let bleed = 6
    var plain = Canvas(width: drawing.width, height: drawing.height, format: .rgb, background: .white)
    try plain.paint(drawing, fonts: [[font]])
    let bled = drawing.withBleed(bleed)
    var wide = Canvas(width: bled.width, height: bled.height, format: .rgb, background: .white)
    try wide.paint(bled, fonts: [[font]])
    #expect(plain.pixels.contains { $0 < 128 }, "the curved line is drawn")
    var inner: [UInt8] = []
    for row in bleed..<(bleed + drawing.height) {
      let start = (row * wide.width + bleed) * 3
      inner += wide.pixels[start..<(start + drawing.width * 3)]
    }
    let differing = zip(inner, plain.pixels).filter { $0 != $1 }.count
    #expect(differing == 0, "the bled drawing's inside is the drawing, curved glyphs included")
  }

  @Test func everyPainterDrawsACurvedLine() throws {
    let (drawing, _) = try Self.drawing()
    let svg = String(decoding: try drawing.svg(), as: UTF8.self)
    #expect(svg.contains("rotate("), "each glyph turned about its pen origin")
    #expect(svg.contains(">Curve</text>"), "the text kept for search")
  }
}
