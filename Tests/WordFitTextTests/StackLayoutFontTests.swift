import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitText

/// Stack layout measured with a real font: equal, ideal and fill widths (the seed article).
@Suite struct StackLayoutFontTests {
  let films = StackFixtures.films
  let available = StackFixtures.available

  func request(_ width: StackWidth, alignment: HorizontalAlignment = .center, labels: [String]? = nil) -> StackRequest {
    StackFixtures.request(width, alignment: alignment, labels: labels)
  }

  @Test func equalWidthIsTheWidestIdealWidthPlusPadding() throws {
    let font = try Font(contentsOf: TestPaths.regular)
    let layout = try StackLayout(request(.equal), measurer: font)
    let widest = layout.boxes.map(\.idealWidth).max()!
    #expect(layout.boxes.allSatisfy { $0.frame.width == widest + 24 })
    #expect(layout.boxes.max { $0.idealWidth < $1.idealWidth }?.label == "The Fast and the Furious: Tokyo Drift")
    #expect(Set(layout.boxes.map(\.frame.height)).count == 1, "equal heights")
    #expect(layout.boxes.allSatisfy { $0.frame.minX == 8 + floorHalf(374 - $0.frame.width) }, "centred")
    #expect(layout.size == 17 && layout.limit == .maximumSize)
    for (upper, lower) in zip(layout.boxes, layout.boxes.dropFirst()) {
      #expect(lower.frame.minY - upper.frame.maxY == 8, "spacing")
    }
  }

  @Test func idealBoxesHugTheirLabelsAndAlignTrailing() throws {
    let font = try Font(contentsOf: TestPaths.regular)
    let layout = try StackLayout(request(.ideal, alignment: .trailing), measurer: font)
    for box in layout.boxes {
      #expect(box.frame.width == box.idealWidth + 24)
      #expect(box.frame.maxX == available.maxX)
      let ink = try #require(box.inkBounds)
      #expect(box.frame.contains(ink))
    }
  }

  @Test func fillBoxesSpanTheAvailableWidth() throws {
    let font = try Font(contentsOf: TestPaths.regular)
    let layout = try StackLayout(request(.fill), measurer: font)
    #expect(layout.boxes.allSatisfy { $0.frame.minX == available.minX && $0.frame.maxX == available.maxX })
  }

  @Test func mixedAscendersAndDescendersKeepBoxHeightsEqual() throws {
    let font = try Font(contentsOf: TestPaths.regular)
    let layout = try StackLayout(request(.ideal, labels: ["Cat", "School", "jiggly"]), measurer: font)
    #expect(Set(layout.boxes.map(\.frame.height)).count == 1)
    #expect(Set(layout.boxes.map { $0.textOrigin.y - $0.frame.minY }).count == 1, "one baseline offset")
  }

  @Test func widestLabelForcesTheCommonSizeDown() throws {
    let font = try Font(contentsOf: TestPaths.regular)
    let narrow = StackRequest(
      labels: films, availableBox: PixelBox(minX: 8, minY: 8, maxX: 344, maxY: 422), maximumSize: 32, spacing: 4,
      horizontalPadding: 12, verticalPadding: 6)
    let layout = try StackLayout(narrow, measurer: font)
    #expect(layout.limit == .width)
    #expect(layout.boxes[layout.limitingLabelIndex ?? 0].label == "The Fast and the Furious: Tokyo Drift")
    let tokyo = "The Fast and the Furious: Tokyo Drift"
    #expect(font.metrics(of: tokyo, atSize: layout.size).extentWidth + 24 <= 336)
    #expect(font.metrics(of: tokyo, atSize: layout.size + 1.0 / 64).extentWidth + 24 > 336)
  }
}
