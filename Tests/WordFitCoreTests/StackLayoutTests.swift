import Testing
import WordFitTestSupport

@testable import WordFitCore

/// Stack layout through the one fitting engine, with the fake measurer.
@Suite struct StackLayoutTests {
  let films = StackFixtures.films
  let available = StackFixtures.available

  func request(_ width: StackWidth, alignment: HorizontalAlignment = .center, labels: [String]? = nil) -> StackRequest {
    StackFixtures.request(width, alignment: alignment, labels: labels)
  }

  @Test func tooManyBoxesAreHeightLimited() throws {
    let tight = StackRequest(
      labels: films, availableBox: PixelBox(minX: 0, minY: 0, maxX: 2000, maxY: 300), maximumSize: 40, spacing: 10,
      horizontalPadding: 0, verticalPadding: 5)
    let layout = try StackLayout(tight, measurer: FakeMeasurer())
    #expect(layout.limit == .height)
    #expect(layout.boxes.count * layout.boxHeight + 8 * 10 <= 300)
  }

  @Test func truncatesAndDropsAtTheMinimum() throws {
    let tight = StackRequest(
      labels: ["short", "a much longer label here", "x", "y"],
      availableBox: PixelBox(minX: 0, minY: 0, maxX: 100, maxY: 60),
      maximumSize: 20, minimumScaleFactor: 1, spacing: 0)
    let layout = try StackLayout(tight, measurer: FakeMeasurer())
    #expect(layout.limit == .minimumSize)
    #expect(layout.boxes.count == 3)
    #expect(layout.boxes[1].text.hasSuffix("…") && layout.boxes[1].frame.width <= 100)
    #expect(layout.boxes[2].text == "x…", "the last box kept says more follows")
  }

  @Test func rejectsNoLabelsAndPaddingWithoutRoom() {
    #expect(throws: WordFitError.self) { try StackLayout(request(.equal, labels: []), measurer: FakeMeasurer()) }
    var padded = request(.equal)
    padded.horizontalPadding = 200
    #expect(throws: WordFitError.self) { try StackLayout(padded, measurer: FakeMeasurer()) }
  }

  /// The stack is the fitting engine plus placement: the same maximality as word stacks.
  @Test(arguments: [false, true])
  func stackSizeIsMaximalThroughTheOneEngine(hinted: Bool) throws {
    let measurer = FakeMeasurer(hinted: hinted)
    for width in stride(from: 60, through: 400, by: 7) {
      let request = StackRequest(
        labels: ["Hello, World!", "Cat", "School"], availableBox: PixelBox(minX: 0, minY: 0, maxX: width, maxY: 300),
        maximumSize: 40, spacing: 8, horizontalPadding: 12, verticalPadding: 7)
      let layout = try StackLayout(request, measurer: measurer)
      let fitter = Fitter(measurer: measurer)
      #expect(fitter.fits(request.fitRequest, atSize: layout.size, lines: request.lines), "width \(width)")
      if layout.limit != .maximumSize {
        #expect(!fitter.fits(request.fitRequest, atSize: layout.size + 1.0 / 64, lines: request.lines))
      }
      let widest = try #require(layout.boxes.map(\.frame.width).max())
      #expect(layout.boxes.allSatisfy { $0.frame.width == widest && $0.frame.height == layout.boxHeight })
      #expect(layout.boxes.allSatisfy { layout.availableBox.contains($0.frame) })
    }
  }
}
