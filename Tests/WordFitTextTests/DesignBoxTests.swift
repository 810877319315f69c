import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitText

/// Glyph boxes scaled from font units (``DesignBox``) against FreeType loading each glyph at
/// each size: the same boxes, pixel and unrounded, for every glyph of every static TrueType font
/// the project carries, at sizes on and off whole pixels and at every quarter-pixel phase.
@Suite struct DesignBoxTests {
  /// Sizes in 1/64 px: small, fractional, a badge's name sizes, and a large one.
  static let sizes = [
    6 * 64 + 1, 11 * 64 + 17, 24 * 64, 35 * 64 + 63, 68 * 64 + 5, 123 * 64 + 33, 260 * 64, 1000 * 64 + 7,
  ]

  static let fonts = [
    TestPaths.bold, TestPaths.regular,
    TestPaths.fixtures + "/fonts/NotoSans-Regular-subset.ttf",
    TestPaths.fixtures + "/fonts/NotoSansArabic-Regular-subset.ttf",
    TestPaths.fixtures + "/fonts/NotoSansBengali-Bold-subset.ttf",
    TestPaths.fixtures + "/fonts/NotoSansDevanagari-Regular-subset.ttf",
    TestPaths.fixtures + "/fonts/NotoSansHebrew-Regular-subset.ttf",
    TestPaths.fixtures + "/fonts/NotoSansThai-Regular-subset.ttf",
  ]

  @Test(arguments: fonts) func scaledBoxesAreFreeTypes(path: String) throws {
    let font = try Font(contentsOf: path)
    #expect(font.scalesDesignBoxes, "\(path) is a static TrueType font")
    // DejaVu has ~6,000 glyphs: every third of them keeps the test short; the subsets, all.
    let stride = font.glyphCount > 2_000 ? 3 : 1
    var (decided, compared) = (0, 0)
    for glyph in Swift.stride(from: 0, to: font.glyphCount, by: stride).map(UInt32.init) {
      guard font.designBox(of: glyph).isScaled else { continue }
      for units in Self.sizes {
        for phase in 0..<4 {
          compared += 1
          guard let scaled = font.scaledDesignBox(of: glyph, units: units, phase: phase) else { continue }
          decided += 1
          let loaded = font.loadedBox(of: glyph, units: units, phase: phase)
          #expect(scaled == loaded, "glyph \(glyph) at \(units)/64 px, phase \(phase)")
        }
      }
    }
    #expect(compared > 0)
    // No glyph's first box disagreed with FreeType's (which would turn the shortcut off for it).
    #expect(decided == compared, "\(decided) of \(compared) boxes scaled in \(path)")
  }

  @Test func compositeGlyphsAreLoadedAtTheirSize() throws {
    let font = try Font(contentsOf: TestPaths.bold)
    let eAcute = font.glyphIndex(for: "é")
    #expect(!font.designBox(of: eAcute).isScaled, "DejaVu draws é from e and an accent")
    #expect(font.scaledDesignBox(of: eAcute, units: 40 * 64, phase: 1) == nil)
    #expect(font.box(of: eAcute, units: 40 * 64, phase: 1) == font.loadedBox(of: eAcute, units: 40 * 64, phase: 1))
  }

  @Test func otherFontsAndHintingAreLoadedAtTheirSize() throws {
    let variable = try Font(contentsOf: TestPaths.fonts + "/InterDisplay-Variable.ttf")
    let cff = try Font(contentsOf: TestPaths.fixtures + "/fonts/NotoSansCJKsc-Bold-subset.otf")
    let hinted = try Font(contentsOf: TestPaths.bold, hinting: .light)
    #expect(!variable.scalesDesignBoxes)
    #expect(!cff.scalesDesignBoxes)
    #expect(!hinted.scalesDesignBoxes)
    let glyph = variable.glyphIndex(for: "W")
    #expect(variable.scaledDesignBox(of: glyph, units: 50 * 64, phase: 2) == nil)
  }

  @Test func spacesHaveNoInk() throws {
    let font = try Font(contentsOf: TestPaths.bold)
    let space = font.glyphIndex(for: " ")
    let scaled = try #require(font.scaledDesignBox(of: space, units: 33 * 64 + 9, phase: 3))
    #expect(scaled.ink == nil && scaled.exactInk26_6 == nil)
    #expect(scaled == font.loadedBox(of: space, units: 33 * 64 + 9, phase: 3))
  }
}
