import Testing
import WordFitTestSupport

@testable import WordFitCore

/// Hyphenation serves the fit (issue 40): a hyphenation point is used only when it lets the text
/// fit larger than whole words do, and then only in the words that size needs broken.
@Suite struct HyphenationFitterTests {
  let measurer = FakeMeasurer()

  /// `text` cut at spaces, each word also cut every `every` characters (a fake dictionary; the
  /// last piece takes the rest, at least `every` characters).
  func segments(_ text: String, every: Int = 2) -> [LineSegment] {
    SpaceBreaker().segments(of: text).flatMap { segment -> [LineSegment] in
      let word = Array(segment.text.trimmingCharacters(in: .whitespacesAndNewlines))
      let trail = String(segment.text.dropFirst(word.count))
      guard word.count >= 2 * every else { return [segment] }
      var pieces: [LineSegment] = []
      var start = 0
      while word.count - start >= 2 * every {
        pieces.append(LineSegment(String(word[start..<start + every]), endsWithHyphenationPoint: true))
        start += every
      }
      pieces.append(LineSegment(String(word[start...]) + trail, endsWithMandatoryBreak: segment.endsWithMandatoryBreak))
      return pieces
    }
  }

  /// `fitHyphenating` over the whole words of `pieces`, hyphenating into `pieces`.
  func hyphenating(_ fitter: Fitter<FakeMeasurer>, _ request: FitRequest, _ pieces: [LineSegment]) throws -> FitResult {
    try fitter.fitHyphenating(request, segments: LineSegment.joiningHyphenationPoints(pieces)) { pieces }
  }

  func request(width: Int, limit: Int? = nil, max: Double = 40) -> FitRequest {
    var request = FitRequest(words: [], availableWidth: width, availableHeight: 10_000, maximumSize: max)
    request.lineLimit = limit
    return request
  }

  @Test func aWordWiderThanTheLineBreaksAtItsPointsAndTheSizeStaysMaximal() throws {
    let text = "Rechtsschutzversicherungsgesellschaften"
    let fitter = Fitter(measurer: measurer)
    let whole = try fitter.fitWrapped(request(width: 289), segments: SpaceBreaker().segments(of: text))
    let result = try hyphenating(fitter, request(width: 289), segments(text))
    #expect(result.size > whole.size)
    #expect(result.size == 40, "no line is limited once the word breaks")
    #expect(result.lines.dropLast().allSatisfy { $0.text.hasSuffix("-") })
    #expect(result.breakKinds == Array(repeating: .hyphen, count: result.lines.count - 1))
    #expect(result.lines.map { $0.text.replacingOccurrences(of: "-", with: "") }.joined() == text)
    for line in result.lines {
      #expect(measurer.metrics(of: line.text, atSize: result.size).exactExtentWidth <= 289)
    }
  }

  @Test func withALineLimitTheSizeIsTheLargestThatFits() throws {
    let text = "Batterieoptimierung aktivieren"
    let fitter = Fitter(measurer: measurer)
    let whole = try fitter.fitWrapped(request(width: 200, limit: 2), segments: SpaceBreaker().segments(of: text))
    let result = try hyphenating(fitter, request(width: 200, limit: 2), segments(text))
    #expect(result.size > whole.size)
    #expect(result.lines.count == 2)
    // Exact: 1/64 px more does not fit the same break opportunities in two lines.
    let larger = try fitter.fitWrapped(
      request(width: 200, limit: 2, max: result.size + 1.0 / 64), segments: segments(text))
    #expect(larger.size == result.size)
  }

  @Test func wholeWordsThatFitAreNeverHyphenated() throws {
    // At the maximum size every word fits a line of its own: no hyphen, whatever the points.
    let fitter = Fitter(measurer: measurer)
    let result = try hyphenating(fitter, request(width: 289), segments("Always On display settings"))
    #expect(result.lines.allSatisfy { !$0.text.hasSuffix("-") })
    #expect(result.breakKinds.allSatisfy { $0 == .word })
  }

  @Test func onlyTheWordsTheSizeNeedsAreBroken() throws {
    // The 20-character word must break for 40 px (12 characters a line); "yyyyyy zzzzzz" would
    // greedily become "yyyyyy zzzz-" / "zz", but the next word simply moves down instead.
    let text = "xxxxxxxxxxxxxxxxxxxx yyyyyy zzzzzz"
    let fitter = Fitter(measurer: measurer)
    let greedy = try fitter.fitWrapped(request(width: 289), segments: segments(text))
    #expect(greedy.lines.filter { $0.text.hasSuffix("-") }.count > 1, "the greedy lines break z too")
    let result = try hyphenating(fitter, request(width: 289), segments(text))
    #expect(result.size == greedy.size)
    let hyphens = result.lines.filter { $0.text.hasSuffix("-") }
    #expect(hyphens.allSatisfy { $0.text.hasPrefix("x") }, "\(result.lines.map(\.text))")
    #expect(result.lines.contains { $0.text == "yyyyyy" || $0.text.hasPrefix("yyyyyy") })
    #expect(result.lines.contains { $0.text.hasSuffix("zzzzzz") })
  }

  @Test func theDictionaryIsOpenedOnlyWhenWholeWordsFallShort() throws {
    var opened = false
    let result = try Fitter(measurer: measurer).fitHyphenating(
      request(width: 289), segments: SpaceBreaker().segments(of: "Always On")
    ) {
      opened = true
      return segments("Always On")
    }
    #expect(result.size == 40 && !opened)
  }

  @Test func joiningRestoresTheTextsOwnBreakOpportunities() {
    let pieces = segments("Rechtsschutz versicherung", every: 3)
    let joined = LineSegment.joiningHyphenationPoints(pieces)
    #expect(joined.map(\.text) == ["Rechtsschutz ", "versicherung"])
    #expect(joined.allSatisfy { !$0.endsWithHyphenationPoint })
    #expect(LineSegment.lineText(pieces[0...1]) == "Rechts-")
  }
}
