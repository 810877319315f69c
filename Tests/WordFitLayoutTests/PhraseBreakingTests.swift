import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitLayout
@testable import WordFitText

/// `--word-break phrase` through the wrap layout (issue 58 item 3): lines break between
/// phrases, the fit stays maximal, balance and kinsoku still hold, a phrase too wide for a line
/// at the legible size breaks at ICU's opportunities inside it and says so.
@Suite struct PhraseBreakingTests {
  static func spec(_ text: String, canvas: String = "38mm", language: String? = "ja") -> RenderSpec {
    var spec = RenderSpec(text: text)
    (spec.canvas, spec.layout, spec.fields.wordBreak, spec.language) = (canvas, .wrap, .phrase, language)
    return spec
  }

  @Test func aLabelBreaksBetweenPhrasesNotInsideAVerb() throws {
    var spec = Self.spec("ワークアウトを開始しますか？")
    let phrase = try WordStackRenderer().layOut(spec)
    #expect(phrase.layout.lines.map(\.text) == ["ワークアウトを", "開始しますか？"])
    spec.fields.wordBreak = .normal
    let normal = try WordStackRenderer().layOut(spec)
    #expect(normal.layout.lines.count > 2 && normal.layout.fit.size > phrase.layout.fit.size)
  }

  /// On every Apple Watch canvas, Japanese and Chinese: each line ends where a phrase does, and
  /// 1/64 px more does not fit.
  @Test func phraseFitsAreExactlyMaximal() throws {
    let texts: [(String, String)] = [
      ("バッテリーの最適化をオンにすると電池が長持ちします", "ja"), ("通知を受け取るには設定でアクセスを許可してください", "ja"),
      ("今日天气很好，我们去公园散步吧", "zh-Hans"), ("請在設定中允許存取以接收通知", "zh-Hant"),
    ]
    let renderer = WordStackRenderer()
    var checked = 0
    for (text, language) in texts {
      let model = try #require(TextBreakers.phraseModelName(for: language))
      let segmenter = PhraseSegmenter(
        model: try PhraseModel.shared(contentsOf: TestPaths.fonts + "/BudouX/\(model).json"))
      let phrases = segmenter.phrases(of: try LineBreaker(language: language).segments(of: text))
      let ends = Set(phrases.dropLast().reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1.text.count) })
      for canvas in WatchCanvas.all {
        var spec = Self.spec(text, canvas: canvas.name, language: language)
        spec.maxSize = 120
        let fit = try renderer.layOut(spec).layout.fit
        #expect(Set(fit.breakOffsets).isSubset(of: ends), "\(text) on \(canvas.name): \(fit.breakOffsets) \(ends)")
        guard [.width, .height].contains(fit.limit) else { continue }
        var larger = spec
        (larger.maxSize, larger.minScale, larger.overlongWords) = (fit.size + 1.0 / 64, 1, .shrink)
        #expect(try renderer.layOut(larger).layout.fit.limit == .minimumSize, "\(text) on \(canvas.name)")
        checked += 1
      }
    }
    #expect(checked >= 20)
  }

  @Test func aPhraseTooWideBreaksInsideItWithKinsoku() throws {
    let laidOut = try WordStackRenderer().layOut(Self.spec("インターナショナルコンピューターサイエンスカンファレンスに参加します"))
    let fit = laidOut.layout.fit
    #expect(fit.breakKinds.contains(.phrase), "\(fit.breakKinds)")
    // Strict kinsoku: no line starts with ー or a small kana, even inside the broken phrase.
    for line in laidOut.layout.lines.dropFirst() {
      #expect(!"ーァィゥェォッャュョ".contains(line.text.first ?? " "), "\(line.text)")
    }
    #expect(laidOut.layout.lines.last?.text == "参加します")
  }

  @Test func balancedPhrasesStayPhrases() throws {
    var spec = Self.spec("バッテリーの最適化をオンにすると電池が長持ちします", canvas: "45mm")
    spec.balance = true
    let fit = try WordStackRenderer().layOut(spec).layout.fit
    spec.balance = false
    let greedy = try WordStackRenderer().layOut(spec).layout.fit
    #expect(fit.size == greedy.size && fit.lines.count == greedy.lines.count)
    let phrases = ["バッテリーの", "最適化を", "オンに", "すると", "電池が", "長持ちします"]
    let ends = Set(phrases.dropLast().reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1.count) })
    #expect(Set(fit.breakOffsets).isSubset(of: ends), "\(fit.breakOffsets)")
  }

  @Test func whereNoModelAppliesTheWarningSaysSo() throws {
    let renderer = WordStackRenderer()
    let korean = try renderer.render(Self.spec("設定を開く", language: "ko")).warnings
    #expect(korean.contains { $0.hasPrefix("no phrase model for \"ko\"") }, "\(korean)")
    let hanOnly = try renderer.render(Self.spec("今日天气很好", language: nil)).warnings
    #expect(hanOnly.contains { $0.contains("needs the text's language") }, "\(hanOnly)")
    let kana = try renderer.render(Self.spec("ワークアウトを開始しますか？", language: nil))
    #expect(kana.layout.lines.map(\.text) == ["ワークアウトを", "開始しますか？"], "kana say Japanese")
    #expect(try renderer.render(Self.spec("Start workout", language: "en")).warnings.isEmpty)
  }
}
