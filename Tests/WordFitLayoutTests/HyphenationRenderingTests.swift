import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitLayout
@testable import WordFitText

/// `hyphenation: auto` through the renderer (issue 40): the German insurance word on a
/// 38 mm watch, the language rules, and what the pixels hold.
@Suite struct HyphenationRenderingTests {
  func spec(_ text: String, language: String?) -> RenderSpec {
    var spec = RenderSpec(text: text)
    (spec.layout, spec.style, spec.canvas, spec.hyphenation, spec.language) = (.wrap, .body, "38mm", .auto, language)
    spec.overlongWords = .shrink  // whole words shrink: hyphenation alone is what is tested
    return spec
  }

  @Test func aLongCompoundBreaksAtDictionaryPointsAboveTheLegibleMinimum() throws {
    let text = "Rechtsschutzversicherungsgesellschaften"
    var plain = spec(text, language: "de")
    plain.hyphenation = .none
    let whole = try WordStackRenderer().render(plain)
    let rendering = try WordStackRenderer().render(spec(text, language: "de"))
    // 7 pt whole on a watch whose minimum is 12 pt (24 px at @2x); hyphenated, the style's size.
    #expect(whole.layout.fit.size < 24)
    #expect(rendering.layout.fit.size > 24)
    let points = Set(try Hyphenator(contentsOf: #require(Hyphenator.dictionaryPath(for: "de"))).points(in: text))
    #expect(rendering.layout.fit.breakKinds.allSatisfy { $0 == .hyphen })
    #expect(Set(rendering.layout.fit.breakOffsets).isSubset(of: points))
    let ink = try #require(rendering.layout.inkBounds)
    #expect(rendering.layout.availableBox.contains(ink), "the hyphens were measured with the lines")
    #expect(rendering.warnings.isEmpty)
  }

  @Test func withoutALanguageOrADictionaryTheWordsStayWholeWithAWarning() throws {
    let text = "Rechtsschutzversicherungsgesellschaften"
    for (language, warning) in [(nil, "needs the text's language"), ("tlh", "no hyphenation dictionary for \"tlh\"")] {
      let rendering = try WordStackRenderer().render(spec(text, language: language))
      #expect(rendering.layout.fit.lines.count == 1)
      #expect(rendering.warnings.contains { $0.contains(warning) }, "\(rendering.warnings)")
    }
  }

  @Test func oneWordPerLineAndOneLineNeverHyphenate() throws {
    for layout in [LayoutKind.words, .line] {
      var words = spec("Rechtsschutzversicherungsgesellschaften zahlen", language: "de")
      words.layout = layout
      let rendering = try WordStackRenderer().render(words)
      #expect(rendering.layout.fit.lines.allSatisfy { !$0.text.hasSuffix("-") })
    }
  }
}
