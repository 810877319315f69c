import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitText

/// HarfBuzz shaping and FriBidi runs, with the bundled DejaVu Sans (which covers Latin, Arabic
/// and Hebrew, and lacks Devanagari).
@Suite struct ShapingTests {
  let font: Font

  init() throws {
    font = try Font(contentsOf: TestPaths.regular)
  }

  @Test func arabicJoinsAndRunsRightToLeft() {
    let word = "محمد"
    let shaped = font.shape(word, atSize: 60)
    #expect(shaped.direction == .rightToLeft)
    #expect(shaped.scripts == ["Arab"])
    #expect(shaped.missingCharacters.isEmpty)
    // Joined forms are other glyphs than the isolated letters, and narrower together.
    let isolated = word.map { font.shape(String($0), atSize: 60) }
    #expect(shaped.glyphs.map(\.index) != isolated.flatMap { $0.glyphs.map(\.index) }.reversed())
    #expect(shaped.advance < isolated.reduce(0) { $0 + $1.advance })
    // Visual order: the logical first letter is drawn rightmost.
    let positions = shaped.glyphs.map(\.x)
    #expect(shaped.glyphs.last?.cluster == 0, "the logical first character is the rightmost glyph")
    #expect(positions == positions.sorted())
  }

  /// Soft hyphens are left out of what HarfBuzz shapes (a run of them was quadratic there):
  /// the rest shapes as without them, and each glyph keeps its byte offset in the text.
  @Test func softHyphensShapeAsIfAbsentAndKeepTheirOffsets() throws {
    let inter = try Font(contentsOf: TestPaths.fonts + "/InterDisplay-Bold.ttf")
    for font in [font, inter] {
      let plain = font.shape("AVATAR Wolf", atSize: 40)
      let soft = font.shape("AV\u{00AD}A\u{00AD}\u{00AD}TAR Wolf\u{00AD}", atSize: 40)
      #expect(soft.glyphs.map(\.index) == plain.glyphs.map(\.index))
      #expect(soft.glyphs.map(\.x) == plain.glyphs.map(\.x) && soft.advance == plain.advance)
      #expect(soft.glyphs.map(\.cluster) == [0, 1, 4, 9, 10, 11, 12, 13, 14, 15, 16])
      #expect(font.shape(String(repeating: "\u{00AD}", count: 5), atSize: 40).glyphs.isEmpty)
    }
  }

  @Test func hebrewRunsRightToLeft() {
    let shaped = font.shape("דוד", atSize: 60)
    #expect(shaped.direction == .rightToLeft)
    #expect(shaped.glyphs.map(\.cluster) == [4, 2, 0], "logical order reversed for display")
  }

  @Test func mixedDirectionsAreSplitIntoRunsInVisualOrder() {
    let runs = BidiRuns("Dr.محمد", base: nil)
    #expect(runs.direction == .leftToRight, "the first strong character is Latin")
    #expect(runs.runs.map(\.direction) == [.leftToRight, .rightToLeft])
    #expect(runs.runs.map(\.text) == ["Dr.", "محمد"])
    let rtl = BidiRuns("محمد Dr.", base: nil)
    #expect(rtl.direction == .rightToLeft)
    #expect(
      rtl.runs.last?.text.hasPrefix("محمد") == true, "in a right-to-left paragraph the Arabic run is drawn rightmost")
    let forced = BidiRuns("abc", base: .rightToLeft)
    #expect(forced.direction == .rightToLeft)
  }

  @Test func visualOrderFollowsRuleL2() {
    let order = BidiRuns.visualOrder([("a", 0), ("b", 1), ("c", 1), ("d", 2), ("e", 0)])
    #expect(order.map(\.text) == ["a", "d", "c", "b", "e"])
  }

  @Test func combiningMarksArePositionedNotAppended() {
    // e + combining acute: one glyph cluster whose mark sits over the e, not after it.
    let decomposed = font.shape("e\u{301}", atSize: 80)
    let plain = font.shape("e", atSize: 80)
    #expect(abs(decomposed.advance - plain.advance) < 1, "the mark adds no advance")
    #expect((decomposed.inkBounds?.minY ?? 0) < (plain.inkBounds?.minY ?? 0), "the mark inks above the e")
  }

  @Test func missingGlyphsAreFoundAfterShaping() {
    let shaped = font.shape("नमस्ते", atSize: 40)
    #expect(shaped.missingCharacters.contains("न"))
    #expect(shaped.glyphs.contains { $0.index == 0 })
    #expect(font.shape("Aimée", atSize: 40).missingCharacters.isEmpty)
    #expect(font.shape("a\u{200D}b", atSize: 40).missingCharacters.isEmpty, "a joiner is not reported")
  }

  @Test func harfBuzzVersionIsKnown() {
    #expect(TextLibraries.harfBuzzVersion.split(separator: ".").count == 3)
  }
}

/// Truncation with shaping: "…" is shaped with the text, cuts only between grapheme clusters
/// (a Devanagari conjunct is one), and sits at the logical end, which is the left in
/// right-to-left text.
@Suite struct ShapedTruncationTests {
  @Test func arabicEllipsisSitsOnTheLeft() throws {
    let font = try Font(contentsOf: TestPaths.fixtures + "/fonts/NotoSansArabic-Regular-subset.ttf")
    let word = "عبدالرحمن"
    let whole = font.shape(word, atSize: 60).advance
    let cut = font.truncation(of: word, atSize: 60, toWidth: Int(whole * 0.6))
    #expect(cut.text.hasSuffix("…"))
    #expect(word.hasPrefix(String(cut.text.dropLast())), "a logical prefix of the word is kept")
    let shaped = font.shape(cut.text, atSize: 60)
    let ellipsisCluster = cut.text.utf8.count - "…".utf8.count
    let ellipsis = try #require(shaped.glyphs.first { $0.cluster == ellipsisCluster })
    #expect(shaped.glyphs.allSatisfy { $0.x >= ellipsis.x }, "the ellipsis is the leftmost glyph")
  }

  @Test func devanagariConjunctsAreNeverSplit() throws {
    let font = try Font(contentsOf: TestPaths.fixtures + "/fonts/NotoSansDevanagari-Regular-subset.ttf")
    let word = "क्षत्रियक्षत्रिय"
    for width in stride(from: 40, through: 200, by: 10) {
      let cut = font.truncation(of: word, atSize: 40, toWidth: width)
      let kept = String(cut.text.dropLast())
      #expect(!kept.hasSuffix("\u{094D}"), "a cut never ends on a virama (it would split a conjunct): \(kept)")
      #expect(cut.metrics.extentWidth <= width || kept.isEmpty)
    }
  }
}
