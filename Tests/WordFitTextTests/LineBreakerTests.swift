import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitText

/// ICU's line-break opportunities, as the `wrap` layout uses them.
@Suite struct LineBreakerTests {
  func texts(_ text: String, language: String? = nil) throws -> [String] {
    try LineBreaker(language: language).segments(of: text).map(\.text)
  }

  @Test func spacesAndHyphensBreakAfter() throws {
    #expect(try texts("Start workout") == ["Start ", "workout"])
    #expect(try texts("García-Fernández de la Vega") == ["García-", "Fernández ", "de ", "la ", "Vega"])
  }

  @Test func noBreakSpaceAndWordJoinerHold() throws {
    #expect(try texts("SAP\u{00A0}SE Munich") == ["SAP\u{00A0}SE ", "Munich"])
    #expect(try texts("ab\u{2060}cd ef") == ["ab\u{2060}cd ", "ef"])
  }

  @Test func newlinesAndSeparatorsAreMandatory() throws {
    let segments = try LineBreaker().segments(of: "one\ntwo\u{2028}three")
    #expect(segments.map(\.text) == ["one\n", "two\u{2028}", "three"])
    #expect(segments.map(\.endsWithMandatoryBreak) == [true, true, false])
  }

  @Test func softHyphenIsAnOpportunityShownOnlyAtALineEnd() throws {
    let segments = try LineBreaker().segments(of: "Batterie\u{00AD}optimierung")
    #expect(segments.map(\.text) == ["Batterie\u{00AD}", "optimierung"])
    #expect(LineSegment.lineText(segments[0..<1]) == "Batterie-")
    #expect(LineSegment.lineText(segments[0...1]) == "Batterie\u{00AD}optimierung")
  }

  /// Kinsoku: no line starts with a small kana, "ー", "、" or "。" (strict breaking).
  @Test func japaneseBreaksBetweenCharactersButNotBeforeKinsokuCharacters() throws {
    let segments = try texts("ワークアウトを開始しました。", language: "ja")
    #expect(segments.count > 5)
    for segment in segments.dropFirst() {
      #expect(!["ー", "ッ", "ャ", "、", "。"].contains(segment.first.map(String.init) ?? ""), "\(segments)")
    }
    #expect(segments.joined() == "ワークアウトを開始しました。")
  }

  @Test func thaiBreaksAtDictionaryWords() throws {
    #expect(try texts("สวัสดีครับ", language: "th") == ["สวัสดี", "ครับ"])
  }

  @Test func breaksNeverSplitAGraphemeCluster() throws {
    let family = "👩‍👩‍👧‍👦"
    #expect(try texts(family + family).allSatisfy { $0.count >= 1 })
    #expect(try texts("e\u{0301}e\u{0301} x").first == "e\u{0301}e\u{0301} ")
  }
}
