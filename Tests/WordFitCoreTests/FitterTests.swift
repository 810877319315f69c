import Testing
import WordFitTestSupport

@testable import WordFitCore

@Suite struct FitterTests {
  let words = ["Aimée", "Bethany", "Charles"]

  func request(width: Int, height: Int = 10_000, max: Double = 80, minScale: Double = 0.01) -> FitRequest {
    FitRequest(
      words: words, availableWidth: width, availableHeight: height, maximumSize: max, minimumScaleFactor: minScale)
  }

  @Test(arguments: [false, true])
  func commonSizeIsMaximalAtEveryWidth(hinted: Bool) throws {
    let measurer = FakeMeasurer(hinted: hinted)
    for width in stride(from: 40, through: 420, by: 3) {
      let request = request(width: width)
      let result = try Fitter(measurer: measurer).fit(request)
      #expect(result.size <= 80)
      #expect(measurer.fits(words, atSize: result.size, request), "width \(width): \(result.size) px does not fit")
      if result.size < 80 {
        #expect(
          !measurer.fits(words, atSize: result.size + 1.0 / 64, request),
          "width \(width): \(result.size) + 1/64 still fits")
        #expect(result.limit == .width)
        #expect(result.limitingWordIndex == 1, "Bethany and Charles are 7 characters; the first widest is Bethany")
      } else {
        #expect(result.limit == .maximumSize)
      }
      #expect(result.size * 64 == (result.size * 64).rounded(), "sizes live on the 1/64 px grid")
      #expect(Set(result.lines.map(\.size)).count == 1)
    }
  }

  @Test func closedFormEstimateKeepsMeasurementsFew() throws {
    let result = try Fitter(measurer: FakeMeasurer()).fit(request(width: 250))
    #expect(result.limit == .width)
    #expect(result.measuredSizeCount <= 6, "measured \(result.measuredSizeCount) sizes")
  }

  @Test func heightLimitedStack() throws {
    let many = (1...12).map { "w\($0)" }
    let request = FitRequest(words: many, availableWidth: 1000, availableHeight: 300, maximumSize: 80)
    let measurer = FakeMeasurer()
    let result = try Fitter(measurer: measurer).fit(request)
    #expect(result.limit == .height)
    #expect(result.limitingWordIndex == nil)
    #expect(measurer.fits(many, atSize: result.size, request))
    #expect(!measurer.fits(many, atSize: result.size + 1.0 / 64, request))
    // 12 lines of 1.0 em plus ink below the last baseline must fit in 300 px: about 24.6 px.
    #expect(result.size > 24 && result.size < 25.5)
  }

  @Test func spacingCountsBetweenLinesOnly() throws {
    let request = FitRequest(
      words: ["a", "b"], availableWidth: 1000, availableHeight: 100, maximumSize: 200, lineSpacing: 20)
    let result = try Fitter(measurer: FakeMeasurer()).fit(request)
    // 2 lines × 1 em + 20 px ≤ 100 px → 40 px, less the ink below the last baseline (0.15 em
    // vs 0.2 em descender: inside the line box).
    #expect(result.size == 40)
    #expect(result.limit == .height)
  }

  @Test func neverBelowMinimumScale() throws {
    let measurer = FakeMeasurer()
    let request = FitRequest(
      words: words, availableWidth: 100, availableHeight: 1000, maximumSize: 80, minimumScaleFactor: 0.5,
      overflow: .clip)
    let result = try Fitter(measurer: measurer).fit(request)
    #expect(result.size == 40)
    #expect(result.limit == .minimumSize)
    #expect(result.lines.map(\.text) == words, "clip draws the words whole")
  }

  @Test func truncatesOnlyWordsThatOverflowAtTheMinimum() throws {
    let measurer = FakeMeasurer()
    let request = FitRequest(
      words: ["Value", "exponentially", "up"], availableWidth: 200, availableHeight: 1000, maximumSize: 40,
      minimumScaleFactor: 0.9)
    let result = try Fitter(measurer: measurer).fit(request)
    #expect(result.size == 36)
    #expect(result.lines[0].text == "Value")
    #expect(result.lines[1].text.hasSuffix("…"))
    #expect(result.lines[1].text.hasPrefix("expon"))
    #expect(result.lines[1].metrics.extentWidth <= 200)
    // One more character would not fit.
    let longer = String("exponentially".prefix(result.lines[1].text.count)) + "…"
    #expect(measurer.metrics(of: longer, atSize: 36).extentWidth > 200)
    #expect(result.truncatedWordIndices == [1])
    #expect(result.limitingWordIndex == 1)
  }

  @Test func truncateDropsLinesThatDoNotFitBelow() throws {
    let request = FitRequest(
      words: ["a", "b", "c", "d"], availableWidth: 500, availableHeight: 100, maximumSize: 50, minimumScaleFactor: 1)
    let result = try Fitter(measurer: FakeMeasurer()).fit(request)
    #expect(result.lines.map(\.text) == ["a", "b…"])
    #expect(result.truncatedWordIndices == [1, 2, 3])
    #expect(result.wordCount == 4)
    #expect(result.truncatedWords == ["b", "c", "d"], "dropped words are named too")
  }

  @Test func failPolicyThrowsDataError() {
    let request = FitRequest(
      words: words, availableWidth: 50, availableHeight: 1000, maximumSize: 80, minimumScaleFactor: 0.9, overflow: .fail
    )
    #expect(throws: WordFitError.self) { try Fitter(measurer: FakeMeasurer()).fit(request) }
    do {
      _ = try Fitter(measurer: FakeMeasurer()).fit(request)
    } catch let error as WordFitError {
      #expect(error.kind == .invalidData)
      #expect(error.message.contains("Bethany"))
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func individualSizesAreEachMaximal() throws {
    let measurer = FakeMeasurer()
    let words = ["Value", "exponentially", "up"]
    var request = FitRequest(
      words: words, availableWidth: 300, availableHeight: 1000, maximumSize: 80, sizing: .individual)
    let result = try Fitter(measurer: measurer).fit(request)
    #expect(result.lines[2].size == 80, "a short word reaches the maximum")
    let long = result.lines[1]
    #expect(measurer.metrics(of: long.source, atSize: long.size).extentWidth <= 300)
    #expect(measurer.metrics(of: long.source, atSize: long.size + 1.0 / 64).extentWidth > 300)
    request.sizing = .common
    let common = try Fitter(measurer: measurer).fit(request)
    #expect(common.size == long.size, "the common size is the longest word's individual size")
    #expect(result.lines.allSatisfy { $0.size >= common.size })
  }

  @Test func searchHoldsWhereFittingIsNotMonotonic() {
    // Fits below 100, not at 100…119, fits again at 120…149, never above.
    let fits: (Int) -> Bool = { $0 < 100 || (120..<150).contains($0) }
    for estimate in [1, 50, 99, 110, 130, 149, 200, 400] {
      let found = Fitter<FakeMeasurer>.largestFitting(
        in: 1...400, estimate: estimate, fits: fits, refine: { last, _, _ in last })
      let value = try! #require(found)
      #expect(fits(value) && !fits(value + 1), "estimate \(estimate) gave \(value)")
    }
    #expect(
      Fitter<FakeMeasurer>.largestFitting(
        in: 10...20, estimate: 15, fits: { _ in false }, refine: { last, _, _ in last }) == nil)
    #expect(
      Fitter<FakeMeasurer>.largestFitting(
        in: 10...20, estimate: 15, fits: { _ in true }, refine: { last, _, _ in last }) == 20)
  }

  @Test func rejectsImpossibleRequests() {
    let fitter = Fitter(measurer: FakeMeasurer())
    let cases: [FitRequest] = [
      FitRequest(words: [], availableWidth: 100, availableHeight: 100, maximumSize: 10),
      FitRequest(words: ["a"], availableWidth: 0, availableHeight: 100, maximumSize: 10),
      FitRequest(words: ["a"], availableWidth: 100, availableHeight: 100, maximumSize: 10, minimumScaleFactor: 0),
      FitRequest(words: ["a"], availableWidth: 100, availableHeight: 100, maximumSize: 10, minimumScaleFactor: 1.5),
      FitRequest(words: ["a"], availableWidth: 100, availableHeight: 100, maximumSize: .nan),
    ]
    for request in cases {
      do {
        _ = try fitter.fit(request)
        Issue.record("accepted \(request)")
      } catch let error as WordFitError {
        #expect(error.kind == .usage)
      } catch {
        Issue.record("unexpected \(error)")
      }
    }
  }
}
