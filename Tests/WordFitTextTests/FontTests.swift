import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitText

@Suite struct FontTests {
  @Test func loadsBundledFontWithItsNames() throws {
    let font = try Font(contentsOf: TestPaths.bold)
    #expect(font.familyName == "DejaVu Sans")
    #expect(font.styleName == "Bold")
    #expect(font.version.contains("2.37"))
    #expect(font.unitsPerEm == 2048)
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

  /// A font collection built from the two bundled fonts: each font's bytes copied whole, its
  /// table offsets moved to count from the start of the collection.
  func makeCollection() throws -> String {
    var fonts = [try [UInt8](Data(contentsOf: URL(fileURLWithPath: TestPaths.bold)))]
    fonts.append(try [UInt8](Data(contentsOf: URL(fileURLWithPath: TestPaths.regular))))
    func be32(_ value: Int) -> [UInt8] {
      [UInt8(value >> 24 & 255), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)]
    }
    var collection: [UInt8] = Array("ttcf".utf8) + be32(0x0001_0000) + be32(fonts.count)
    var base = 12 + 4 * fonts.count
    var bodies: [[UInt8]] = []
    for var font in fonts {
      collection += be32(base)
      let tables = Int(font[4]) << 8 | Int(font[5])
      for table in 0..<tables {
        let field = 12 + 16 * table + 8
        let offset = font[field..<field + 4].reduce(0) { $0 << 8 | Int($1) }
        font.replaceSubrange(field..<field + 4, with: be32(offset + base))
      }
      while font.count % 4 != 0 { font.append(0) }
      bodies.append(font)
      base += font.count
    }
    for body in bodies { collection += body }
    let path = try TestPaths.makeTemporaryDirectory() + "/DejaVu.ttc"
    try Data(collection).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func loadsEachFaceOfACollection() throws {
    let path = try makeCollection()
    let bold = try Font(contentsOf: path, faceIndex: 0)
    let regular = try Font(contentsOf: path, faceIndex: 1)
    #expect(bold.styleName == "Bold" && regular.styleName == "Book")
    #expect(regular.shape("Bethany", atSize: 40).advance < bold.shape("Bethany", atSize: 40).advance)
    #expect(kind { try Font(contentsOf: path, faceIndex: 2) } == .usage)
  }

  @Test func faceIndexOutOfRangeIsUsage() {
    #expect(kind { try Font(contentsOf: TestPaths.bold, faceIndex: 3) } == .usage)
    #expect(kind { try Font(contentsOf: TestPaths.bold, faceIndex: -1) } == .usage)
  }

  @Test func kerningThroughHarfBuzzTightensPairs() throws {
    let font = try Font(contentsOf: TestPaths.bold)
    let pair = font.shape("AV", atSize: 80)
    let apart = font.shape("A", atSize: 80).advance + font.shape("V", atSize: 80).advance
    #expect(pair.advance < apart - 1, "AV is \(pair.advance) px, A + V \(apart) px")
  }

  /// The measured box is the rendered bitmap, in both hinting modes and at every subpixel
  /// phase: what the fit measured is what the PNG shows.
  @Test(arguments: [Hinting.none, .light])
  func measuredBoxesAreTheRenderedBitmaps(hinting: Hinting) throws {
    let font = try Font(contentsOf: TestPaths.bold, hinting: hinting)
    let text = "Aimée Bethany Charles jgqy ÅÖßżł @%&"
    for units in [640, 1000, 2049, 3333, 5120] {
      for scalar in text.unicodeScalars where scalar != " " {
        for phase in hinting == .none ? 0..<4 : 0..<1 {
          let glyph = font.glyphIndex(for: scalar)
          let box = try #require(font.box(of: glyph, units: units, phase: phase).ink)
          let bitmap = try #require(font.bitmap(of: glyph, units: units, phase: phase))
          #expect(bitmap.left == box.minX && -bitmap.top == box.minY, "\(scalar) \(units) phase \(phase)")
          #expect(bitmap.width == box.width && bitmap.rows == box.height)
        }
      }
    }
  }

  @Test func subpixelPhasesShiftTheInk() throws {
    let font = try Font(contentsOf: TestPaths.bold)
    let glyph = font.glyphIndex(for: "l")
    let at0 = try #require(font.bitmap(of: glyph, units: 2000, phase: 0))
    let at2 = try #require(font.bitmap(of: glyph, units: 2000, phase: 2))
    #expect(at0.coverage != at2.coverage, "half a pixel to the right is drawn differently")
  }

  @Test func unhintedAdvancesAreFractionalAndLinear() throws {
    let font = try Font(contentsOf: TestPaths.bold)
    let ems = font.unscaledAdvance(of: "Bethany")
    for size in [10.0, 33.5, 80, 200] {
      let shaped = font.shape("Bethany", atSize: size)
      // HarfBuzz's scaling rounds each glyph to 1/64 px: within 1/64 px per glyph of linear.
      #expect(abs(shaped.advance - ems * size) <= Double(shaped.glyphs.count) / 64, "\(size) px")
    }
    #expect(font.shape("Bethany", atSize: 33.5).advance.truncatingRemainder(dividingBy: 1) != 0)
  }

  @Test func hintedAdvancesStayNearTheLinearAdvance() throws {
    // Light hinting rounds each glyph's advance to a whole pixel: the word's advance is within
    // half a pixel per glyph (plus kerning rounding) of the unhinted, linear one.
    let font = try Font(contentsOf: TestPaths.bold, hinting: .light)
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
