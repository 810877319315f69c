import Testing
import WordFitTestSupport

@testable import WordFitCore

/// Balanced lines (issue 40): at the size the greedy fit finds, the same number of lines with
/// the longest as short as any break set allows, ties by the least Σ slack²; checked against
/// every break set by brute force.
@Suite struct BalancedLinesTests {
  let measurer = FakeMeasurer()

  func request(width: Int, limit: Int? = nil, balanced: Bool, max: Double = 40) -> FitRequest {
    var request = FitRequest(words: [], availableWidth: width, availableHeight: 10_000, maximumSize: max)
    (request.lineLimit, request.balancesLines) = (limit, balanced)
    return request
  }

  /// Every way to cut `count` segments into `lines` lines: the ends of all but the last.
  func breakSets(_ count: Int, lines: Int) -> [[Int]] {
    guard lines > 1 else { return [[]] }
    var sets: [[Int]] = []
    func extend(_ set: [Int], from start: Int) {
      if set.count == lines - 1 {
        sets.append(set)
        return
      }
      guard start < count else { return }
      for end in start..<count { extend(set + [end], from: end + 1) }
    }
    extend([], from: 1)
    return sets
  }

  /// Phrases of up to 12 words at several widths: the balanced lines keep the greedy size and
  /// line count, and no break set with that count has a shorter longest line (nor, with the
  /// same longest line, a smaller Σ slack²).
  @Test(arguments: [
    "Turn on Always On display", "Ein Anruf von Mama wurde verpasst", "a bb ccc dddd eeeee ffffff",
    "The quick brown fox jumps over the lazy dog again and again",
    "one two three four five six seven eight nine ten eleven twelve", "Supercalifragilistic is long",
  ])
  func balancedLinesAreTheShortestLongestAndLeastRagged(_ text: String) throws {
    let segments = SpaceBreaker().segments(of: text)
    // At a maximum size of 40 px the size mostly grows until the lines are tight; at 12 px it
    // stops at the maximum, where greedy lines leave the most ragged ends.
    for (width, max) in [90, 130, 200, 260].flatMap({ width in [(width, 40.0), (width, 12)] }) {
      let greedy = try Fitter(measurer: measurer).fitWrapped(
        request(width: width, balanced: false, max: max), segments: segments)
      let balanced = try Fitter(measurer: measurer).fitWrapped(
        request(width: width, balanced: true, max: max), segments: segments)
      #expect(balanced.size == greedy.size && balanced.lines.count == greedy.lines.count, "\(text) at \(width)")
      guard greedy.limit != .minimumSize, greedy.lines.count > 1 else { continue }
      func widths(_ lines: [String]) -> [Double] {
        lines.map { measurer.metrics(of: $0, atSize: balanced.size).exactExtentWidth }
      }
      let chosen = widths(balanced.lines.map(\.text))
      #expect(chosen.allSatisfy { $0 <= Double(width) })
      let score = { (w: [Double]) in (w.max() ?? 0, w.reduce(0) { $0 + (Double(width) - $1) * (Double(width) - $1) }) }
      for set in breakSets(segments.count, lines: greedy.lines.count) {
        let bounds = [0] + set + [segments.count]
        let lines = zip(bounds, bounds.dropFirst()).map { LineSegment.lineText(segments[$0..<$1]) }
        let other = widths(lines)
        guard other.allSatisfy({ $0 <= Double(width) }) else { continue }
        let (mine, theirs) = (score(chosen), score(other))
        #expect(mine.0 <= theirs.0, "\(text) at \(width): \(lines) is shorter than \(balanced.lines.map(\.text))")
        if mine.0 == theirs.0 { #expect(mine.1 <= theirs.1 + 1e-9, "\(text) at \(width): \(lines) is less ragged") }
      }
    }
  }

  /// "Turn on Always On display" at its maximum size (10 px, 6 px a character) on 110 px:
  /// greedily "display" is left alone; balanced, the lines are even.
  @Test func theSeedPhraseBalances() throws {
    let segments = SpaceBreaker().segments(of: "Turn on Always On display")
    let greedy = try Fitter(measurer: measurer).fitWrapped(
      request(width: 110, balanced: false, max: 10), segments: segments)
    let balanced = try Fitter(measurer: measurer).fitWrapped(
      request(width: 110, balanced: true, max: 10), segments: segments)
    #expect(greedy.size == 10, "\(greedy.size) \(greedy.limit)")
    #expect(greedy.lines.map(\.text) == ["Turn on Always On", "display"])
    #expect(balanced.lines.map(\.text) == ["Turn on Always", "On display"])
    #expect(balanced.size == greedy.size)
    #expect(balanced.breakOffsets == [15])
  }

  /// The score is reported for greedy lines and balanced ones alike: the longest line, Σ slack²
  /// (the last line included) and no hyphens; balancing lowers the longest line.
  @Test func theBalanceScoreIsReported() throws {
    let segments = SpaceBreaker().segments(of: "Turn on Always On display")
    let fitter = Fitter(measurer: measurer)
    let greedy = try #require(
      try fitter.fitWrapped(request(width: 110, balanced: false, max: 10), segments: segments).balance)
    let balanced = try #require(
      try fitter.fitWrapped(request(width: 110, balanced: true, max: 10), segments: segments).balance)
    let widths = { (lines: [String]) in lines.map { measurer.metrics(of: $0, atSize: 10).exactExtentWidth } }
    let greedyWidths = widths(["Turn on Always On", "display"])
    #expect(greedy.longestLine == greedyWidths.max())
    #expect(abs(greedy.raggedness - greedyWidths.reduce(0) { $0 + (110 - $1) * (110 - $1) }) < 1e-9)
    #expect(balanced.longestLine < greedy.longestLine && balanced.raggedness < greedy.raggedness)
    #expect(greedy.hyphens == 0 && balanced.score == balanced.raggedness)
  }

  /// A line ending at a hyphenation point costs ``LineBalance/hyphenPenalty(width:)`` (625 px²
  /// on 100 px): among break sets with the same longest line, a hyphen is used only where it
  /// saves more raggedness than that.
  @Test func aHyphenCostsItsPenalty() throws {
    let pieces = [LineSegment("a "), LineSegment("b", endsWithHyphenationPoint: true), LineSegment("c")]
    // Breaking at the word: 40 and 80 px (raggedness 4,000). At the hyphen: `first` and 80.
    func breaks(first: Double) throws -> [Range<Int>]? {
      let widths = ["a": 40, "a b-": first, "a bc": 1_000, "b-": 30, "bc": 80, "c": 80]
      var balancer = LineBalancer(
        segments: pieces, measurer: TableMeasurer(widths: widths), units: 640, width: 100, budget: 1_000)
      return try WrapLayout.leastRagged(&balancer, lines: 2, longest: 80)
    }
    #expect(LineBalance.hyphenPenalty(width: 100) == 625)
    // 55 px: 2,425 + 625 < 4,000, the hyphen is worth it.
    #expect(try breaks(first: 55) == [0..<2, 2..<3])
    // 45 px: 3,425 is less ragged than 4,000, but not by the penalty: the word break stays.
    #expect(try breaks(first: 45) == [0..<1, 1..<3])
    #expect(LineBalance(extents: [45, 80], width: 100, hyphens: 1).score == 3_425 + 625)
  }

  /// Balancing is bounded: 400 words in two lines (27 s and 690 MB when every candidate line
  /// was measured) measure a few thousand lines, exactly balanced; past
  /// ``LineBalance/characterBudget`` the greedy lines stand and the result says so.
  @Test func balancingIsBoundedAndSaysWhenItGivesUp() throws {
    let words = (0..<400).map { ["ab", "cde", "f", "ghij", "kl"][$0 % 5] }.joined(separator: " ")
    let segments = SpaceBreaker().segments(of: words)
    let width = 1_300 * 6  // 6 px a character at 10 px: the text is 1,439 characters
    let counting = BalanceCountingMeasurer()
    let balanced = try Fitter(measurer: counting).fitWrapped(
      request(width: width, limit: 2, balanced: true, max: 10), segments: segments)
    #expect(balanced.lines.count == 2 && balanced.balance?.isOverBudget == false)
    let extents = balanced.lines.map { measurer.metrics(of: $0.text, atSize: 10).exactExtentWidth }
    #expect(abs(extents[0] - extents[1]) <= 6 * 5, "\(extents)")
    #expect(counting.characters.value < 400_000, "\(counting.characters.value) characters measured")
    // With a budget this text passes, the greedy lines stand, and the result says so.
    var tight = request(width: width, limit: 2, balanced: true, max: 10)
    tight.balanceCharacterBudget = counting.characters.value / 4
    let greedy = try Fitter(measurer: measurer).fitWrapped(tight, segments: segments)
    let plain = try Fitter(measurer: measurer).fitWrapped(
      request(width: width, limit: 2, balanced: false, max: 10), segments: segments)
    #expect(greedy.balance?.isOverBudget == true && greedy.lines.map(\.text) == plain.lines.map(\.text))
    #expect(plain.balance?.isOverBudget == false)
  }
}

/// Widths by text, for lines whose widths a test sets.
struct TableMeasurer: WordMeasuring {
  var widths: [String: Double]
  func unscaledAdvance(of text: String) -> Double { (widths[text] ?? 0) / 10 }
  func lineMetrics(atSize size: Double) -> LineMetrics { LineMetrics(ascender: size, descender: 0, lineGap: 0) }
  func metrics(of text: String, atSize size: Double) -> WordMetrics {
    WordMetrics(advance: widths[text] ?? 10_000, inkBounds: nil)
  }
}

/// The fake measurer, counting the characters it measures.
final class BalanceCountingMeasurer: WordMeasuring, @unchecked Sendable {
  final class Counter: @unchecked Sendable { var value = 0 }
  let characters = Counter()
  let inner = FakeMeasurer()
  func unscaledAdvance(of text: String) -> Double { inner.unscaledAdvance(of: text) }
  func lineMetrics(atSize size: Double) -> LineMetrics { inner.lineMetrics(atSize: size) }
  func metrics(of text: String, atSize size: Double) -> WordMetrics {
    characters.value += text.count
    return inner.metrics(of: text, atSize: size)
  }
}
