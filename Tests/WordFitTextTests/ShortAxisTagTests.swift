import Testing
import WordFitTestSupport

@testable import WordFitText

/// An axis tag shorter than four characters is the font's padded with spaces (`HV` is `HV  `):
/// named without them, it varies the outline (FreeType) and the shaping (HarfBuzz). Found by
/// unicode-org/text-rendering-tests (GVAR-4, -5, -6, -8): WordFit named the axis "HV  ", so
/// `HV=-0.2` was reported as no such axis and ignored.
struct ShortAxisTagTests {
  static let font = TestPaths.packageRoot + "/Conformance/suites/text-rendering/fonts/TestGVAREight.ttf"

  @Test func aTwoCharacterAxisIsNamedWithoutItsPaddingAndApplied() throws {
    let plain = try Font(contentsOf: Self.font)
    #expect(plain.axes.map(\.tag) == ["CK", "FR", "HV", "CN", "BR", "TC"])
    let varied = try Font(contentsOf: Self.font, variations: ["HV": -0.2])
    #expect(varied.takeProblems().isEmpty)
    let glyph = plain.shape("H", atSize: 1000).glyphs[0].index
    #expect(plain.outline(of: glyph, units: 64000) != varied.outline(of: glyph, units: 64000))
  }
}
