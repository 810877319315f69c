import Testing
import WordFitTestSupport

@testable import WordFitCore

/// Words wider than the line (issue 40): below the legible size a wrapped text breaks such a
/// word between grapheme clusters (or truncates it, or shrinks, by policy) instead of shrinking.
@Suite struct OverlongWordsTests {
  let measurer = FakeMeasurer()

  func request(_ policy: OverlongWordPolicy, width: Int = 289, legible: Double = 24) -> FitRequest {
    var request = FitRequest(words: [], availableWidth: width, availableHeight: 10_000, maximumSize: 40)
    (request.overlongWords, request.legibleSize) = (policy, legible)
    return request
  }

  func fit(_ text: String, _ request: FitRequest) throws -> FitResult {
    try Fitter(measurer: measurer).fitWrappedText(request, segments: SpaceBreaker().segments(of: text))
  }

  @Test func shrinkKeepsTheWholeWordFit() throws {
    // 39 characters at 0.6 em need 289 / 23.4 ≈ 12.3 px: under the legible 24 px.
    let result = try fit("Rechtsschutzversicherungsgesellschaften", request(.shrink))
    #expect(result.size < 24 && result.lines.count == 1)
  }

  @Test func breakKeepsTheSizeAboveTheLegibleMinimumAndStartsTheWordOnItsOwnLine() throws {
    let text = "Die Rechtsschutzversicherungsgesellschaften zahlen"
    let result = try fit(text, request(.break))
    #expect(result.size == 40, "the maximum size: nothing else limits it")
    #expect(result.lines.first?.text == "Die", "the overlong word starts a line, as TextKit wraps it")
    #expect(result.breakKinds.first == .word)
    #expect(result.breakKinds.dropFirst().contains(.grapheme))
    #expect(result.lines.allSatisfy { !$0.text.hasSuffix("-") }, "no hyphen between clusters")
    #expect(
      result.lines.map(\.text).joined(separator: " ").replacingOccurrences(of: " ", with: "")
        == text.replacingOccurrences(of: " ", with: ""))
    for line in result.lines { #expect(measurer.metrics(of: line.text, atSize: result.size).extentWidth <= 289) }
  }

  @Test func truncateKeepsTheLegibleSizeAndCutsTheWord() throws {
    let result = try fit("Rechtsschutzversicherungsgesellschaften", request(.truncate))
    #expect(result.size >= 24 && result.size < 24 + 1.0 / 32)
    #expect(result.lines.count == 1 && result.lines[0].text.hasSuffix("…"))
  }

  @Test func aboveTheLegibleSizeNothingChanges() throws {
    // Fits whole at 30 px (> 24): the policy does not apply; the words are never broken.
    let text = "Batterieoptimierung"
    let broken = try fit(text, request(.break, width: 350))
    let shrunk = try fit(text, request(.shrink, width: 350))
    #expect(broken == shrunk)
    #expect(broken.size > 24)
  }

  @Test func breaksFallBetweenGraphemeClusters() {
    // "é" decomposed, and a flag emoji: each is one cluster and never split.
    let segments = [LineSegment("Caf\u{65}\u{301}🇩🇪x ")]
    let pieces = Fitter<FakeMeasurer>.splittingClusters(of: segments, at: [0])
    #expect(pieces.map(\.text) == ["C", "a", "f", "e\u{301}", "🇩🇪", "x "])
    #expect(pieces.dropLast().allSatisfy { $0.endsBetweenClusters })
    #expect(LineSegment.lineText(pieces[0...2]) == "Caf", "no hyphen at a cluster break")
  }

