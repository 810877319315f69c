import Testing
import WordFitTestSupport

@testable import WordFit

/// Shaped scripts through the renderer: what the fitter measured holds in the pixels.
@Suite struct ShapedRenderingTests {
  @Test func theFitHoldsForArabicInThePixels() throws {
    var spec = RenderSpec(text: "محمد علي")
    spec.font = TestPaths.regular
    let rendering = try WordStackRenderer().render(spec)
    let ink = try #require(rendering.layout.inkBounds)
    #expect(rendering.layout.availableBox.contains(ink))
    #expect(rendering.missingCharacters.isEmpty)
  }

  // Issue 22 item 20: baseline rounding makes the height test non-monotonic; the answer is
  // the largest size that fits, and no size in the next 2 px above it fits.
  @Test func noLargerSizeFitsAboveARoundingPocket() throws {
    _ = TestPaths.packageRoot
    var spec = RenderSpec(text: "آریا علیجانی")
    spec.canvas = "396x200"
    spec.maxSize = 120
    let renderer = WordStackRenderer()
    let fit = try renderer.layOut(spec).layout.fit
    #expect(fit.size == 78.171875, "77.734375 was a local maximum; 78.109375 … 78.171875 fit too")
    #expect(fit.scannedSizeCount > 0)
    for step in 1...128 {
      spec.maxSize = fit.size + Double(step) / 64
      spec.minScale = 1
      let larger = try renderer.layOut(spec).layout.fit
      #expect(larger.limit == .minimumSize, "\(spec.maxSize) px fits above \(fit.size) px")
    }
  }
}
