import Testing

@testable import WordFit
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitText

@Suite struct StackLayoutTests {
  let films = [
    "The Fast and the Furious", "2 Fast 2 Furious", "The Fast and the Furious: Tokyo Drift", "Fast & Furious",
    "Fast Five",
    "Fast & Furious 6", "Furious 7", "The Fate of the Furious", "F9",
  ]
  let available = PixelBox(minX: 8, minY: 8, maxX: 382, maxY: 836)

  func request(_ width: StackWidth, alignment: HorizontalAlignment = .center, labels: [String]? = nil) -> StackRequest {
    StackRequest(
      labels: labels ?? films, availableBox: available, maximumSize: 17, spacing: 8, horizontalPadding: 12,
      verticalPadding: 7, width: width, alignment: alignment)
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
}

@Suite struct BoxShapeTests {
  @Test func rectangleCoversEverything() {
    #expect(BoxShape.rectangle.coverage(width: 4, height: 3) == [UInt8](repeating: 255, count: 12))
  }

  @Test func roundedCornersAreSymmetricAndAntiAliased() {
    let width = 20
    let height = 12
    let mask = BoxShape.rounded(radius: 4).coverage(width: width, height: height)
    func at(_ x: Int, _ y: Int) -> UInt8 { mask[y * width + x] }
    #expect(at(0, 0) == 0, "outside the corner arc")
    #expect(at(10, 0) == 255 && at(0, 6) == 255 && at(10, 6) == 255, "edges and middle")
    #expect(at(1, 1) > 0 && at(1, 1) < 255, "the arc is anti-aliased")
    for y in 0..<height {
      for x in 0..<width {
        #expect(at(x, y) == at(width - 1 - x, y) && at(x, y) == at(x, height - 1 - y))
      }
    }
  }

  @Test func radiusIsClampedToHalfTheShorterSide() {
    #expect(BoxShape.rounded(radius: 100).radius(width: 50, height: 20) == 10)
    #expect(BoxShape.capsule.radius(width: 50, height: 21) == 10.5)
    #expect(
      BoxShape.rounded(radius: 100).coverage(width: 50, height: 20) == BoxShape.capsule.coverage(width: 50, height: 20))
  }

  @Test func coverageAreaMatchesTheGeometry() {
    // A 40 × 40 circle (capsule of a square): area π·20² ≈ 1256.6 px.
    let mask = BoxShape.capsule.coverage(width: 40, height: 40)
    let area = Double(mask.reduce(0) { $0 + Int($1) }) / 255
    #expect(abs(area - Double.pi * 400) < 2)
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