  /// One word per line (`fitWords`): below the legible size an overlong word breaks over lines
  /// of its own (`break`), is cut with "…" at the legible size (`truncate`), or shrinks
  /// (`shrink`); a layout that fits legibly is ``Fitter/fit(_:)``'s own.
  @Test func oneWordPerLineTakesThePolicyToo() throws {
    let words = ["Die", "Rechtsschutzversicherungsgesellschaften", "zahlen"]
    func fitWords(_ policy: OverlongWordPolicy) throws -> FitResult {
      var request = request(policy)
      request.words = words
      return try Fitter(measurer: measurer).fitWords(request)
    }
    let shrunk = try fitWords(.shrink)
    #expect(shrunk.size < 24 && shrunk.lines.map(\.text) == words)
    let broken = try fitWords(.break)
    #expect(broken.size == 40 && broken.lines.count > words.count)
    #expect(broken.lines.first?.text == "Die" && broken.lines.last?.text == "zahlen", "each word starts a line")
    #expect(broken.breakKinds.contains(.grapheme))
    let cut = try fitWords(.truncate)
    #expect(cut.size == 24 && cut.lines.count == words.count)
    #expect(cut.lines[1].text.hasSuffix("…") && cut.truncatedWordIndices == [1])
    // Short words: the same answer as `fit(_:)`.
    var short = request(.break)
    short.words = ["Turn", "on"]
    #expect(try Fitter(measurer: measurer).fitWords(short) == (try Fitter(measurer: measurer).fit(short)))
  }
}

/// An overlong word under `--hyphenation auto` and under `--overflow clip`, as web-platform-tests'
/// css-text pages lay them out (the `wpt-css-text` conformance suite).
@Suite struct OverlongWordsCSSTests {
  let measurer = FakeMeasurer()

  /// 0.6 em a character at 40 px: 24 px each, so 10 characters fit 240 px and 11 do not.
  func request(width: Int = 240, overflow: OverflowPolicy = .truncate) -> FitRequest {
    var request = FitRequest(words: [], availableWidth: width, availableHeight: 10_000, maximumSize: 40)
    (request.overlongWords, request.legibleSize, request.minimumScaleFactor, request.overflow) = (
      .break, 40, 1, overflow
    )
    return request
  }

  @Test func anOverlongWordBreaksAtItsHyphenationPointsBeforeBetweenClusters() throws {
    let whole = SpaceBreaker().segments(of: "Rechtsschutzversicherungsgesellschaften")
    let hyphenated = [
      LineSegment("Rechts", endsWithHyphenationPoint: true), LineSegment("schutz", endsWithHyphenationPoint: true),
      LineSegment("versicherungsgesellschaften"),
    ]
    let result = try Fitter(measurer: measurer).fitWrappedText(request(), segments: whole) { hyphenated }
    let lines = result.lines.map(\.text)
    // Greedy filling between clusters alone would give "Rechtsschu", "tzversiche", …
    #expect(Array(lines.prefix(2)) == ["Rechts-", "schutz-"], "\(lines)")
    #expect(lines.dropFirst(2).joined() == "versicherungsgesellschaften", "the piece too wide breaks between clusters")
    #expect(result.breakKinds.prefix(2) == [.hyphen, .hyphen] && result.breakKinds.dropFirst(2).contains(.grapheme))
    for line in result.lines { #expect(measurer.metrics(of: line.text, atSize: 40).extentWidth <= 240) }
  }

  @Test func aClippedTextBreaksAnOverlongWordRatherThanOverflowing() throws {
    let text = "Rechtsschutzversicherungsgesellschaften zahlen"
    let result = try Fitter(measurer: measurer).fitWrappedText(
      request(overflow: .clip), segments: SpaceBreaker().segments(of: text))
    #expect(result.limit != .minimumSize, "inside its box: \(result.lines.map(\.text))")
    #expect(result.breakKinds.contains(.grapheme))
    for line in result.lines { #expect(measurer.metrics(of: line.text, atSize: 40).extentWidth <= 240) }
  }

  @Test func aClusterWiderThanTheBoxStillBreaksFromTheNext() throws {
    // 1 px: no cluster fits, each overflows on a line of its own (CSS's width: 0).
    let result = try Fitter(measurer: measurer).fitWrappedText(
      request(width: 1, overflow: .clip), segments: SpaceBreaker().segments(of: "abc"))
    #expect(result.lines.map(\.text) == ["a", "b", "c"])
  }
}
