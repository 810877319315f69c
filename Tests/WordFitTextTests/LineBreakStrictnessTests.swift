import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitText

/// `lineBreak` (CSS `line-break`, ICU's `lb` keyword): each strictness allows at least the
/// breaks of the stricter ones, strict keeps small kana and "ー" off a line's start, and
/// `anywhere` breaks between every two grapheme clusters.
@Suite struct LineBreakStrictnessTests {
  func breaks(_ text: String, _ strictness: LineBreakStrictness, language: String? = "ja") throws -> [Int] {
    var offset = 0
    var result: [Int] = []
    for segment in try LineBreaker(language: language, strictness: strictness).segments(of: text) {
      offset += segment.text.count
      if offset < text.count { result.append(offset) }
    }
    return result
  }

  @Test func eachStrictnessAllowsTheStricterOnesBreaks() throws {
    let text = "ファイルをチェックしています。ーーぁぃ々ゝ、ウォッチ"
    let strict = Set(try breaks(text, .strict))
    let normal = Set(try breaks(text, .normal))
    let loose = Set(try breaks(text, .loose))
    let anywhere = try breaks(text, .anywhere)
    #expect(strict.isSubset(of: normal) && normal.isSubset(of: loose) && loose.isSubset(of: Set(anywhere)))
    #expect(anywhere == Array(1..<text.count), "every cluster boundary")
    let characters = Array(text)
    // Strict: no line starts with a small kana or "ー"; normal allows them.
    #expect(strict.allSatisfy { !"ァィゥェォッャュョぁぃーゝ々".contains(characters[$0]) })
    #expect(normal.contains { "ァィゥェォッャュョぁぃー".contains(characters[$0]) })
    #expect(strict != normal && normal.count < anywhere.count)
  }

  @Test func anywhereKeepsClustersAndSpaces() throws {
    // A grapheme cluster (e + combining acute, a flag) stays whole; a space stays at its
    // segment's end, hanging.
    let text = "ne\u{301}e 🇯🇵x"
    let segments = try LineBreaker(strictness: .anywhere).segments(of: text)
    #expect(segments.map(\.text) == ["n", "e\u{301}", "e ", "🇯🇵", "x"])
    #expect(segments.map(\.text).joined() == text)
  }

  /// CSS Text 3's Chinese and Japanese tailorings ICU 72 lacks (web-platform-tests'
  /// css/css-text/i18n, 369/369 with them): a break before "‐" and "–" after an ideograph under
  /// normal and loose, before "…" under loose only; never for another language, never strict.
  @Test func cssTailorsNormalAndLooseForChineseAndJapanese() throws {
    func breaksBefore(_ character: String, _ language: String?, _ strictness: LineBreakStrictness) throws -> Bool {
      try LineBreaker(language: language, strictness: strictness).breakOffsets(in: "文文" + character + "字").contains(2)
    }
    for language in ["ja", "zh", "zh-Hant"] {
      #expect(try breaksBefore("\u{2010}", language, .normal) && breaksBefore("\u{2013}", language, .loose))
      #expect(try !breaksBefore("\u{2010}", language, .strict))
      #expect(try breaksBefore("\u{2026}", language, .loose) && !breaksBefore("\u{2026}", language, .normal))
    }
    #expect(try !breaksBefore("\u{2010}", "en", .normal) && !breaksBefore("\u{2026}", nil, .loose))
    // After a Latin letter the tailoring does not apply.
    #expect(try !LineBreaker(language: "ja", strictness: .loose).breakOffsets(in: "ab\u{2026}c").contains(2))
  }
}
