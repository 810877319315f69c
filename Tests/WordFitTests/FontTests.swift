import Foundation
import Testing

@testable import WordFit

@Suite struct FontTests {
  @Test func loadsBundledFontWithItsNames() throws {
    let font = try Font(contentsOf: TestPaths.bold)
    #expect(font.familyName == "DejaVu Sans")
    #expect(font.styleName == "Bold")
    #expect(font.version.contains("2.37"))
    #expect(font.unitsPerEm == 2048)
    #expect(font.hasKerning)
    #expect(font.freeTypeVersion.hasPrefix("2."))
  }

  @Test func missingFileIsNoInput() {
    #expect(kind { try Font(contentsOf: "/nonexistent/font.ttf") } == .missingInput)
    #expect(kind { try Font(contentsOf: "/tmp") } == .missingInput)
  }

  @Test func textFileIsDataError() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let path = directory + "/not-a-font.ttf"
    try "hello, I am not a font".write(toFile: path, atomically: true, encoding: .utf8)
    let error = try #require(error { try Font(contentsOf: path) })
    #expect(error.kind == .invalidData)
    #expect(error.message.contains(path))
    #expect(error.message.lowercased().contains("unknown file format"), "FreeType's message: \(error.message)")
  }

  @Test func truncatedFontIsDataError() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let path = directory + "/truncated.ttf"
    let bytes = try Data(contentsOf: URL(fileURLWithPath: TestPaths.bold)).prefix(4096)
    try bytes.write(to: URL(fileURLWithPath: path))
    #expect(kind { try Font(contentsOf: path) } == .invalidData)
  }

  @Test func faceIndexOutOfRangeIsUsage() {
    #expect(kind { try Font(contentsOf: TestPaths.bold, faceIndex: 3) } == .usage)
    #expect(kind { try Font(contentsOf: TestPaths.bold, faceIndex: -1) } == .usage)
  }

  @Test func kerningFromTheKernTableTightensPairs() throws {
    let font = try Font(contentsOf: TestPaths.bold)
    let pair = font.shape("AV", atSize: 80)
    let apart = font.shape("A", atSize: 80).advance + font.shape("V", atSize: 80).advance
    #expect(font.kerning(font.glyphIndex(for: "A"), font.glyphIndex(for: "V")) < 0)
    #expect(pair.advance < apart - 1, "AV is \(pair.advance) px, A + V \(apart) px")
  }

  @Test func measuredBoxesAreTheRenderedBitmaps() throws {
    let font = try Font(contentsOf: TestPaths.bold)
    let text = "Aimée Bethany Charles jgqy ÅÖßżł @%&"
    for units in [640, 1000, 2049, 3333, 5120] {
      for scalar in text.unicodeScalars where scalar != " " {
        let glyph = font.glyphIndex(for: scalar)
        let box = try #require(font.box(of: glyph, units: units).ink)
        let bitmap = try #require(font.bitmap(of: glyph, units: units))
        #expect(bitmap.left == box.minX && -bitmap.top == box.minY)
        #expect(bitmap.width == box.width && bitmap.rows == box.height)
      }
    }
  }

  @Test func hintedAdvancesStayNearTheLinearAdvance() throws {
    // Light hinting rounds each glyph's advance to a whole pixel: the word's advance is within
    // half a pixel per glyph (plus kerning rounding) of the unhinted, linear one.
    let font = try Font(contentsOf: TestPaths.bold)
    let ems = font.unscaledAdvance(of: "Bethany")
    for size in [10.0, 33.5, 80, 200] {
      let shaped = font.shape("Bethany", atSize: size)
      #expect(
        abs(shaped.advance - ems * size) <= 0.5 * Double(shaped.glyphs.count),
        "\(size) px: \(shaped.advance) vs \(ems * size)")
      let box = font.box(of: font.glyphIndex(for: "B"), units: Int(size * 64))
      #expect(box.advance26_6 % 64 == 0, "hinted advances are whole pixels")
    }
  }

  @Test func reportsMissingGlyphsAndSkipsIgnorables() throws {
    let font = try Font(contentsOf: TestPaths.bold)
    let shaped = font.shape("a\u{E0100}b\u{E000}", atSize: 20)
    #expect(shaped.missingCharacters == ["\u{E000}"])
    #expect(shaped.glyphs.count == 3, "the variation selector is skipped, the private-use character drawn as .notdef")
  }

  @Test func lineMetricsScaleFromHhea() throws {
    let font = try Font(contentsOf: TestPaths.bold)
    let metrics = font.lineMetrics(atSize: 2048)
    #expect(metrics.ascender == 1901)
    #expect(metrics.descender == 483)
    #expect(metrics.lineGap == 0)
  }

  private func error(_ body: () throws -> Font) -> WordFitError? {
    do {
      _ = try body()
      return nil
    } catch let error as WordFitError {
      return error
    } catch {
      return nil
    }
  }

  private func kind(_ body: () throws -> Font) -> WordFitError.Kind? { error(body)?.kind }
}
