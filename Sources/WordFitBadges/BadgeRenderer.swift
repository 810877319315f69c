import Foundation
import WordFitCore
import WordFitDrawing
import WordFitImage
import WordFitLayout
import WordFitText

/// Renders badges from a ``BadgeTemplate``: bands, images, then each text region fitted to its
/// own box; regions of a size group share the largest size at which all of them fit.
///
/// Not thread-safe (it keeps fonts): one per thread.
public final class BadgeRenderer {
  private let words: WordStackRenderer
  /// Rows' images read so far, resampled to their boxes, by box size and path: each file is read
  /// once per worker (at most ``rowImageCacheLimit`` kept).
  private var rowImages: [String: [UInt8]] = [:]
  static let rowImageCacheLimit = 256
  /// Regions already laid out, by variant, region, text and language: a badge's constant and
  /// few-valued fields (the event, the role) are fitted once per worker, not once per row. At
  /// most ``layoutCacheLimit`` kept.
  private var layouts: [LayoutKey: (text: LaidOutText, rendering: Rendering)] = [:]
  static let layoutCacheLimit = 1_024
  /// Colours parsed so far by their text and role: a template's background and band fills
  /// (per role) are a handful of strings, parsed once per worker instead of once per row.
  private var colors: [ColorKey: Color] = [:]
  static let colorCacheLimit = 256

  private struct ColorKey: Hashable {
    var text: String
    var role: Parameter
  }

  private struct LayoutKey: Hashable {
    var variant: String
    var region: Int
    var text: String
    var language: String?
  }

  /// Creates a renderer with its own fonts.
  public init() { words = WordStackRenderer() }

  /// Renders `template` for one row; `fields` maps column names (any case) to values as the row
  /// gives them (texts, colours, variants and image paths use them trimmed and in Unicode NFC;
  /// QR data uses them verbatim), and
  /// `language` (BCP 47), when given, is every region's language for this row; rows' own images
  /// are read from inside `imageFolder` (`""`: the current directory). `output` says
  /// what to make: the pixels (``BadgeRendering/canvas``), the drawing a PDF page is made from
  /// (``BadgeRendering/drawing``), or both, from one layout.
  ///
  /// - Throws: ``WordFitError`` when a region cannot be rendered (a font that cannot be read,
  ///   `overflow: fail`, an empty text).
  /// - Complexity: one fit per region (two for members of a size group that is not the tightest).
  public func render(
    _ template: BadgeTemplate, fields: [String: String], language: String? = nil, imageFolder: String = "",
    output: BadgeOutput = .pixels
  ) throws -> BadgeRendering {
    let (verbatim, row) = Self.rows(of: fields)
    let side = template.variant(for: row)
    return try draw(
      side, cacheKey: template.variantKey(for: row), row: row, verbatim: verbatim, language: language,
      order: Self.nameOrder(template, side, row: row, language: language), imageFolder: imageFolder, output: output)
  }

