import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitLayout
@testable import WordFitText

/// `--width-axis MIN` (issue 41): a variable font with `wdth` narrows down to MIN before the text
/// shrinks. The size is the largest at which every line fits at MIN (1/64 px more does not); the
/// text then takes the widest whole `wdth` at which every line still fits (one more does not),
/// never narrower than asked.
@Suite struct WidthAxisTests {
  init() { _ = TestPaths.packageRoot }

  /// Noto Sans with a `wdth` axis 75…100 (the 75 master narrowed to 0.75×), made by
  /// `scripts/make-variable-font.py … wdth`.
  static let font = TestPaths.fixtures + "/width/WordFitTestWidth.ttf"

  func spec(_ text: String, minimum: Double?) -> RenderSpec {
    var spec = RenderSpec(text: text)
    (spec.font, spec.canvas, spec.maxSize, spec.widthAxis) = (Self.font, "200x300", 400, minimum)
    return spec
  }

  func cascade(wdth: Double) throws -> FontCascade {
    FontCascade(primary: try Font(contentsOf: Self.font, variations: ["wdth": wdth]), fallback: .none)
  }

  @Test func theTextNarrowsBeforeItShrinksAndWidensAsFarAsItFits() throws {
    for minimum in [90.0, 80, 75] {
      let plain = try WordStackRenderer().render(spec("Aimée Bethany Charles", minimum: nil))
      let rendering = try WordStackRenderer().render(spec("Aimée Bethany Charles", minimum: minimum))
      let fit = rendering.layout.fit
      let wdth = try #require(rendering.widthAxis)
      #expect(fit.size > plain.layout.fit.size, "\(minimum): \(plain.layout.fit.size) → \(fit.size)")
      #expect(wdth >= minimum && wdth <= 100, "never narrower than asked: \(wdth)")
      #expect(rendering.fonts.first?.variations?.contains("wdth=\(TextFormatting.pixels(wdth))") == true)
      let lines = rendering.layout.lines
      let width = { (cascade: FontCascade, text: String, size: Double) in
        cascade.metrics(of: text, atSize: size).extentWidth
      }
      let drawn = try cascade(wdth: wdth)
      for line in lines { #expect(width(drawn, line.text, line.size) <= line.availableWidth, "\(line.text) fits") }
      if wdth < 100 {
        let wider = try cascade(wdth: wdth + 1)
        #expect(lines.contains { width(wider, $0.text, $0.size) > $0.availableWidth }, "the widest that fits")
      }
      if fit.limit == .width, let limiting = fit.limitingWordIndex {
        let line = lines[limiting]
        let narrowest = try cascade(wdth: minimum)
        #expect(width(narrowest, line.text, fit.size + 1.0 / 64) > line.availableWidth, "maximal at \(minimum)")
      }
    }
  }

  @Test func aFontWithoutTheAxisOrWithTighteningIsRefused() throws {
    var noAxis = spec("Ada", minimum: 75)
    noAxis.font = TestPaths.fixtures + "/fonts/NotoSans-Regular-subset.ttf"
    #expect(throws: WordFitError.self) { _ = try WordStackRenderer().render(noAxis) }
    var both = spec("Ada", minimum: 75)
    both.tightening = 0.05
    #expect(throws: WordFitError.self) { _ = try both.validated() }
    #expect(throws: WordFitError.self) { _ = try spec("Ada", minimum: 0).validated() }
  }
}
