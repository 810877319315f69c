import Foundation
import Testing
import WordFitGoldenSupport
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitLayout
@testable import WordFitPreview

/// Round screens and rounded corners (issue 27), on real fonts and real pixels.
@Suite struct RoundScreenTests {
  static let texts = [
    "Aimée Bethany Charles", "Value exponentially increasing", "Batterieoptimierung aktivieren",
    "The quick brown fox jumps over the lazy dog", "jiggly Quay", "Foo Bar Baz",
  ]

  /// A pixel with ink: anything but the black background (outside the screen's outline the
  /// render keeps black at a lower alpha, or nothing at all).
  static func isInked(_ canvas: Canvas, _ x: Int, _ y: Int) -> Bool {
    let color = canvas.color(atX: x, y: y)
    return color.alpha > 0 && (color.red, color.green, color.blue) != (0, 0, 0)
  }

  /// A random shaped layout: canvas, shape, insets, layout and text.
  static func randomSpec(_ generator: inout SeededGenerator) -> RenderSpec {
    var spec = RenderSpec(text: texts.randomElement(using: &generator)!)
    let side = Int.random(in: 180...480, using: &generator)
    let height = Bool.random(using: &generator) ? side : Int.random(in: 180...480, using: &generator)
    spec.canvas = "\(side)x\(height)"
    spec.fields.shape =
      Bool.random(using: &generator) ? .circle : .rounded(radius: Double(Int.random(in: 20...120, using: &generator)))
    spec.insets = [Int.random(in: 0...24, using: &generator)]
    spec.layout = [.words, .wrap].randomElement(using: &generator)!
    spec.maxSize = Double(Int.random(in: 30...120, using: &generator))
    spec.align = [.leading, .center, .trailing].randomElement(using: &generator)!
    return spec
  }

