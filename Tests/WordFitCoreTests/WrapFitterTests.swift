import Testing
import WordFitTestSupport

@testable import WordFitCore

/// A breaker that breaks after spaces (each space stays with the word before it) and must
/// break after a newline.
struct SpaceBreaker: LineBreaking {
  func segments(of text: String) -> [LineSegment] {
    var segments: [LineSegment] = []
    var current = ""
    for character in text {
      current.append(character)
      if character == " " || character == "\n" {
        segments.append(LineSegment(current, endsWithMandatoryBreak: character == "\n"))
        current = ""
      }
    }
    if !current.isEmpty { segments.append(LineSegment(current)) }
    return segments
  }
}

/// The `wrap` layout's fit (issue 24): the largest size at which the text, filled greedily,
/// takes at most the line limit and fits the box; exact to 1/64 px.
@Suite struct WrapFitterTests {
  var measurer = FakeMeasurer()

  func request(width: Int, height: Int = 10_000, limit: Int? = 2, max: Double = 80) -> FitRequest {
    var request = FitRequest(words: [], availableWidth: width, availableHeight: height, maximumSize: max)
    request.lineLimit = limit
    return request
  }

  /// An independent greedy layout: the lines at `size`, each as wide as the fake measures it.
  func greedyLines(_ text: String, size: Double, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for segment in SpaceBreaker().segments(of: text).map(\.text) {
      let candidate = current + segment
      let trimmed = String(candidate.reversed().drop { $0 == " " }.reversed())
      if current.isEmpty || measurer.metrics(of: trimmed, atSize: size).extentWidth <= width {
        current = candidate
      } else {
        lines.append(String(current.reversed().drop { $0 == " " }.reversed()))
        current = segment
      }
    }
    if !current.isEmpty { lines.append(String(current.reversed().drop { $0 == " " }.reversed())) }
    return lines
  }

  func fits(_ text: String, size: Double, _ request: FitRequest) -> Bool {
    let lines = greedyLines(text, size: size, width: request.availableWidth)
    guard lines.count <= (request.lineLimit ?? Int.max) else { return false }
    guard lines.allSatisfy({ measurer.metrics(of: $0, atSize: size).extentWidth <= request.availableWidth })
    else { return false }
    return measurer.fits(lines, atSize: size, request)
  }

  /// A text that fits in 2 lines at 40 px needs 3 at 41 px: under a 2-line limit the size
  /// stops where "aaaa bbbb" stops fitting on one line.
  @Test func lineCountAndSizeInteract() throws {
    let text = "aaaa bbbb cccc"
    let result = try Fitter(measurer: measurer).fitWrapped(
      request(width: 218), segments: SpaceBreaker().segments(of: text))
    #expect(result.lines.map(\.text) == ["aaaa bbbb", "cccc"])
    #expect(result.size == 40.171875)
    #expect(result.limit == .lineLimit)
    #expect(result.breakOffsets == [10], "the line ends after \"aaaa bbbb \"")
    #expect(greedyLines(text, size: 41, width: 218).count == 3)
  }

