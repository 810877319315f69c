import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitLayout

/// Layout kinds as types: each kind's type answers every rule, one switch chooses it, and an
/// edge button's label window is a layout of its own over whatever kind the screen names.
@Suite struct TextLayoutTests {
  init() { _ = TestPaths.packageRoot }

  @Test func eachKindsTypeAnswersEveryRule() {
    let rules = LayoutKind.allCases.map { kind in
      let layout = kind.textLayout
      return [
        "\(kind): \(type(of: layout))", layout.lineLimit(3).map(String.init) ?? "none", "\(layout.reportsBreaks)",
        layout.lineNoun, "\(layout.defaultOverlongWords)", "edge \(layout.followsTheScreensEdge)",
        "narrows \(layout.narrows)",
      ].joined(separator: " ")
    }
    #expect(
      rules == [
        "words: WordsLayout none false word shrink edge false narrows true",
        "wrap: WrapLayout 3 true line break edge false narrows true",
        "line: LineLayout 1 false line shrink edge false narrows true",
        "curved: CurvedLayout 1 false line shrink edge true narrows false",
      ])
    #expect(LayoutKind.wrap.textLayout.lineLimit(nil) == nil && LayoutKind.line.textLayout.lineLimit(nil) == 1)
  }

  @Test func anEdgeButtonIsALabelWindowOverAnyKind() throws {
    for kind in LayoutKind.allCases where kind != .curved {
      var spec = RenderSpec(text: "Start workout")
      (spec.canvas, spec.fields.edgeButton, spec.fields.layout) = ("wear-small", 56, kind)
      let resolved = try spec.validated()
      let layout = try #require(resolved.textLayout as? EdgeButtonLabelLayout)
      #expect(try layout.lineLimit(nil) == EdgeButton.named(56).maxLines && layout.followsTheScreensEdge)
      let rendering = try WordStackRenderer().render(spec)
      #expect(rendering.layoutKind == kind && rendering.textLayout is EdgeButtonLabelLayout)
      #expect(rendering.layout.fit.lines.map(\.text) == ["Start", "workout"], "wrapped in the window, as any kind")
    }
  }

  /// The words of a `words` layout and a paragraph's refusal of blank text are the kinds' own.
  @Test func eachKindCutsItsText() throws {
    #expect(try WordsLayout().words(of: " Aimée  Bethany\nCharles ") == ["Aimée", "Bethany", "Charles"])
    #expect(try WrapLayout().words(of: "Aimée Bethany").isEmpty)
    for kind in LayoutKind.allCases {
      #expect(throws: WordFitError.self) { try WordStackRenderer().render(RenderSpec(text: " \n\t")) }
      var spec = RenderSpec(text: "  ")
      spec.fields.layout = kind
      if kind == .curved { spec.canvas = "wear-large" }
      let error = try #require(throws: WordFitError.self) { try WordStackRenderer().render(spec) }
      #expect(error.message.contains("empty or only white space"), "\(kind): \(error.message)")
    }
    #expect(LineLayout.oneLine(" Start\nworkout ").map(\.text) == ["Start workout"])
  }
}
