import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitDrawing
@testable import WordFitLayout

/// `render -o NAME.svg` in the library: the SVG of a text is drawn from the PNG's own layout,
/// clipped to a round screen, with every line's text kept.
@Suite struct SVGRenderTests {
  @Test func aWrappedTextOnARoundScreenIsClippedToTheCircle() throws {
    var spec = RenderSpec(text: "Ein Anruf von Mama wurde verpasst")
    (spec.canvas, spec.layout) = ("wear-large", .wrap)
    let (svg, rendering) = try WordStackRenderer().renderSVG(spec)
    let text = String(decoding: svg, as: UTF8.self)
    #expect(text.contains(#"<clipPath id="screen"><ellipse cx="227" cy="227" rx="227" ry="227"/></clipPath>"#))
    #expect(text.contains(#"width="454" height="454" viewBox="0 0 454 454""#))
    for line in rendering.lines {
      #expect(text.contains(">\(line.text)</text>"), "\(line.text)")
    }
    #expect(rendering.lines.count > 1)
    #expect(try WordStackRenderer().renderSVG(spec).svg == svg, "the same spec gives the same bytes")
  }

  @Test func aRectangleHasNoClip() throws {
    var spec = RenderSpec(text: "Aimée Bethany Charles")
    spec.canvas = "45mm"
    let text = String(decoding: try WordStackRenderer().renderSVG(spec).svg, as: UTF8.self)
    #expect(!text.contains("clipPath"))
    #expect(text.components(separatedBy: "<text ").count == 4, "one text element a word")
  }

  /// A stack's SVG is painted from the same drawing as its PNG: a rounded box per label
  /// (`rx` its corner radius) and the label's text.
  @Test func aStackHasItsBoxesAndLabels() throws {
    var spec = StackSpec(labels: ["Start workout", "Dismiss"])
    spec.canvas = "45mm"
    let (svg, rendering) = try StackRenderer().renderSVG(spec)
    let text = String(decoding: svg, as: UTF8.self)
    for box in rendering.layout.boxes {
      let frame = box.frame
      #expect(
        text.contains(
          #"<rect x="\#(frame.minX)" y="\#(frame.minY)" width="\#(frame.width)" height="\#(frame.height)" rx="\#(SVGPainter.number(rendering.cornerRadius))""#
        ), "\(frame)")
    }
    #expect(text.contains(">Start workout</text>") && text.contains(">Dismiss</text>"))
    #expect(
      try StackRenderer().render(spec).canvas.pixels == rendering.canvas.pixels, "the PNG path paints the same drawing")
  }
}
