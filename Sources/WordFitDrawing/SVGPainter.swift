import Foundation
import WordFitCore
import WordFitImage
import WordFitText

extension Drawing {
  /// The drawing as an SVG document (UTF-8), sized in pixels with a `viewBox` of the same:
  /// fills as rectangles, images and colour glyphs (emoji) as embedded PNGs, QR codes as their
  /// module rectangles, and text as each glyph's outline (unhinted, as in the PDF), one path
  /// per glyph and size, placed where the layout put it. Outlines draw the same everywhere,
  /// with no font to embed or find; the text is kept beside them as an invisible `<text>` per
  /// line, stretched over the line's advance, so a browser can search and select it.
  ///
  /// The same drawing always gives the same bytes.
  ///
  /// - Throws: ``WordFitError`` when a font cannot be opened again, or a QR code's box is too
  ///   small; `.io` when an image cannot be encoded (out of memory).
  /// - Complexity: O(marks + glyphs + outline points + image pixels).
  public func svg() throws -> [UInt8] {
    var painter = SVGPainter(
      width: width, height: height, screen: shape.outline(canvasWidth: width, canvasHeight: height))
    if background.alpha > 0 { painter.rectangle(PixelBox(minX: 0, minY: 0, maxX: width, maxY: height), background) }
    try painter.paint(marks)
    return painter.document()
  }
}

