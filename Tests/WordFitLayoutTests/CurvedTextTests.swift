import Foundation
import Testing
import WordFitGoldenSupport
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitDrawing
@testable import WordFitImage
@testable import WordFitLayout
@testable import WordFitPDF
@testable import WordFitText

/// `--layout curved` with real fonts (issue 41): one line along the bezel of a round screen,
/// glyph outlines turned with the arc, the largest size that fits, in PNG, PDF and SVG.
@Suite struct CurvedTextTests {
  init() { _ = TestPaths.packageRoot }

  static func spec(_ text: String, canvas: String = "wear-large", arc: ArcSide = .top, sweep: Double? = nil)
    -> RenderSpec
  {
    var spec = RenderSpec(text: text)
    (spec.layout, spec.canvas, spec.fields.arc, spec.fields.sweep) = (.curved, canvas, arc, sweep)
    return spec
  }

  /// The pixels with any ink (the text is white on black).
  static func inked(_ canvas: Canvas) -> [(x: Int, y: Int)] {
    let rgb = canvas.rgb(over: .black)
    return (0..<(rgb.width * rgb.height)).filter { index in
      rgb.pixels[index * 3] > 0 || rgb.pixels[index * 3 + 1] > 0 || rgb.pixels[index * 3 + 2] > 0
    }.map { ($0 % rgb.width, $0 / rgb.width) }
  }

  @Test(arguments: ["wear-small", "wear-large"], [ArcSide.top, .bottom])
  func everyInkedPixelIsInsideTheCircleAndTheSizeIsMaximal(canvas: String, arc: ArcSide) throws {
    let renderer = WordStackRenderer()
    for (text, sweep) in [("Value exponentially increasing", nil), ("12:45", 40.0), ("Wy Å ÿ, Ölçü Ärger", 120.0)]
      as [(String, Double?)]
    {
      var spec = Self.spec(text, canvas: canvas, arc: arc, sweep: sweep)
      let rendering = try renderer.render(spec)
      let frame = try spec.validated().arcFrame
      #expect(rendering.layout.fit.limit == .width, "\(text): \(rendering.layout.fit.limit)")
      let pixels = Self.inked(rendering.canvas)
      #expect(pixels.count > 100)
      for pixel in pixels {
        let distance = hypot(Double(pixel.x) + 0.5 - frame.centreX, Double(pixel.y) + 0.5 - frame.centreY)
        #expect(distance <= frame.radius, "\(text) on \(canvas) \(arc): (\(pixel.x), \(pixel.y)) at \(distance)")
      }
      // The angle the ink takes stays within the sweep (the ink and the advance differ only by
      // the side bearings of the first and last glyph: 2° of slack).
      let angles = pixels.map { atan2(Double($0.x) + 0.5 - frame.centreX, frame.centreY - Double($0.y) - 0.5) }
      let turn = arc == .top ? angles : angles.map { $0 > 0 ? .pi - $0 : -.pi - $0 }
      #expect((turn.max()! - turn.min()!) * 180 / .pi <= (sweep ?? 70) + 2, "\(text)")
      // 1/64 px larger does not fit; the size itself does.
      let size = rendering.layout.fit.size
      (spec.maxSize, spec.minScale, spec.overflow) = (size + 1.0 / 64, 1, .fail)
      #expect(throws: WordFitError.self) { try renderer.render(spec) }
      spec.maxSize = size
      #expect(try renderer.render(spec).layout.fit.limit == .maximumSize)
    }
  }

  @Test(arguments: [ArcSide.top, .bottom])
  func theSeedAlongTheBezelMatchesItsGolden(arc: ArcSide) throws {
    let rendering = try WordStackRenderer().render(Self.spec("Value exponentially increasing", arc: arc))
    try assertGolden(rendering, golden: TestPaths.fixtures + "/curved/seed-wear-large-\(arc.rawValue).png")
  }

