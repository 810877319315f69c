import Foundation
import Testing
import WordFitGoldenSupport
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitLayout
@testable import WordFitText

/// Every layout spec under `Fixtures/` rendered and compared, exactly, with the PNG beside it.
@Suite struct GoldenTests {
  static let specs: [String] = {
    guard let enumerator = FileManager.default.enumerator(atPath: TestPaths.fixtures) else { return [] }
    return enumerator.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".json") && !$0.hasSuffix("wordfit-check.json") && !$0.hasSuffix(".template.json") }
      .sorted()
  }()

  @Test func fixturesHoldTheSeedGoldens() {
    #expect(Self.specs.count >= 18, "found \(Self.specs)")
  }

  @Test(arguments: specs)
  func rendersLikeItsGolden(_ relativePath: String) throws {
    let specPath = TestPaths.fixtures + "/" + relativePath
    let spec = try LayoutSpec.load(contentsOf: specPath)
    let rendering = try LayoutRenderer().render(spec)
    try assertGolden(rendering, golden: String(specPath.dropLast(5)) + ".png")
  }

  @Test func sameLayoutTwiceGivesIdenticalBytes() throws {
    var spec = RenderSpec(text: "Aimée Bethany Charles")
    spec.bg = "transparent"
    spec.fg = "blue"
    let first = try WordStackRenderer().render(spec).pngData()
    let second = try WordStackRenderer().render(spec).pngData()
    #expect(first == second)
  }

  @Test func theFitHoldsInThePixels() throws {
    // Every inked pixel lies inside the canvas minus the insets, and inside the measured ink.
    for canvas in ["38mm", "45mm", "49mm"] {
      for text in ["Aimée Bethany Charles", "Value exponentially increasing", "jiggly Quay"] {
        var spec = RenderSpec(text: text)
        spec.canvas = canvas
        let rendering = try WordStackRenderer().render(spec)
        let ink = try #require(rendering.layout.inkBounds)
        #expect(rendering.layout.availableBox.contains(ink), "\(text) on \(canvas)")
        let canvasPixels = rendering.canvas
        var drawn: PixelBox? = nil
        for y in 0..<canvasPixels.height {
          for x in 0..<canvasPixels.width where canvasPixels.pixels[y * canvasPixels.width + x] != 0 {
            let pixel = PixelBox(minX: x, minY: y, maxX: x + 1, maxY: y + 1)
            drawn = drawn.map { $0.union(pixel) } ?? pixel
          }
        }
        let inked = try #require(drawn)
        #expect(ink.contains(inked), "\(text) on \(canvas): drawn \(inked), measured \(ink)")
        #expect(rendering.layout.availableBox.contains(inked))
      }
    }
  }

  @Test func seedWordsShareOneSize() throws {
    let rendering = try WordStackRenderer().render(RenderSpec(text: "Value exponentially increasing"))
    #expect(Set(rendering.layout.lines.map(\.size)).count == 1)
    #expect(rendering.layout.fit.limit == .width)
    #expect(rendering.layout.lines[rendering.layout.fit.limitingWordIndex ?? -1].source == "exponentially")
  }
}