/// Writes one SVG document: the glyph outlines it uses once each, in `<defs>`, and the marks in
/// order; drawings embedded in it (a preview sheet's cells) share its outlines.
package final class SVGPainter: Painter {
  private struct GlyphKey: Hashable {
    var font: FontIdentity
    var glyph: UInt32
    var units: Int
  }

  private let width: Int
  private let height: Int
  /// The screen's outline everything is clipped to, or `nil` for a rectangle.
  private let screen: ContentOutline?
  private var fonts: [FontIdentity: Font] = [:]
  private var glyphIDs: [GlyphKey: String?] = [:]
  private var imageIDs: [GlyphKey: (id: String, left: Int, top: Int)?] = [:]
  private var definitions: [String] = []
  private var body: [String] = []

  /// A document of `width` × `height` px, everything clipped to `screen` when given.
  package init(width: Int, height: Int, screen: ContentOutline? = nil) {
    (self.width, self.height, self.screen) = (width, height, screen)
  }

  /// Paints one mark.
  ///
  /// - Throws: as ``Drawing/svg()``.
  package func paint(_ mark: Drawing.Mark) throws {
    switch mark {
    case .fill(let box, let color): rectangle(box, color)
    case .box(let box, let shape, let color):
      rectangle(box, color, cornerRadius: shape.radius(width: box.width, height: box.height))
    case .image(_, let pixels, let box): try image(premultipliedRGBA: pixels, box: box)
    case .qrCode(let code, let box): try qrCode(code, in: box)
    case .text(let line, let color): try text(line, color: color)
    case .curvedText(let line, let color): try curvedText(line, color: color)
    }
  }

  /// Embeds `drawing` scaled into `box`: a nested `<svg>` with the drawing's own coordinates
  /// (its `viewBox`), its background, its marks, clipped to its screen's shape.
  ///
  /// - Throws: as ``Drawing/svg()``.
  package func embed(_ drawing: Drawing, in box: PixelBox) throws {
    let (width, height) = (drawing.width, drawing.height)
    body.append(
      #"<svg x="\#(box.minX)" y="\#(box.minY)" width="\#(box.width)" height="\#(box.height)" "#
        + #"viewBox="0 0 \#(width) \#(height)" preserveAspectRatio="none">"#)
    let clip = drawing.shape.outline(canvasWidth: width, canvasHeight: height).map { outline in
      let id = "clip\(definitions.count)"
      definitions.append(#"<clipPath id="\#(id)">\#(Self.shape(of: outline))</clipPath>"#)
      return id
    }
    if let clip { body.append(#"<g clip-path="url(#\#(clip))">"#) }
    if drawing.background.alpha > 0 {
      rectangle(PixelBox(minX: 0, minY: 0, maxX: width, maxY: height), drawing.background)
    }
    for mark in drawing.marks { try paint(mark) }
    if clip != nil { body.append("</g>") }
    body.append("</svg>")
  }

  /// An outline as an SVG shape element.
  private static func shape(of screen: ContentOutline) -> String {
    let box = screen.box
    return switch screen.kind {
    case .ellipse:
      #"<ellipse cx="\#(number(Double(box.minX + box.maxX) / 2))" cy="\#(number(Double(box.minY + box.maxY) / 2))" "#
        + #"rx="\#(number(Double(box.width) / 2))" ry="\#(number(Double(box.height) / 2))"/>"#
    case .rounded(let radius):
      #"<rect x="\#(box.minX)" y="\#(box.minY)" width="\#(box.width)" height="\#(box.height)" "#
        + #"rx="\#(number(radius))"/>"#
    }
  }

  /// The finished document.
  package func document() -> [UInt8] {
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" viewBox="0 0 \#(width) \#(height)">"#,
      SVGSignature.comment,
    ]
    var definitions = definitions
    var body = body
    if let screen {
      definitions.append(#"<clipPath id="screen">\#(Self.shape(of: screen))</clipPath>"#)
      body = [#"<g clip-path="url(#screen)">"#] + body + ["</g>"]
    }
    if !definitions.isEmpty { lines += ["<defs>"] + definitions + ["</defs>"] }
    lines += body + ["</svg>", ""]
    return Array(lines.joined(separator: "\n").utf8)
  }

  /// A rectangle filled with `color`, its corners rounded by `radius` px.
  package func rectangle(_ box: PixelBox, _ color: Color, cornerRadius radius: Double = 0) {
    guard box.width > 0, box.height > 0, color.alpha > 0 else { return }
    let corners = radius > 0 ? #" rx="\#(Self.number(radius))""# : ""
    body.append(
      #"<rect x="\#(box.minX)" y="\#(box.minY)" width="\#(box.width)" height="\#(box.height)"\#(corners) \#(Self.fill(color))/>"#
    )
  }

  func image(premultipliedRGBA pixels: [UInt8], box: PixelBox) throws {
    guard box.width > 0, box.height > 0 else { return }
    let href = try Self.pngDataURL(premultipliedRGBA: pixels, width: box.width, height: box.height)
    body.append(
      #"<image x="\#(box.minX)" y="\#(box.minY)" width="\#(box.width)" height="\#(box.height)" href="\#(href)"/>"#)
  }

  /// The `width` × `height` px image of premultiplied RGBA `pixels` as a PNG `data:` URL.
  static func pngDataURL(premultipliedRGBA pixels: [UInt8], width: Int, height: Int) throws -> String {
    var canvas = Canvas(width: width, height: height, format: .rgba, background: .transparent)
    canvas.composite(premultipliedRGBA: pixels, imageWidth: width, imageHeight: height, atX: 0, y: 0)
    return "data:image/png;base64," + Data(try PNGCodec.encode(canvas)).base64EncodedString()
  }

  /// The QR code as the raster and the PDF draw it: the light square with its quiet zone, then
  /// the dark modules, each horizontal run one rectangle of one path.
  func qrCode(_ code: QRCode, in box: PixelBox) throws {
    let (square, module) = try code.placement(in: box)
    rectangle(square, .white)
    let runs = code.darkRuns(in: square, module: module).map {
      "M\($0.minX) \($0.minY)h\($0.width)v\($0.height)h-\($0.width)z"
    }
    guard !runs.isEmpty else { return }
    body.append(#"<path d="\#(runs.joined())" \#(Self.fill(.black))/>"#)
  }

  /// A line: each glyph a `<use>` of its outline path or, for a colour glyph, its image (each
  /// defined once), then the line's text, invisible, for search and selection.
  func text(_ line: Drawing.Line, color: Color) throws {
    let shaped = line.shaped
    let units = Int(shaped.size * 64)
    var uses: [String] = []
    for glyph in shaped.glyphs {
      guard line.fonts.indices.contains(glyph.font) else { continue }
      let identity = line.fonts[glyph.font]
      let font = try self.font(identity)
      let x = Double(line.origin.x + glyph.x) + Double(glyph.phase) / 4
      let y = line.origin.y + glyph.y
      if font.isColor {
        if let image = try colorGlyphID(of: glyph, in: font, identity: identity, units: units) {
          uses.append(
            "<use href=\"#\(image.id)\" x=\"\(line.origin.x + glyph.x + image.left)\" y=\"\(y - image.top)\"/>")
        }
      } else if let id = outlineID(of: glyph.index, in: font, identity: identity, units: units) {
        uses.append("<use href=\"#\(id)\" x=\"\(Self.number(x))\" y=\"\(y)\"/>")
      }
    }
    if !uses.isEmpty { body += [#"<g \#(Self.fill(color))>"#] + uses + ["</g>"] }
    let text = TextFormatting.xmlEscaped(shaped.text)
    guard !text.isEmpty, shaped.advance > 0 else { return }
    body.append(
      #"<text x="\#(line.origin.x)" y="\#(line.origin.y)" font-family="sans-serif" font-size="\#(Self.number(shaped.size))" "#
        + #"textLength="\#(Self.number(shaped.advance))" lengthAdjust="spacingAndGlyphs" fill="none" "#
        + #"xml:space="preserve">\#(text)</text>"#)
  }

  /// A curved line: each glyph's outline `<use>`d at its placement, turned about its pen origin
  /// (a colour glyph's image upright, centred where its turned centre lands, as the raster draws
  /// it), then the line's text, invisible, for search.
  func curvedText(_ line: Drawing.CurvedLine, color: Color) throws {
    let (shaped, placements) = (line.shaped, line.placements)
    let units = Int(shaped.size * 64)
    var uses: [String] = []
    for (glyph, place) in zip(shaped.glyphs, placements) where line.fonts.indices.contains(glyph.font) {
      let identity = line.fonts[glyph.font]
      let font = try self.font(identity)
      let (x, y) = (Self.fine(place.x), Self.fine(place.y))
      if font.isColor {
        guard let image = try colorGlyphID(of: glyph, in: font, identity: identity, units: units),
          let bitmap = font.bitmap(of: glyph.index, units: units, phase: glyph.phase)
        else { continue }
        let corner = bitmap.uprightTopLeft(x: place.x, y: place.y, angle: place.angle)
        uses.append("<use href=\"#\(image.id)\" x=\"\(corner.x)\" y=\"\(corner.y)\"/>")
      } else if let id = outlineID(of: glyph.index, in: font, identity: identity, units: units) {
        let degrees = Self.fine(place.angle * 180 / .pi)
        uses.append("<use href=\"#\(id)\" x=\"\(x)\" y=\"\(y)\" transform=\"rotate(\(degrees) \(x) \(y))\"/>")
      }
    }
    if !uses.isEmpty { body += [#"<g \#(Self.fill(color))>"#] + uses + ["</g>"] }
    let text = TextFormatting.xmlEscaped(shaped.text)
    guard !text.isEmpty, let first = placements.first else { return }
    body.append(
      #"<text x="\#(Self.fine(first.x))" y="\#(Self.fine(first.y))" font-family="sans-serif" font-size="\#(Self.number(shaped.size))" "#
        + #"fill="none" xml:space="preserve">\#(text)</text>"#)
  }

  /// `value` to 1/1000 (a turned glyph's place and angle), written as ``number(_:)`` writes it.
  static func fine(_ value: Double) -> String {
    number((value * 1000).rounded() / 1000)
  }

  /// The id of the image of colour glyph `glyph` at `units` (defined once, like an outline)
  /// and its offset from the pen (left, and top above the baseline), or `nil` with no bitmap.
  private func colorGlyphID(
    of glyph: ShapedText.Glyph, in font: Font, identity: FontIdentity, units: Int
  ) throws -> (id: String, left: Int, top: Int)? {
    let key = GlyphKey(font: identity, glyph: glyph.index, units: units)
    if let known = imageIDs[key] { return known }
    guard let bitmap = font.bitmap(of: glyph.index, units: units, phase: glyph.phase), let pixels = bitmap.color,
      bitmap.width > 0, bitmap.rows > 0
    else {
      imageIDs[key] = .some(nil)
      return nil
    }
    let href = try Self.pngDataURL(premultipliedRGBA: pixels, width: bitmap.width, height: bitmap.rows)
    let id = "e\(imageIDs.count)"
    definitions.append(#"<image id="\#(id)" width="\#(bitmap.width)" height="\#(bitmap.rows)" href="\#(href)"/>"#)
    imageIDs[key] = (id, bitmap.left, bitmap.top)
    return (id, bitmap.left, bitmap.top)
  }

  /// The id of the path drawing `glyph` at `units`, defined on first use; `nil` for a glyph
  /// with no outline (a space).
  private func outlineID(of glyph: UInt32, in font: Font, identity: FontIdentity, units: Int) -> String? {
    let key = GlyphKey(font: identity, glyph: glyph, units: units)
    if let known = glyphIDs[key] { return known }
    guard let outline = font.outline(of: glyph, units: units), !outline.commands.isEmpty else {
      glyphIDs[key] = .some(nil)
      return nil
    }
    let id = "g\(definitions.count)"
    definitions.append(#"<path id="\#(id)" d="\#(Self.pathData(outline))"/>"#)
    glyphIDs[key] = id
    return id
  }

  private func font(_ identity: FontIdentity) throws -> Font {
    if let known = fonts[identity] { return known }
    let font = try Font(identity)
    fonts[identity] = font
    return font
  }

  /// SVG path data for `outline`: absolute commands, numbers in the shortest exact form.
  ///
  /// - Complexity: O(*n*) in the commands.
  static func pathData(_ outline: GlyphOutline) -> String {
    var data = ""
    for command in outline.commands {
      let n = number
      switch command {
      case .move(let x, let y):
        if !data.isEmpty { data += "Z" }
        data += "M\(n(x)) \(n(y))"
      case .line(let x, let y): data += "L\(n(x)) \(n(y))"
      case .quadratic(let cx, let cy, let x, let y): data += "Q\(n(cx)) \(n(cy)) \(n(x)) \(n(y))"
      case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
        data += "C\(n(c1x)) \(n(c1y)) \(n(c2x)) \(n(c2y)) \(n(x)) \(n(y))"
      }
    }
    return data.isEmpty ? data : data + "Z"
  }

  /// `value` as SVG takes it: an integer without a fraction, else Swift's shortest exact
  /// decimal (positions are multiples of 1/64 px).
  static func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }

  /// `fill="#RRGGBB"`, with `fill-opacity` when the colour is not opaque.
  static func fill(_ color: Color) -> String {
    let opaque = Color(red: color.red, green: color.green, blue: color.blue)
    let fill = #"fill="\#(opaque.hexString)""#
    guard !color.isOpaque else { return fill }
    return fill + #" fill-opacity="\#(number((Double(color.alpha) / 255 * 1000).rounded() / 1000))""#
  }

}
