import Testing
import WordFitTestSupport

@testable import WordFitCore

/// Stacks whose labels wrap inside their boxes (issue 24): one common size, exact to 1/64 px,
/// every box as tall as the tallest label's lines.
@Suite struct WrappedStackTests {
  let measurer = FakeMeasurer()

  func request(_ labels: [String], width: Int, height: Int, limit: Int?) -> StackRequest {
    var request = StackRequest(
      labels: labels, availableBox: PixelBox(minX: 0, minY: 0, maxX: width, maxY: height), maximumSize: 60,
      spacing: 8, horizontalPadding: 10, verticalPadding: 6)
    (request.wraps, request.lineLimit) = (true, limit)
    request.labelSegments = labels.map { SpaceBreaker().segments(of: $0) }
    return request
  }

  /// Whether every label, broken greedily at `size`, fits its limit and its box across, and
  /// the boxes fit down: an independent check of the engine's rule.
  func fits(_ request: StackRequest, size: Double) -> Bool {
    let checker = WrapFitterTests(measurer: measurer)
    let textWidth = request.availableBox.width - 2 * request.horizontalPadding
    var content = 0
    for label in request.labels {
      let lines = checker.greedyLines(label, size: size, width: textWidth)
      guard lines.count <= (request.lineLimit ?? Int.max) else { return false }
      let metrics = lines.map { measurer.metrics(of: $0, atSize: size) }
      guard metrics.allSatisfy({ $0.extentWidth <= textWidth }) else { return false }
      content = Swift.max(content, WordLines().height(of: metrics, lineMetrics: measurer.lineMetrics(atSize: size)))
    }
    let count = request.labels.count
    let total = count * (content + 2 * request.verticalPadding) + (count - 1) * request.spacing
    return total <= request.availableBox.height
  }

  @Test func theCommonSizeIsExactAndNoLargerSizeFits() throws {
    let labels = ["Start workout", "Batterieoptimierung aktivieren", "Cancel", "Conference ticket for two"]
    for width in stride(from: 120, through: 400, by: 35) {
      for (height, limit) in [(480, 2), (300, 3), (200, nil)] {
        let request = request(labels, width: width, height: height, limit: limit)
        let layout = try StackLayout(request, measurer: measurer)
        guard layout.limit != .minimumSize else { continue }
        #expect(fits(request, size: layout.size), "\(width)x\(height): \(layout.size) px")
        for step in 1...128 where layout.size + Double(step) / 64 <= request.maximumSize {
          #expect(!fits(request, size: layout.size + Double(step) / 64), "\(width)x\(height): +\(step)/64 fits")
        }
        #expect(Set(layout.boxes.map(\.frame.height)).count == 1, "equal heights")
        #expect(layout.boxes.allSatisfy { !$0.lines.isEmpty })
      }
    }
  }

  @Test func aLongTitleWrapsAndTheOthersStayOnOneLine() throws {
    let layout = try StackLayout(
      request(["Start", "Batterieoptimierung aktivieren", "Cancel"], width: 300, height: 480, limit: 2),
      measurer: measurer)
    #expect(layout.boxes.map(\.lines.count) == [1, 2, 1])
    #expect(layout.boxes[1].lines.map(\.text) == ["Batterieoptimierung", "aktivieren"])
    #expect(layout.limit == .width, "the longest word sets the size")
  }
}
