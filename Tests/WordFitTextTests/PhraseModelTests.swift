import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitText

/// BudouX's phrase models read as data and scored by WordFit's own code (issue 58 item 3); the
/// segmenter joins ICU's segments into phrases only where phrases govern. PyPI's budoux agrees
/// on 4,500 catalog strings (scripts/phrases-vs-budoux.sh); here, the cases that explain it.
@Suite struct PhraseModelTests {
  static func segmenter(_ model: String) throws -> PhraseSegmenter {
    PhraseSegmenter(model: try PhraseModel.shared(contentsOf: TestPaths.fonts + "/BudouX/\(model).json"))
  }

  /// The phrases of `text` with `model`, ICU strict (WordFit's default) underneath.
  static func phrases(_ text: String, _ model: String = "ja") throws -> [String] {
    try segmenter(model).phrases(of: try LineBreaker(language: "ja").segments(of: text)).map(\.text)
  }

  @Test func japaneseAndChineseBreakBetweenPhrases() throws {
    // budoux 0.10.1's parse() with the same models gives these phrases.
    #expect(try Self.phrases("今日はとても良い天気です。") == ["今日は", "とても", "良い", "天気です。"])
    #expect(try Self.phrases("ワークアウトを開始しますか？") == ["ワークアウトを", "開始しますか？"])
    #expect(
      try Self.phrases("今日天气很好，我们去公园散步吧", "zh-hans") == ["今日", "天气", "很", "好，", "我们", "去", "公园", "散步", "吧"])
  }

  @Test func breaksOutsideJapaneseAndChineseStay() throws {
    // A space still breaks; a Latin word keeps its particle (CSS keep-all); a newline forces.
    #expect(try Self.phrases("Adobe Illustratorとは?デザイン") == ["Adobe ", "Illustratorとは?", "デザイン"])
    #expect(try Self.phrases("Hello world") == ["Hello ", "world"])
    let lines = try Self.segmenter("ja").phrases(of: try LineBreaker().segments(of: "開始しま\nすか"))
    #expect(lines.map(\.text) == ["開始しま\n", "すか"] && lines[0].endsWithMandatoryBreak)
  }

  @Test func aPhraseKeepsTheBreaksItSwallowed() throws {
    let phrase = try #require(
      try Self.segmenter("ja").phrases(of: try LineBreaker(language: "ja").segments(of: "ワークアウトを開始")).first)
    #expect(phrase.text == "ワークアウトを")
    // ICU strict: between each pair of katakana but not before ー (ワー, クア, ウト, トを).
    #expect(phrase.phraseBreaks == [2, 3, 4, 5, 6], "\(phrase.phraseBreaks)")
  }

  @Test func aHostileModelIsDataNotACrash() throws {
    let bad: [String: String] = [
      "not JSON": "{", "not an object": "[1, 2]", "a group that is a list": #"{"UW1": [1]}"#,
      "a key of the wrong length": #"{"BW1": {"あ": 5}}"#, "a weight that is text": #"{"UW1": {"あ": "5"}}"#,
      "a fractional weight": #"{"UW1": {"あ": 0.5}}"#, "a huge weight": #"{"UW1": {"あ": 1e30}}"#,
    ]
    for (what, json) in bad {
      #expect(throws: WordFitError.self, "\(what)") { try PhraseModel(json: Data(json.utf8), source: "m.json") }
    }
    let many =
      "{\"UW1\": {"
      + (0..<200_001).map { "\"\(Character(Unicode.Scalar(0x4E00 + $0 % 20000)!))\($0)\": 1" }
      .joined(separator: ", ") + "}}"
    #expect(throws: WordFitError.self) { try PhraseModel(json: Data(many.utf8), source: "m.json") }
    // An empty model starts no phrase: every governed break goes, the text is one phrase.
    let empty = PhraseSegmenter(model: try PhraseModel(json: Data("{}".utf8), source: "m.json"))
    #expect(empty.phrases(of: try LineBreaker().segments(of: "今日は良い天気")).count == 1)
  }
}
