import Testing
import WordFitTestSupport

@testable import WordFitCore

/// The fitter's cost and limits on huge inputs (issue 14): capped, one pass, never quadratic.
@Suite struct FitterLimitTests {
  // Item 2: many words cost at most the cap, not the square of their number.
  @Test func manyWordsAreCappedAndTruncatedInOnePass() throws {
    let counter = CountingMeasurer()
    let words = Array(repeating: "word", count: 100_000)
    let request = FitRequest(words: words, availableWidth: 200, availableHeight: 300, maximumSize: 40)
    let result = try Fitter(measurer: counter).fit(request)
    #expect(counter.measuredWords <= 20 * InputLimits.wordsPerText, "\(counter.measuredWords) words measured")
    #expect(result.lines.count < InputLimits.wordsPerText)
    #expect(result.lines.last?.text.hasSuffix("…") == true)
    #expect(result.truncatedWords.count == words.count - result.lines.count + 1)
    #expect(counter.fits(result.lines.map(\.text), atSize: result.size, request))
  }

  @Test func tooManyWordsUnderFailIsRefused() {
    let request = FitRequest(
      words: Array(repeating: "a", count: InputLimits.wordsPerText + 1), availableWidth: 16_000,
      availableHeight: 16_000, maximumSize: 4, overflow: .fail)
    #expect(throws: WordFitError.self) { try Fitter(measurer: FakeMeasurer()).fit(request) }
  }
}

/// A measurer that counts the words it measures.
final class CountingMeasurer: WordMeasuring {
  private let base = FakeMeasurer()
  private(set) var measuredWords = 0

  func unscaledAdvance(of text: String) -> Double { base.unscaledAdvance(of: text) }
  func lineMetrics(atSize size: Double) -> LineMetrics { base.lineMetrics(atSize: size) }
  func metrics(of text: String, atSize size: Double) -> WordMetrics {
    measuredWords += 1
    return base.metrics(of: text, atSize: size)
  }
  func fits(_ words: [String], atSize size: Double, _ request: FitRequest) -> Bool {
    base.fits(words, atSize: size, request)
  }
}
