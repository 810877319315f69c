import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitText

/// Issue 38, 13: a COLRv0 glyph's box is the union of its layers' boxes, found without blending
/// a layer. Measuring used to blend every layer at every size a fit looked at (16 layers at
/// 600 px: 30 s); the box must still be exactly the one FreeType's blended bitmap has.
@Suite struct ColorGlyphBoxTests {
  let inputs = TestPaths.packageRoot + "/Tests/WordFitTests/Inputs/"

  /// 'B' of the COLR test font: two layers, its own outline and A's, in one colour.
  @Test func layersBoxEqualsTheBlendedBitmapsBox() throws {
    let font = try Font(contentsOf: inputs + "WordFitTestCOLRLayers.ttf")
    let glyph = font.glyphIndex(for: "B")
    var sizes = Array(stride(from: 64, through: 64 * 120, by: 37)) + [64 * 600 + 13, 64 * 333, 100, 1]
    sizes += (0..<64).map { 64 * 47 + $0 }
    for units in sizes {
      let rendered = font.colorBitmap(of: glyph, units: units)?.box
      let layers = font.colorLayersBox(of: glyph, units: units)
      #expect(layers != nil, "B has COLR layers")
      #expect(layers.flatMap { $0 } == rendered, "\(units)/64 px")
    }
  }

  /// A glyph without COLR layers (a bitmap strike's, an outline) has no layers box: it is
  /// rendered to be measured.
  @Test func glyphsWithoutLayersHaveNoLayersBox() throws {
    let emoji = try Font(contentsOf: TestPaths.fixtures + "/fonts/NotoColorEmoji-subset.ttf")
    let smile = emoji.glyphIndex(for: "\u{1F600}")
    #expect(smile != 0)
    let box = emoji.colorLayersBox(of: smile, units: 64 * 40)
    #expect(box == nil)
  }
}
