import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitLayout
@testable import WordFitText

/// An edge button's label as Material 3 lays it out (issue 41): `labelMedium` at the font scale,
/// no autosize, centred lines up to the button's limit in its label window, cut with "…".
@Suite struct EdgeButtonLabelTests {
  init() { _ = TestPaths.packageRoot }

  static func spec(_ text: String, _ height: Int, canvas: String = "wear-small", fontScale: Double? = nil)
    -> RenderSpec
  {
    var spec = RenderSpec(text: text)
    (spec.canvas, spec.fields.edgeButton, spec.fields.fontScale) = (canvas, height, fontScale)
    return spec
  }

  @Test func aLabelFitsOrIsCutAtTheButtonsLines() throws {
    let renderer = WordStackRenderer()
    let fits = try renderer.render(Self.spec("Start workout", 56))
    #expect(fits.layout.fit.size == 30, "15 sp at 2 px a dp, no autosize")
    #expect(fits.layout.fit.lines.map(\.text) == ["Start", "workout"] && fits.layout.fit.truncatedWordIndices.isEmpty)
    let cut = try renderer.render(Self.spec("Battery optimisation enabled now", 56))
    #expect(cut.layout.fit.lines.count == 2 && cut.layout.fit.lines[1].text.hasSuffix("…"))
    #expect(!cut.layout.fit.truncatedWordIndices.isEmpty)
    let one = try renderer.render(Self.spec("Start workout", 46))
    #expect(one.layout.fit.lines.count == 1 && one.layout.fit.lines[0].text.hasSuffix("…"), "one line on 46 dp")
    let three = try renderer.render(Self.spec("Battery optimisation enabled", 96, canvas: "wear-large"))
    #expect(three.layout.fit.lines.count <= 3 && three.layout.fit.truncatedWordIndices.isEmpty)
  }

  @Test func theLabelStaysInItsWindowAndTheFontScaleGrowsIt() throws {
    let renderer = WordStackRenderer()
    for height in [46, 56, 70, 96] {
      let rendering = try renderer.render(Self.spec("Go", height, canvas: "wear-large"))
      let button = try EdgeButton.named(height)
      let side = button.sidePadding(screenWidth: 227) * 2 + button.cornerRadius * 2
      let window = (Int(side.rounded()))..<(454 - Int(side.rounded()))
      let ink = try #require(rendering.layout.inkBounds)
      #expect(window.contains(ink.minX) && window.contains(ink.maxX - 1), "\(height): \(ink.summary)")
      #expect(ink.maxY <= 454 - 3 * 2 && ink.minY >= 454 - 3 * 2 - height * 2, "inside the button")
      // Centred across the screen to within a pixel.
      #expect(abs((ink.minX + ink.maxX) - 454) <= 2, "\(height): \(ink.summary)")
    }
    let scaled = try renderer.render(Self.spec("Start workout", 56, fontScale: 1.24))
    #expect(scaled.layout.fit.size == (30 * 1.24 * 64).rounded(.down) / 64, "labelMedium is under 20 sp: it scales")
  }

  @Test func onlyARoundScreenHasAnEdgeButton() throws {
    #expect(throws: WordFitError.self) { try WordStackRenderer().render(Self.spec("Go", 56, canvas: "45mm")) }
    #expect(throws: WordFitError.self) { try Self.spec("Go", 60).validated() }
  }

  // `stack --edge-button`: a set of labels checked against one button, each on its own screen,
  // drawn exactly as that label alone is drawn, and the labels that do not fit named.
  @Test func aStackOfLabelsIsCheckedAgainstOneButton() throws {
    var spec = StackSpec(labels: ["Start", "Start workout", "Battery optimisation enabled now"])
    (spec.fields.canvas, spec.fields.edgeButton) = ("wear-small", 56)
    let strip = try StackRenderer().renderEdgeButtons(spec)
    #expect(strip.canvas.width == 3 * 384 + 2 * EdgeButtonStrip.gap && strip.canvas.height == 384)
    #expect(strip.labels.map(\.lines) == [["Start"], ["Start", "workout"], strip.labels[2].lines])
    #expect(strip.labels.map(\.isTruncated) == [false, false, true])
    #expect(strip.truncatedLabels.map(\.label) == ["Battery optimisation enabled now"])
    #expect(strip.labels[2].lines.count == 2 && strip.labels[2].lines[1].hasSuffix("…"))
    // The third screen is the label rendered alone, pixel for pixel.
    let alone = try WordStackRenderer().render(Self.spec("Battery optimisation enabled now", 56))
    let frame = strip.labels[2].frame
    #expect(frame.minX == 2 * (384 + EdgeButtonStrip.gap) && frame.width == 384)
    let cell = ImageComparator.rgba(strip.canvas)
    let single = ImageComparator.rgba(alone.canvas)
    var differing = 0
    for y in 0..<384 {
      for x in 0..<384 {
        let (a, b) = (((y * strip.canvas.width) + frame.minX + x) * 4, (y * 384 + x) * 4)
        if cell[a..<(a + 4)] != single[b..<(b + 4)] { differing += 1 }
      }
    }
    #expect(differing == 0, "\(differing) pixels differ from the label rendered alone")
    // Between two screens nothing is drawn.
    #expect(cell[(100 * strip.canvas.width + 384 + 4) * 4 + 3] == 0)
    // A stack of boxes does not take an edge button silently; a strip holds at most 32 labels.
    #expect(throws: WordFitError.self) { try StackRenderer().render(spec) }
    spec.labels = (0...EdgeButtonStrip.maximumLabels).map { "Label \($0)" }
    #expect(throws: WordFitError.self) { try StackRenderer().renderEdgeButtons(spec) }
  }

  /// A strip keeps the 16,384 px side every image keeps, refused before any label is drawn: two
  /// labels on a 16384² circle would have been a 32,784 px strip of 2.1 GB and 4.5 GB of memory,
  /// 32 on 500×500 a 16,496 px one.
  @Test func aStripKeepsTheSideLimit() throws {
    var spec = StackSpec(labels: ["Go", "Stop"])
    (spec.fields.canvas, spec.fields.shape, spec.fields.edgeButton) = ("16384x16384", .circle, 56)
    let error = try #require(throws: WordFitError.self) { try StackRenderer().renderEdgeButtons(spec) }
    #expect(error.kind == .usage && error.message.contains("32784 px wide") && error.message.contains("1 label"))
    spec.fields.canvas = "500x500"
    spec.labels = (1...32).map { "L\($0)" }
    let wide = try #require(throws: WordFitError.self) { try StackRenderer().renderEdgeButtons(spec) }
    #expect(wide.message.contains("16496 px wide") && wide.message.contains("at most 31 labels"), "\(wide.message)")
    #expect(EdgeButtonStrip.width(of: 31, screensOf: 500) <= CanvasSize.maximumSide)
  }
}