  /// A row's fields by lower-cased column: as given (QR data), and trimmed in NFC (the rest).
  static func rows(of fields: [String: String]) -> (verbatim: [String: String], trimmed: [String: String]) {
    let verbatim = Dictionary(fields.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
    return (verbatim, verbatim.mapValues(TextSegmentation.trimmedNFC))
  }

  /// The name order of a row: by its locale column (`localeBy` of the template, else of the side
  /// drawn), else by its language.
  static func nameOrder(_ template: BadgeTemplate, _ side: BadgeTemplate, row: [String: String], language: String?)
    -> NameOrder
  {
    let column = template.localeColumn ?? side.localeColumn
    return NameOrder(locale: column.flatMap { row[$0.lowercased()] } ?? language)
  }

  /// Renders the back of `template` for one row: the back of the variant the row takes
  /// (``BadgeTemplate/back(for:)``), drawn as ``render(_:fields:language:imageFolder:output:)``
  /// draws a front; `nil` when the row's badge has no back.
  ///
  /// - Throws: as ``render(_:fields:language:imageFolder:output:)``.
  public func renderBack(
    _ template: BadgeTemplate, fields: [String: String], language: String? = nil, imageFolder: String = "",
    output: BadgeOutput = .pixels
  ) throws -> BadgeRendering? {
    let (verbatim, row) = Self.rows(of: fields)
    guard let back = template.back(for: row) else { return nil }
    return try draw(
      back, cacheKey: "back " + template.variantKey(for: row), row: row, verbatim: verbatim, language: language,
      order: Self.nameOrder(template, back, row: row, language: language), imageFolder: imageFolder, output: output)
  }

  /// Draws one side: `template` is the side the row takes, `cacheKey` names it among the
  /// template's sides and variants (for the layout cache); `row` holds the fields trimmed,
  /// `verbatim` as given (for QR data).
  private func draw(
    _ template: BadgeTemplate, cacheKey variant: String, row: [String: String], verbatim: [String: String],
    language: String?, order: NameOrder, imageFolder: String, output: BadgeOutput
  ) throws -> BadgeRendering {
    var template = template
    if let language { for index in template.regions.indices { template.regions[index].layout.language = language } }
    // An optional region empty for this row is left blank (or shows its `whenEmpty`).
    let texts = try template.regions.map { region -> String? in
      let text = region.text(for: row, order: order)
      guard text != nil || region.isOptional else {
        throw WordFitError(
          .invalidData,
          "region \(region.name) is empty for this row (\(region.text)) and not optional; fill its columns, or give it \"whenEmpty\" or \"optional\": true",
          reason: .malformed(.text, value: region.text, expected: "a text"))
      }
      return text
    }
    let laid = try zip(template.regions.indices, texts).map { index, text in
      try text.map {
        try layOut(
          template.regions[index], text: $0,
          key: LayoutKey(variant: variant, region: index, text: $0, language: language))
      }
    }
    var laidOut = laid.map { $0?.text }
    let grouped = try shareSizes(&laidOut, texts: texts, template: template)
    var drawing = Drawing(
      width: template.width, height: template.height, background: try color(template.background, for: .bg))
    let (imageWarnings, qrModules) = try drawArtwork(
      of: template, for: row, verbatim: verbatim, imageFolder: imageFolder, into: &drawing)
    var regions: [BadgeRendering.Region] = []
    for (index, region) in template.regions.enumerated() {
      guard let text = laidOut[index], let filled = texts[index] else { continue }
      var drawn = BadgeRendering.Region(
        name: region.name, box: region.box, text: filled, laidOut: text,
        rendering: grouped.contains(index) ? nil : laid[index]?.rendering, sizeGroup: region.sizeGroup,
        limitedByGroup: grouped.contains(index))
      drawn.minimumLegiblePoints = region.layout.fields.minLegible ?? BadgeRendering.printLegiblePoints
      regions.append(drawn)
    }
    let placed = zip(template.regions, laidOut).compactMap { region, text in text.map { (region.box, $0) } }
    let whole = Self.addingTexts(placed, to: drawing)
    let (canvas, bare) = try pixels(whole, artwork: drawing, placed: placed, output: output)
    var badge = BadgeRendering(regions: regions, canvas: canvas, dotsPerInch: template.dotsPerInch)
    if output.contains(.drawing) { badge.drawing = whole }
    if output.contains(.oneBit) {
      badge.oneBit = try oneBitText(
        drawing, canvas: canvas, bare: bare, placed: placed, regions: regions,
        inks: output.contains(.redInk) ? .blackAndRed : .black)
    }
    badge.imageWarnings = imageWarnings
    badge.qrModulePixels = qrModules
    return badge
  }

  /// `Color.parse(text, for: role)`, from the colours this renderer parsed before.
  ///
  /// - Throws: as ``Color/parse(_:appearance:for:)``.
  private func color(_ text: String, for role: Parameter) throws -> Color {
    let key = ColorKey(text: text, role: role)
    if let known = colors[key] { return known }
    let parsed = try Color.parse(text, for: role)
    if colors.count >= Self.colorCacheLimit { colors.removeAll(keepingCapacity: true) }
    colors[key] = parsed
    return parsed
  }

  /// A region laid out for `text`, and its report, from the cache when this worker has laid out
  /// the same.
  private func layOut(_ region: BadgeRegion, text: String, key: LayoutKey) throws -> (
    text: LaidOutText, rendering: Rendering
  ) {
    if let known = layouts[key] { return known }
    var spec = region.layout
    spec.text = text
    let laidOut = try words.layOut(spec)
    let fresh = (laidOut, laidOut.rendering(canvas: .placeholder))
    if layouts.count >= Self.layoutCacheLimit { layouts.removeAll(keepingCapacity: true) }
    layouts[key] = fresh
    return fresh
  }

  /// The badge's pixels: its drawing (the artwork, then each region's background and text),
  /// each region's lines drawn from its own live fonts.
  private func rasterize(_ drawing: Drawing, texts: [LaidOutText]) throws -> Canvas {
    var canvas = Canvas(
      width: drawing.width, height: drawing.height, format: drawing.background.isOpaque ? .rgb : .rgba,
      background: drawing.background)
    try canvas.paint(drawing, fonts: texts.flatMap { text in text.lines.map { _ in text.cascade.fonts } })
    return canvas
  }

  /// The badge's pixels when `output` needs them (else a placeholder), and, for the 1-bit check
  /// when no region has a background of its own, the artwork's pixels without the texts: the
  /// artwork is rasterised once and the texts painted over a copy, which is the whole drawing's
  /// raster mark for mark (`whole` is the artwork's marks, then each region's text marks).
  private func pixels(
    _ whole: Drawing, artwork: Drawing, placed: [(box: PixelBox, text: LaidOutText)], output: BadgeOutput
  ) throws -> (canvas: Canvas, bare: Canvas?) {
    guard !output.isDisjoint(with: [.pixels, .oneBit]) else { return (.placeholder, nil) }
    guard output.contains(.oneBit), placed.allSatisfy({ $0.text.background.alpha == 0 }) else {
      return (try rasterize(whole, texts: placed.map { $0.1 }), nil)
    }
    let bare = try rasterize(artwork, texts: [])
    var canvas = bare
    var texts = Drawing(width: artwork.width, height: artwork.height, background: .transparent)
    for (box, text) in placed { texts.marks += text.textMarks(dx: box.minX, dy: box.minY) }
    try canvas.paint(texts, fonts: placed.flatMap { text in text.text.lines.map { _ in text.text.cascade.fonts } })
    return (canvas, bare)
  }

  /// The badge as drawn (`canvas`) and without its texts as dots in `inks` (its images dithered
  /// outside the regions' boxes), the regions whose text the threshold loses, and, when one is
  /// lost, the texts' coverage alone (what a fix paints): what tells whether a text survives a
  /// label printer's threshold (``OneBitText``).
  private func oneBitText(
    _ artwork: Drawing, canvas: Canvas, bare artworkPixels: Canvas?, placed: [(box: PixelBox, text: LaidOutText)],
    regions: [BadgeRendering.Region], inks: LabelDots.Inks
  ) throws -> OneBitText {
    let plain = LabelDots(canvas, inks: inks, photos: artwork.imageBoxes, kept: regions.map(\.box))
    // The artwork's dots are compared inside the regions only (and fixed there): only there are
    // they made, and only there are they never dithered. Without the artwork's pixels (a region
    // has a background), they are drawn now.
    let bare = LabelDots(
      try artworkPixels ?? rasterize(Self.addingBackgrounds(placed, to: artwork), texts: []), inks: inks,
      within: regions.map(\.box))
    let boxes = regions.map { OneBitText.Region(name: $0.name, box: $0.box) }
    let lost = OneBitText.lost(boxes, plain: plain, artwork: bare)
    guard !lost.isEmpty else {
      return OneBitText(regions: boxes, plain: plain, artwork: bare, lost: [], coverage: [], width: artwork.width)
    }
    var texts = Drawing(width: artwork.width, height: artwork.height, background: .transparent)
    for (box, text) in placed { texts.marks += text.textMarks(dx: box.minX, dy: box.minY) }
    var coverage = Canvas(width: artwork.width, height: artwork.height, format: .rgba, background: .transparent)
    try coverage.paint(texts, fonts: placed.flatMap { text in text.text.lines.map { _ in text.text.cascade.fonts } })
    let alpha = coverage.pixels.withUnsafeBufferPointer { pixels in
      [UInt8](unsafeUninitializedCapacity: pixels.count / 4) { buffer, count in
        for index in 0..<(pixels.count / 4) { buffer[index] = pixels[index * 4 + 3] }
        count = pixels.count / 4
      }
    }
    return OneBitText(regions: boxes, plain: plain, artwork: bare, lost: lost, coverage: alpha, width: artwork.width)
  }

  /// The drawing with each region's background (where it has one) added, without its text.
  private static func addingBackgrounds(_ texts: [(box: PixelBox, text: LaidOutText)], to drawing: Drawing) -> Drawing {
    var drawing = drawing
    for (box, text) in texts where text.background.alpha > 0 { drawing.marks.append(.fill(box, text.background)) }
    return drawing
  }

  /// The drawing with each region's background and lines of text added.
  private static func addingTexts(_ texts: [(box: PixelBox, text: LaidOutText)], to drawing: Drawing)
    -> Drawing
  {
    var drawing = drawing
    for (box, text) in texts {
      if text.background.alpha > 0 { drawing.marks.append(.fill(box, text.background)) }
      drawing.marks += text.textMarks(dx: box.minX, dy: box.minY)
    }
    return drawing
  }

  /// Adds the template's bands (coloured by the row), images and QR codes (of the row's data)
  /// to `drawing`; returns warnings about rows' images left empty, and each QR code's module in
  /// px.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` naming a QR code's data that does not fit.
  private func drawArtwork(
    of template: BadgeTemplate, for row: [String: String], verbatim: [String: String], imageFolder: String,
    into drawing: inout Drawing
  ) throws -> (warnings: [String], qrModules: [Int]) {
    var warnings: [String] = []
    var modules: [Int] = []
    for band in template.bands {
      drawing.marks.append(.fill(band.box, try color(band.color(for: row), for: .fill)))
    }
    for image in template.images {
      var (key, pixels) = ("\(image.box.width)x\(image.box.height)\u{0}" + image.path, image.pixels)
      if let rowPath = image.rowPath {
        do {
          guard let own = try rowImage(rowPath, box: image.box, row: row, folder: imageFolder) else { continue }
          (key, pixels) = own
        } catch let error as WordFitError where image.isOptional && error.reason.parameter != .images {
          warnings.append("image \(rowPath) left empty: \(error.message)")
          continue
        }
      }
      drawing.marks.append(.image(key: key, premultipliedRGBA: pixels, box: image.box))
    }
    for code in template.qrCodes {
      let data = BadgeText.fillVerbatim(code.data, with: verbatim)
      do {
        let symbol = try QRCode(encoding: data, correction: code.correction)
        modules.append(try symbol.placement(in: code.box).module)
        drawing.marks.append(.qrCode(symbol, box: code.box))
      } catch let error as WordFitError {
        throw WordFitError(error.kind, "QR code \(code.data): \(error.text)", reason: error.reason)
      }
    }
    return (warnings, modules)
  }

  /// A row's own image for `template` (a path with `{column}`s), read from inside `folder`
  /// (``RowImagePath``), decoded and resampled to `box`, with the key that names it; `nil` when
  /// the row leaves it blank.
  ///
  /// - Throws: ``WordFitError`` for a file that is missing (66), too large, not a PNG or
  ///   outside `folder` (65).
  private func rowImage(_ template: String, box: PixelBox, row: [String: String], folder: String) throws -> (
    key: String, pixels: [UInt8]
  )? {
    let name = BadgeText.fillVerbatim(template, with: row).trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty else { return nil }
    let path = try RowImagePath.resolve(name, in: folder)
    let key = "\(box.width)x\(box.height)\u{0}" + path
    if let known = rowImages[key] { return (key, known) }
    let bytes = try InputFile.read(path, role: "image", limit: InputLimits.pngFileBytes)
    let canvas = try PNGCodec.decode(bytes, maximumPixels: InputLimits.glyphPixels).canvas
    let pixels = canvas.premultipliedRGBA(fittingWidth: box.width, height: box.height)
    if rowImages.count >= Self.rowImageCacheLimit { rowImages.removeAll(keepingCapacity: true) }
    rowImages[key] = pixels
    return (key, pixels)
  }

  /// Gives every region of a size group the smallest of its members' sizes: the largest at
  /// which all of them fit, since each member's own size is the largest at which it fits.
  /// Returns the regions whose size another member of their group set.
  private func shareSizes(_ laidOut: inout [LaidOutText?], texts: [String?], template: BadgeTemplate) throws -> Set<Int>
  {
    let regions = template.regions
    let groups = Dictionary(grouping: regions.indices.filter { regions[$0].sizeGroup != nil && laidOut[$0] != nil }) {
      regions[$0].sizeGroup ?? ""
    }
    var grouped = Set<Int>()
    for members in groups.values where members.count > 1 {
      // Below 1 px (the smallest maximum a layout takes) the group is drawn at 1 px, and a
      // member that does not fit there is truncated, as an overlong text is anywhere else.
      let sizes = members.map { laidOut[$0]?.layout.fit.size ?? 1 }
      let shared = Swift.max(1, sizes.min() ?? 1)
      for (index, size) in zip(members, sizes) where size != shared {
        var spec = regions[index].layout
        let resolved = try spec.validated()
        let minimum = resolved.maximumSize * resolved.minimumScaleFactor
        spec.text = texts[index] ?? ""
        spec.maxSize = shared
        spec.minScale = size < shared ? 1 : Swift.min(1, Swift.max(minimum / shared, 1e-9))
        laidOut[index] = try words.layOut(spec)
        grouped.insert(index)
      }
    }
    return grouped
  }
}