  @Test func noInkLeavesTheOutlineAndOneStepLargerDoesNotFit() throws {
    var generator = SeededGenerator(seed: 454)
    let renderer = WordStackRenderer()
    var checked = 0
    for _ in 0..<24 {
      let spec = Self.randomSpec(&generator)
      let rendering = try renderer.render(spec)
      let outline = try #require(rendering.layout.outline, "\(spec.canvas) \(spec.fields.shape!)")
      let canvas = rendering.canvas
      for y in 0..<canvas.height {
        for x in 0..<canvas.width where Self.isInked(canvas, x, y) {
          #expect(
            outline.contains(x: x, y: y), "\(spec.text) on \(spec.canvas) \(spec.fields.shape!): ink at \(x),\(y)")
        }
      }
      let fit = rendering.layout.fit
      guard fit.limit == .width || fit.limit == .height || fit.limit == .lineLimit else { continue }
      var larger = spec
      (larger.maxSize, larger.minScale, larger.overlongWords) = (fit.size + 1.0 / 64, 1, .shrink)
      #expect(try renderer.render(larger).layout.fit.limit == .minimumSize, "\(spec.text): \(fit.size) + 1/64 fits")
      checked += 1
    }
    #expect(checked >= 12)
  }

  // Issue 38 item 19: a wrap on a round screen is the largest size over every line count the
  // limit allows, so a higher limit never gives a smaller size, and no size up to a pixel above
  // the answer fits either (before: the Japanese phrase on wear-small took 40.97 px with a limit
  // of 4 where 51.72 fits in 3 lines; "Ein Anruf von Mama wurde verpasst" took 57.92 px with a
  // limit of 5 and 57.80 with 6).
  @Test(arguments: [
    "The quick brown fox jumps over the lazy dog", "Close your activity rings today",
    "Battery optimisation is turned on for this app", "Ein Anruf von Mama wurde verpasst",
  ])
  func roundWrapsAreMaximalAndGrowWithTheLineLimit(_ text: String) throws {
    let renderer = WordStackRenderer()
    var sizes: [Double] = []
    var spec = RenderSpec(text: text)
    (spec.canvas, spec.layout) = ("wear-small", .wrap)
    for limit in 2...6 {
      spec.lineLimit = limit
      sizes.append(try renderer.layOut(spec).layout.fit.size)
    }
    #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 }, "\(text): \(sizes)")
    spec.lineLimit = 6
    let best = try #require(sizes.last)
    for step in 1...16 {
      var larger = spec
      (larger.maxSize, larger.minScale) = (best + Double(step) / 16, best / (best + Double(step) / 16))
      let fit = try renderer.layOut(larger).layout.fit
      #expect(fit.size <= best, "\(text): \(fit.size) fits above \(best)")
    }
  }

  /// A round wrap with no line limit is not reported as limited by one (each line count is
  /// searched under a limit of its own); with the user's limit binding, it is.
  @Test func aRoundWrapNamesTheLimitTheUserSet() throws {
    var spec = RenderSpec(text: "Ein Anruf von Mama wurde verpasst")
    (spec.canvas, spec.layout) = ("wear-large", .wrap)
    #expect(try WordStackRenderer().layOut(spec).layout.fit.limit == .width)
    spec.lineLimit = 2
    #expect(try WordStackRenderer().layOut(spec).layout.fit.limit == .lineLimit)
  }

  @Test func roundPresetsAreCirclesAndTheirRendersHaveTransparentCorners() throws {
    for (name, side) in [("wear-small", 384), ("wear-large", 454)] {
      var spec = RenderSpec(text: "Value exponentially increasing")
      spec.canvas = name
      let rendering = try WordStackRenderer().render(spec)
      #expect(rendering.shape == .circle)
      #expect((rendering.canvas.width, rendering.canvas.height) == (side, side))
      #expect(rendering.canvas.color(atX: 0, y: 0) == .transparent)
      #expect(rendering.canvas.color(atX: side / 2, y: side / 2).alpha == 255)
      // The circle costs size: the widest word sits where the circle is narrower than the square.
      spec.fields.shape = .rectangle
      let square = try WordStackRenderer().render(spec).layout.fit.size
      #expect(square > rendering.layout.fit.size, "\(name)")
    }
  }

  @Test func fontScaleScalesStylesUnder20SpOnly() throws {
    var spec = RenderSpec(text: "Battery")
    spec.canvas = "wear-small"
    spec.style = .body  // 16 pt in Large: 32 px, scaled
    spec.fields.fontScale = 1.24
    #expect(try spec.fields.resolved().maximumSize == 32 * 1.24)
    spec.style = .largeTitle  // 36 pt: not scaled
    #expect(try spec.fields.resolved().maximumSize == 72)
    spec.fields.fontScale = 1.3
    #expect(throws: WordFitError.self) { try spec.fields.resolved() }
  }

  @Test func theSeedOnBothRoundPresetsMatchesItsGoldens() throws {
    for name in ["wear-small", "wear-large"] {
      let path = TestPaths.fixtures + "/render/round-seed-aimee-bethany-charles-\(name).json"
      let rendering = try LayoutRenderer().render(try LayoutSpec.load(contentsOf: path))
      try assertGolden(rendering, golden: String(path.dropLast(5)) + ".png")
    }
  }

  @Test func aPreviewMixesARectangleAndACircleAcrossFontScales() throws {
    var spec = RenderSpec(text: "Battery optimisation enabled")
    spec.layout = .wrap
    spec.style = .body
    spec.align = .center
    var request = PreviewRequest(layout: .words(spec))
    request.canvases = ["45mm", "wear-small"]
    request.categories = [.large]
    request.fontScales = [0.94, 1, 1.24]
    request.scale = 0.5
    let sheet = try PreviewSheet.render(request)
    #expect(sheet.cells.count == 6)
    #expect(sheet.cells.map(\.shape) == [.rectangle, .rectangle, .rectangle, .circle, .circle, .circle])
    let sizes = sheet.cells.map(\.size)
    #expect(sizes[3] < sizes[5], "the larger font scale sets a larger maximum")
    // Issue 38, 23: a font scale is Wear OS's; the Apple Watch has only its ×1 cell.
    #expect(sheet.cells.map(\.isAvailable) == [false, true, false, true, true, true])
    #expect(sheet.cells[0].unavailableReason == "Wear OS font scale")
    // The bezel: the sheet's corner of the round cell is the bezel's grey, its centre the screen.
    try assertGolden(sheet, golden: TestPaths.fixtures + "/preview/round-and-45mm-font-scales.png")
  }
}