  @Test func theSizeFitsAndNoLargerSizeDoes() throws {
    let texts = [
      "Start workout", "Batterieoptimierung aktivieren", "García-Fernández de la Vega", "SAP SE",
      "van der Meulen", "a bb ccc dddd eeeee ffffff", "Conference ticket for two",
    ]
    for text in texts {
      for width in stride(from: 40, through: 400, by: 23) {
        for limit in [1, 2, 3, nil] {
          let request = request(width: width, height: 160, limit: limit)
          let result = try Fitter(measurer: measurer).fitWrapped(request, segments: SpaceBreaker().segments(of: text))
          guard result.limit != .minimumSize else { continue }
          #expect(fits(text, size: result.size, request), "\(text) at \(width), limit \(String(describing: limit))")
          #expect(result.lines.map(\.text) == greedyLines(text, size: result.size, width: width))
          for step in 1...192 where result.size + Double(step) / 64 <= request.maximumSize {
            #expect(
              !fits(text, size: result.size + Double(step) / 64, request),
              "\(text) at \(width): \(result.size) + \(step)/64 fits too")
          }
        }
      }
    }
  }

  @Test func mandatoryBreaksEndLines() throws {
    let result = try Fitter(measurer: measurer).fitWrapped(
      request(width: 400, limit: nil, max: 20), segments: SpaceBreaker().segments(of: "Dr.\nAda Lovelace"))
    #expect(result.lines.map(\.text) == ["Dr.", "Ada Lovelace"])
  }

  @Test func atTheMinimumTheLastLineKeepsTheRestCutWithAnEllipsis() throws {
    var narrow = request(width: 60, limit: 2, max: 20)
    narrow.minimumScaleFactor = 1
    let segments = SpaceBreaker().segments(of: "aaa bbb ccc ddd eee")
    for (mode, expected) in [(TruncationMode.tail, "bbb…"), (.head, "…eee"), (.middle, "bb…e")] {
      narrow.truncation = mode
      let result = try Fitter(measurer: measurer).fitWrapped(narrow, segments: segments)
      #expect(result.limit == .minimumSize)
      #expect(result.lines.count == 2)
      #expect(result.lines[0].text == "aaa")
      #expect(result.lines[1].text == expected, "\(mode)")
      #expect(result.lines.allSatisfy { $0.metrics.extentWidth <= 60 })
    }
    narrow.overflow = .fail
    #expect(throws: WordFitError.self) { try Fitter(measurer: measurer).fitWrapped(narrow, segments: segments) }
  }

  @Test func aLineLimitBelowOneIsRefused() {
    #expect(throws: WordFitError.self) {
      try Fitter(measurer: measurer).fitWrapped(request(width: 100, limit: 0), segments: [LineSegment("a")])
    }
  }

  /// 1,000 random texts, each on the four watch canvases' text areas (38, 41, 45, 49 mm minus
  /// 8 px insets), hinted (advances rounded to whole pixels, so fitting is not monotonic) and not:
  /// the size fits, and no size in the 2 px above it does.
  @Test func noSizeAboveTheResultFitsForRandomTexts() throws {
    var generator = SeededGenerator(seed: 24)
    var checked = 0
    var text = ""
    let boxes = [(324, 378), (336, 408), (380, 468), (400, 500)]
    let lengths = ["a", "bb", "ccc", "dddd", "eeeee", "ffffff", "ggggggggg", "hhhhhhhhhhhhh"]
    for index in 0..<4_000 {
      if index % 4 == 0 {
        let words = (0..<Int.random(in: 1...7, using: &generator)).map { _ in lengths.randomElement(using: &generator)!
        }
        text = words.joined(separator: " ")
      }
      let measurer = FakeMeasurer(hinted: (index / 4) % 2 == 1)
      let (width, height) = boxes[index % boxes.count]
      var request = request(width: width, height: height, limit: [1, 2, 3, nil][(index / 4) % 4], max: 120)
      request.minimumScaleFactor = 0.05
      let result = try Fitter(measurer: measurer).fitWrapped(request, segments: SpaceBreaker().segments(of: text))
      guard result.limit != .minimumSize else { continue }
      checked += 1
      let words = text.split(separator: " ").map(\.count)
      #expect(fastFits(words, size: result.size, request, measurer), "\(text) at \(width)x\(height)")
      for step in 1...128 where result.size + Double(step) / 64 <= request.maximumSize {
        #expect(!fastFits(words, size: result.size + Double(step) / 64, request, measurer), "\(text): +\(step)/64")
      }
    }
    #expect(checked >= 3_600, "most fit above the minimum (\(checked) of 4,000)")
  }

  /// ``fits(_:size:_:)`` for a text of words of `lengths` characters separated by single spaces
  /// (the fake measures only a line's character count): greedy lines by count, then the
  /// measurer's widths and the stack, with no strings built.
  func fastFits(_ lengths: [Int], size: Double, _ request: FitRequest, _ measurer: FakeMeasurer) -> Bool {
    var counts: [Int] = []
    var current = 0
    func width(_ count: Int) -> Int {
      measurer.metrics(of: String(repeating: "x", count: count), atSize: size).extentWidth
    }
    for length in lengths {
      if current == 0 {
        current = length
      } else if width(current + 1 + length) <= request.availableWidth {
        current += 1 + length
      } else {
        counts.append(current)
        current = length
      }
    }
    counts.append(current)
    guard counts.count <= (request.lineLimit ?? Int.max), counts.allSatisfy({ width($0) <= request.availableWidth })
    else { return false }
    return measurer.fits(counts.map { String(repeating: "x", count: $0) }, atSize: size, request)
  }

  /// A long text on a wide canvas (lines of hundreds of segments) costs O(n log n) characters
  /// measured per size, not O(n²): each line's end is found by galloping and bisecting.
  @Test func longLinesCostNLogNNotNSquared() throws {
    final class CharacterCounter: WordMeasuring {
      let base = FakeMeasurer()
      var characters = 0
      func unscaledAdvance(of text: String) -> Double { base.unscaledAdvance(of: text) }
      func lineMetrics(atSize size: Double) -> LineMetrics { base.lineMetrics(atSize: size) }
      func metrics(of text: String, atSize size: Double) -> WordMetrics {
        characters += text.count
        return base.metrics(of: text, atSize: size)
      }
    }
    let counter = CharacterCounter()
    let text = String(repeating: "ab ", count: 4_000)
    var request = request(width: 16_000, height: 16_000, limit: nil, max: 20)
    request.minimumScaleFactor = 0.5
    let result = try Fitter(measurer: counter).fitWrapped(request, segments: SpaceBreaker().segments(of: text))
    let sizes = result.measuredSizeCount + result.scannedSizeCount
    #expect(result.lines.count > 3)
    #expect(
      counter.characters < 100 * 12_000 * Swift.max(1, sizes), "\(counter.characters) characters over \(sizes) sizes")
    #expect(
      counter.characters < 1_000_000,
      "\(counter.characters) characters measured (first-fit over every prefix: ~2.7 million)")
  }

  /// Issue 38, 12: a text of many short segments fills hundreds of lines, and at nearly every
  /// size some rejected line lies within rounding of the width, so no single break "stands":
  /// the scan above the found size went on for hundreds of sizes (315 for 14,000 Thai
  /// characters). The relaxed layout's lower bound ends it at the first size that fails, and
  /// the size is still the largest that fits (checked against the independent greedy layout
  /// at every 1/64 px up to 2 px above).
  @Test func manyShortSegmentsSettleAtOnce() throws {
    var generator = SeededGenerator(seed: 12)
    let text = (0..<1_500).map { _ in String(repeating: "a", count: Int.random(in: 1...6, using: &generator)) + " " }
      .joined()
    var suite = self
    suite.measurer = FakeMeasurer(characterEms: 0.537, hinted: true)
    // Before: 475 and 355 sizes scanned; after: 0 (the first size above fails for good).
    for height in [500, 900] {
      let tall = request(width: 300, height: height, limit: nil)
      let result = try Fitter(measurer: suite.measurer).fitWrapped(tall, segments: SpaceBreaker().segments(of: text))
      #expect(result.scannedSizeCount <= 8, "height \(height): scanned \(result.scannedSizeCount) sizes")
      #expect(suite.fits(text, size: result.size, tall))
      for step in 1...128 {
        let larger = result.size + Double(step) / 64
        #expect(!suite.fits(text, size: larger, tall), "height \(height): \(larger) px fits too")
      }
    }
  }
}
