import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitDrawing
@testable import WordFitImage
@testable import WordFitText

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The SVG painter: a drawing becomes a well-formed SVG sized in pixels, glyphs as outline
/// paths placed where the layout put them, the text kept, the same bytes every time.
@Suite struct SVGPainterTests {
  /// A drawing with every kind of mark: a background, a fill, a QR code and a line of text.
  static func drawing(text: String = "Ada & <Lovelace>") throws -> Drawing {
    let font = try Font(contentsOf: TestPaths.bold)
    let shaped = font.shape(text, atSize: 40)
    var drawing = Drawing(width: 400, height: 200, background: .white)
    drawing.marks.append(.fill(PixelBox(minX: 0, minY: 0, maxX: 400, maxY: 20), Color(red: 10, green: 132, blue: 255)))
    drawing.marks.append(
      .qrCode(try QRCode(encoding: "abc"), box: PixelBox(minX: 300, minY: 100, maxX: 400, maxY: 200)))
    drawing.marks.append(
      .text(Drawing.Line(shaped: shaped, origin: PixelPoint(x: 10, y: 80), fonts: [font.identity(atSize: 40)]), .black))
    return drawing
  }

  @Test func aDrawingIsWellFormedSVGSizedInPixels() throws {
    let svg = try Self.drawing().svg()
    let parser = XMLParser(data: Data(svg))
    let elements = ElementCounter()
    parser.delegate = elements
    #expect(parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "")")
    #expect(elements.attributes["svg"]?["viewBox"] == "0 0 400 200")
    #expect(elements.attributes["svg"]?["width"] == "400")
    #expect(elements.text == "Ada & <Lovelace>", "the text comes back for search and selection")
    // "Ada & <Lovelace>": 14 glyphs with ink, 11 distinct ("a" and "e" twice, "L"/"l"...), each defined once.
    let glyphs = Set("Ada&<Lovelace>".unicodeScalars).count
    #expect(elements.counts["path", default: 0] == glyphs + 1, "one path per distinct glyph, one for the QR modules")
    #expect(elements.counts["use"] == 14)
    #expect(elements.counts["rect", default: 0] == 3, "background, band, the QR code's light square")
  }

  @Test func theSameDrawingGivesTheSameBytes() throws {
    #expect(try Self.drawing().svg() == Self.drawing().svg())
  }

  /// Glyphs sit where the layout put them: each `<use>` at the line's origin plus the glyph's
  /// position (quarter pixels included).
  @Test func glyphsArePlacedAtTheirLayoutPositions() throws {
    let drawing = try Self.drawing(text: "AV")
    guard case .text(let line, _) = drawing.marks[2] else { Issue.record("no text"); return }
    let svg = String(decoding: try drawing.svg(), as: UTF8.self)
    for glyph in line.shaped.glyphs {
      let x = SVGPainter.number(Double(10 + glyph.x) + Double(glyph.phase) / 4)
      #expect(svg.contains("x=\"\(x)\" y=\"\(80 + glyph.y)\"/>"), "\(x) in \(svg)")
    }
  }

  /// An outline is in pixels, y down, from the glyph's origin: "A" of DejaVu Sans Bold at 64 px
  /// stands on the baseline and rises about 47 px (its cap height, 0.729 em).
  @Test func outlinesAreInPixelsYDown() throws {
    let font = try Font(contentsOf: TestPaths.bold)
    let outline = try #require(font.outline(of: font.glyphIndex(for: "A"), units: 64 * 64))
    guard case .move = outline.commands.first else {
      Issue.record("starts with \(String(describing: outline.commands.first))"); return
    }
    let ys = outline.commands.compactMap { command -> Double? in
      switch command {
      case .move(_, let y), .line(_, let y): y
      default: nil
      }
    }
    #expect(ys.max() == 0)
    #expect((-48 ... -46).contains(ys.min() ?? 0), "\(ys.min() ?? 0)")
    #expect(font.outline(of: font.glyphIndex(for: " "), units: 64 * 64)?.commands.isEmpty ?? true)
  }

  /// A colour glyph (emoji) is its bitmap as an embedded PNG, defined once however often the
  /// line shows it.
  @Test func colourGlyphsAreImagesDefinedOnce() throws {
    let font = try Font(contentsOf: TestPaths.fixtures + "/fonts/NotoColorEmoji-subset.ttf")
    let shaped = font.shape("\u{1F600}\u{1F600}\u{1F600}", atSize: 40)
    var drawing = Drawing(width: 200, height: 60, background: .white)
    drawing.marks.append(
      .text(Drawing.Line(shaped: shaped, origin: PixelPoint(x: 0, y: 50), fonts: [font.identity(atSize: 40)]), .black))
    let svg = String(decoding: try drawing.svg(), as: UTF8.self)
    #expect(svg.components(separatedBy: "<image ").count - 1 == 1)
    #expect(svg.components(separatedBy: ##"<use href="#e0""##).count - 1 == 3)
    #expect(svg.contains("data:image/png;base64,iVBORw0KGgo"), "a PNG")
  }

  @Test func textAndNumbersAreWrittenAsXMLTakesThem() {
    #expect(TextFormatting.xmlEscaped("a<b>&\u{1}\tc\"") == "a&lt;b&gt;&amp;\u{FFFD}&#9;c&quot;")
    #expect(SVGPainter.number(3) == "3" && SVGPainter.number(-0.015625) == "-0.015625")
    #expect(
      SVGPainter.fill(Color(red: 255, green: 0, blue: 0, alpha: 128)) == ##"fill="#FF0000" fill-opacity="0.502""##)
  }
}

/// Counts the elements of an XML document and keeps the first attributes of each name and the
/// character data of `<text>` elements.
private final class ElementCounter: NSObject, XMLParserDelegate {
  var counts: [String: Int] = [:]
  var attributes: [String: [String: String]] = [:]
  var text = ""
  private var inText = false

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String]
  ) {
    counts[name, default: 0] += 1
    if self.attributes[name] == nil { self.attributes[name] = attributes }
    inText = name == "text"
  }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
    inText = false
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if inText { text += string }
  }
}