  /// The PDF draws each glyph as text turned with the arc where the PNG draws it (pdftoppm at
  /// the canvas's own resolution), and the SVG turns each glyph's outline.
  @Test func thePDFAndTheSVGTurnTheGlyphsAsThePNGDoes() throws {
    let spec = Self.spec("Curved · Zürich 2027", arc: .bottom)
    let (rendering, drawing) = try WordStackRenderer().renderDrawn(spec)
    let directory = try TestPaths.makeTemporaryDirectory()
    let document = try PDFDocument(path: directory + "/c.pdf", dotsPerInch: 72)
    document.beginPage(width: Double(drawing.width), height: Double(drawing.height))
    try document.draw(drawing, at: (0, 0), bleed: 0)
    document.endPage()
    try document.finish()
    let raster = try CommandRunner.run(
      "/usr/bin/pdftoppm", ["-r", "72", "-png", "-singlefile", "c.pdf", "page"], in: directory, input: nil,
      environment: [:])
    #expect(raster.status == 0, "\(raster.standardError)")
    let page = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/page.png")))).canvas
    var tolerance = ComparisonTolerance(threshold: 0.1, includesAntiAliasing: false)
    tolerance.maxDiffRatio = 0.002
    let comparison = ImageComparator.compare(
      expected: rendering.canvas.rgb(over: .black), actual: page.rgb(over: .black), tolerance: tolerance)
    #expect(comparison.passed, "\(comparison.differingPixels) pixels differ")
    // Every character comes back from the PDF (a reader orders turned glyphs its own way).
    let text = try CommandRunner.run("/usr/bin/pdftotext", ["c.pdf", "-"], in: directory, input: nil, environment: [:])
    let letters = { (text: String) in text.filter { !$0.isWhitespace }.sorted() }
    #expect(letters(text.standardOutput) == letters("Curved · Zürich 2027"), "\(text.standardOutput)")
    let svg = String(decoding: try drawing.svg(), as: UTF8.self)
    let uses = svg.components(separatedBy: "<use href=\"#g").count - 1
    #expect(uses >= 15 && svg.components(separatedBy: "transform=\"rotate(").count - 1 == uses)
    #expect(svg.contains(">Curved · Zürich 2027</text>"), "the text kept for search")
  }

  /// A colour glyph (an emoji bitmap) is drawn upright where its turned centre lands, inside the
  /// circle like the outlines, and at the same place in the SVG as in the PNG.
  @Test func aColourGlyphStaysUprightInsideTheCircle() throws {
    let spec = Self.spec("Run 😀 now", arc: .bottom)
    let (rendering, drawing) = try WordStackRenderer().renderDrawn(spec)
    #expect(rendering.canvas.format == .rgba && rendering.fonts.contains { $0.color }, "the emoji is in colour")
    let frame = try spec.validated().arcFrame
    for pixel in Self.inked(rendering.canvas) {
      #expect(hypot(Double(pixel.x) + 0.5 - frame.centreX, Double(pixel.y) + 0.5 - frame.centreY) <= frame.radius)
    }
    let svg = String(decoding: try drawing.svg(), as: UTF8.self)
    #expect(svg.contains("<use href=\"#e"), "the emoji as its image")
  }

  @Test func onlyRoundScreensCurveAndNothingNarrowsACurvedLine() throws {
    // A spec may still change its canvas once read; the render refuses a screen with no round edge.
    #expect(try Self.spec("Ada", canvas: "45mm").validated().kind == .curved)
    #expect(throws: WordFitError.self) { try WordStackRenderer().render(Self.spec("Ada", canvas: "45mm")) }
    var rounded = Self.spec("Ada", canvas: "300x300")
    rounded.fields.shape = .circle
    #expect(try WordStackRenderer().render(rounded).layout.fit.size > 0)
    var tightened = Self.spec("Ada")
    tightened.fields.tightening = 0.05
    #expect(throws: WordFitError.self) { try tightened.validated() }
    var swept = Self.spec("Ada", sweep: 200)
    #expect(throws: WordFitError.self) { try swept.validated() }
    swept.fields.sweep = 180
    #expect(try swept.validated().sweep == 180)
  }
}
