import Foundation
import WordFitCore
import WordFitImage

/// Print sheets: badges imposed row by row onto pages (A4, Letter or any size in mm) at a
/// resolution, with a margin, gaps, bleed and crop marks, written as PNGs whose `pHYs` chunk
/// makes printers print them at size.
public struct PrintSheet: Sendable {
  /// The page width and height, in millimetres.
  public var pageMillimetres: (width: Double, height: Double)
  /// Pixels per inch of the pages (the badges' own resolution: they are placed pixel for pixel).
  public var dotsPerInch: Double
  /// Bleed around each badge, in mm: its edge pixels extended outward, so a cut slightly off
  /// the line leaves no white edge.
  public var bleedMillimetres: Double = 0
  /// Whether to draw crop marks at each badge's corners, outside its bleed.
  public var cropMarks = false
  /// The page margin, in mm.
  public var marginMillimetres: Double = 10
  /// The gap between badges' bleed boxes, in mm (room for crop marks).
  public var gapMillimetres: Double = 6
  /// A label stock: its labels place the badges instead of the margin and gaps.
  public var labels: LabelStock? = nil
  /// Whether each page is followed by a back page with each badge's back (or its front again)
  /// behind it, for duplex printing turned over as ``flip`` says.
  public var duplex = false
  /// How the duplex printer turns the sheet over (``DuplexFlip``): it decides where the backs
  /// go and whether they are turned 180°.
  public var flip = DuplexFlip.longEdge
  /// Whether the badge PNGs already carry the bleed (rendered with it): they are placed as they
  /// are instead of having their edges repeated.
  public var badgesIncludeBleed = false

  /// Reads `A4`, `Letter` or `WxHmm` (such as `210x297mm`).
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the page sizes accepted.
  public static func pageSize(_ text: String) throws -> (width: Double, height: Double) {
    switch text.lowercased() {
    case "a4": return (210, 297)
    case "a3": return (297, 420)
    case "letter": return (215.9, 279.4)
    default:
      let parts = text.lowercased().replacingOccurrences(of: "mm", with: "").split(separator: "x").compactMap {
        Double($0)
      }
      guard parts.count == 2, parts.allSatisfy({ $0 >= 20 && $0 <= 2000 }) else {
        let shown = TextFormatting.excerpt(text)
        throw WordFitError(
          .usage,
          "\(Parameter.sheet) \"\(shown)\" is not a page size; give A4, A3, Letter or WxHmm with each side 20…2000 mm, such as 210x297mm",
          reason: .malformed(.sheet, value: shown, expected: "A4, A3, Letter or WxHmm, each side 20…2000 mm"))
      }
      return (parts[0], parts[1])
    }
  }

  /// The sheet `name` names at `dotsPerInch`: a page size (``pageSize(_:)``), or a label
  /// product from gLabels' database (``LabelStock/named(_:)``), whose page and labels it takes.
  ///
  /// - Throws: ``WordFitError`` `.usage` for a name that is neither; as ``LabelStock/catalog()``.
  public static func named(_ name: String, dotsPerInch: Double) throws -> PrintSheet {
    if let page = try? pageSize(name) { return PrintSheet(pageMillimetres: page, dotsPerInch: dotsPerInch) }
    let stock = try LabelStock.named(name)
    var sheet = PrintSheet(pageMillimetres: stock.pageMillimetres, dotsPerInch: dotsPerInch)
    sheet.labels = stock
    return sheet
  }

  /// Chooses the margin and gap (when not given) that fit the most badges of `width` ×
  /// `height` px: 10 mm and 6 mm, else 5 mm and 4 mm (room for crop marks), else, without crop
  /// marks, 5 mm and 2 mm or 5 mm and none, the first of those that fits the most.
  public mutating func fitMost(badgeWidth width: Int, height: Int, margin: Double?, gap: Double?) {
    let candidates: [(Double, Double)] = cropMarks ? [(10, 6), (5, 4)] : [(10, 6), (5, 4), (5, 2), (5, 0)]
    var best: (count: Int, margin: Double, gap: Double)? = nil
    for (defaultMargin, defaultGap) in candidates {
      var sheet = self
      (sheet.marginMillimetres, sheet.gapMillimetres) = (margin ?? defaultMargin, gap ?? defaultGap)
      let grid = sheet.grid(badgeWidth: width, height: height)
      let count = sheet.labels?.origins.count ?? grid.columns * grid.rows
      if count > (best?.count ?? -1) { best = (count, sheet.marginMillimetres, sheet.gapMillimetres) }
    }
    if let best { (marginMillimetres, gapMillimetres) = (best.margin, best.gap) }
  }

  /// A sheet of `pageSize` at `dotsPerInch`.
  public init(pageMillimetres: (width: Double, height: Double), dotsPerInch: Double) {
    self.pageMillimetres = pageMillimetres
    self.dotsPerInch = dotsPerInch
  }

  /// The file names of the sheets: `sheet-001.png` …, or with a prefix naming the shard
  /// (`sheet-shard1of4-001.png`) so shards writing into one folder never replace each other's.
  public var namePrefix = "sheet-"

  func pixels(_ millimetres: Double) -> Int { Int((millimetres / 25.4 * dotsPerInch).rounded()) }

  /// The page's size in pixels.
  public var pagePixels: (width: Int, height: Int) {
    (pixels(pageMillimetres.width), pixels(pageMillimetres.height))
  }

  /// Checks, before any badge is rendered, that a page is at most ``CanvasSize/maximumSide``
  /// px a side (so `diff` and `check` can read it) and that the bleed fits.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the page size, the resolution and the limit.
  public func validate() throws {
    guard dotsPerInch.isFinite, dotsPerInch > 0, dotsPerInch <= 4_800 else {
      throw WordFitError.outOfRange(.dpi, dotsPerInch, range: "1…4800")
    }
    let (width, height) = pagePixels
    guard width <= CanvasSize.maximumSide, height <= CanvasSize.maximumSide else {
      throw WordFitError(
        .usage,
        "a \(TextFormatting.pixels(pageMillimetres.width))x\(TextFormatting.pixels(pageMillimetres.height)) mm sheet at \(TextFormatting.pixels(dotsPerInch)) dpi is \(width)x\(height) px, over the \(CanvasSize.maximumSide) px a side that sheets may have; use a smaller sheet or a lower dpi",
        reason: .malformed(
          .sheet, value: "\(width)x\(height) px", expected: "at most \(CanvasSize.maximumSide) px a side"))
    }
  }

  /// How many badges of `width` × `height` px fit across and down a page with the margin and
  /// gaps.
  public func grid(badgeWidth width: Int, height: Int) -> (columns: Int, rows: Int) {
    let cell = (
      width + 2 * pixels(bleedMillimetres) + pixels(gapMillimetres),
      height + 2 * pixels(bleedMillimetres) + pixels(gapMillimetres)
    )
    let usable = (
      pixels(pageMillimetres.width) - 2 * pixels(marginMillimetres) + pixels(gapMillimetres),
      pixels(pageMillimetres.height) - 2 * pixels(marginMillimetres) + pixels(gapMillimetres)
    )
    guard cell.0 > 0, cell.1 > 0 else { return (0, 0) }
    return (Swift.max(0, usable.0 / cell.0), Swift.max(0, usable.1 / cell.1))
  }

  /// The most badges one page may hold (a grid of tiny badges on a large page would otherwise
  /// make hundreds of millions of slots): as many as a label stock may have.
  public static let maximumBadgesPerPage = 10_000

  /// Where the badges of a page go: each badge's trim box on the page, in px, in placing order
  /// (row by row). A label stock's labels, each badge centred on its label; else a grid within
  /// the margin, with the gaps between bleed boxes.
  ///
  /// - Complexity: O(badges per page).
  public func slots(badgeWidth width: Int, height: Int) -> [PixelBox] {
    if let labels {
      return labels.origins.map { origin in
        let x = pixels(origin.x) + (pixels(labels.labelWidth) - width) / 2
        let y = pixels(origin.y) + (pixels(labels.labelHeight) - height) / 2
        return PixelBox(minX: x, minY: y, maxX: x + width, maxY: y + height)
      }
    }
    let (columns, rows) = grid(badgeWidth: width, height: height)
    guard columns * rows <= Self.maximumBadgesPerPage else { return [] }
    let (bleed, gap, margin) = (pixels(bleedMillimetres), pixels(gapMillimetres), pixels(marginMillimetres))
    let pitch = (x: width + 2 * bleed + gap, y: height + 2 * bleed + gap)
    return (0..<rows).flatMap { row in
      (0..<columns).map { column in
        let (x, y) = (margin + column * pitch.x + bleed, margin + row * pitch.y + bleed)
        return PixelBox(minX: x, minY: y, maxX: x + width, maxY: y + height)
      }
    }
  }

  /// The slots of a duplex back page, in the front's order, so that printed on the back of the
  /// sheet each badge's back lies behind its front: the front's mirrored left to right when the
  /// sheet turns side to side, top to bottom when it turns top over bottom (``turnsBacks``).
  ///
  /// - Complexity: O(badges per page).
  public func backSlots(badgeWidth width: Int, height: Int) -> [PixelBox] {
    let page = pagePixels
    return slots(badgeWidth: width, height: height).map {
      turnsBacks
        ? PixelBox(minX: $0.minX, minY: page.height - $0.maxY, maxX: $0.maxX, maxY: page.height - $0.minY)
        : PixelBox(minX: page.width - $0.maxX, minY: $0.minY, maxX: page.width - $0.minX, maxY: $0.maxY)
    }
  }

  /// Whether the backs are drawn turned 180°: the sheet turns top over bottom (``flip`` and
  /// the page's shape), so a back drawn upright would be upside down behind its front.
  public var turnsBacks: Bool {
    !flip.turnsSideways(pageWidth: pagePixels.width, height: pagePixels.height)
  }

  /// Throws unless a badge of `width` × `height` px fits a page with its margin and bleed.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the badge and the page.
  public func checkFits(badgeWidth width: Int, height: Int) throws {
    if let labels {
      guard width > pixels(labels.labelWidth) + 1 || height > pixels(labels.labelHeight) + 1 else { return }
      throw WordFitError(
        .usage,
        "a \(width)x\(height) px badge is larger than the \(labels.name) label (\(Self.millimetres(labels.labelWidth))x\(Self.millimetres(labels.labelHeight)) mm, \(pixels(labels.labelWidth))x\(pixels(labels.labelHeight)) px at \(TextFormatting.pixels(dotsPerInch)) dpi); fit the design to it with \(Parameter.fitLabel), or give the template the label's size",
        reason: .malformed(.sheet, value: labels.name, expected: "labels at least as large as the badge"))
    }
    let (columns, rows) = grid(badgeWidth: width, height: height)
    guard columns * rows <= Self.maximumBadgesPerPage else {
      throw WordFitError(
        .usage,
        "a \(width)x\(height) px badge makes \(columns * rows) badges a page on a \(TextFormatting.pixels(pageMillimetres.width))x\(TextFormatting.pixels(pageMillimetres.height)) mm sheet; at most \(Self.maximumBadgesPerPage), so use larger badges, a smaller sheet or a lower dpi",
        reason: .malformed(
          .sheet, value: "\(columns * rows) badges", expected: "at most \(Self.maximumBadgesPerPage) a page"))
    }
    guard columns == 0 || rows == 0 else { return }
    throw WordFitError(
      .usage,
      "a \(width)x\(height) px badge does not fit a \(TextFormatting.pixels(pageMillimetres.width))x\(TextFormatting.pixels(pageMillimetres.height)) mm page at \(TextFormatting.pixels(dotsPerInch)) dpi with its margin and bleed; use a larger sheet",
      reason: .malformed(.sheet, value: "\(width)x\(height) px", expected: "a page the badge fits"))
  }

  /// A length in mm to 0.1 mm, for messages.
  static func millimetres(_ value: Double) -> String { TextFormatting.pixels((value * 10).rounded() / 10) }

  /// Creates the sheets' folder (and its parents) and removes temporaries of sheet writers
  /// that died there.
  ///
  /// - Throws: ``WordFitError`` `.io` naming the folder.
  package static func prepareFolder(_ folder: String) throws {
    if let reason = AtomicFile.createDirectory(folder) {
      throw WordFitError(
        .io, "cannot create the sheets folder \(folder): \(reason); choose a writable folder", input: folder)
    }
    _ = StaleTemporaries.remove(in: folder)
  }

  /// The name of page `number` (1-based): `sheet-001.png`.
  package func pageName(_ number: Int) -> String { namePrefix + String(format: "%03d.png", number) }

  /// How far a badge's ink reaches beyond its trim box, up and down, in px: its bleed, and its
  /// crop marks' 1 mm offset and 3 mm length.
  var inkReach: Int { pixels(bleedMillimetres) + (cropMarks ? pixels(1) + pixels(3) : 0) }

  /// Composes the band of a page from `first` to `last` (page rows) and streams it to `writer`:
  /// the badges placed in `used` slots (trim boxes; `nil` for badges already released, which
  /// reach no band from here on) with their bleed and crop marks. Only the rows that hold ink are
  /// composed; the white above and below is streamed in blank chunks.
  package func encodeBand(
    _ first: Int, _ last: Int, used: ArraySlice<PixelBox>, badges: [Canvas?], to writer: PNGStreamWriter
  ) throws {
    let width = pagePixels.width
    let bleed = pixels(bleedMillimetres)
    let marks = cropMarks ? used.flatMap { cropMarkBoxes(trim: $0, bleed: bleed) } : []
    let bled = used.map { PixelBox(minX: $0.minX, minY: $0.minY - bleed, maxX: $0.maxX, maxY: $0.maxY + bleed) }
    let inked = (bled + marks).filter { $0.minY < last && $0.maxY > first }
    let start = Swift.max(first, inked.map(\.minY).min() ?? last)
    let end = Swift.min(last, inked.map(\.maxY).max() ?? last)
    try writer.appendWhite(rows: start - first)
    guard end > start else { return }
    var band = Canvas(width: width, height: end - start, format: .rgb, background: .white)
    let included = badgesIncludeBleed ? bleed : 0
    for (slot, badge) in zip(used, badges) where slot.minY - bleed < end && slot.maxY + bleed > start {
      guard let badge else { continue }
      place(badge, on: &band, x: slot.minX - included, y: slot.minY - included - start, bleed: bleed - included)
    }
    for slot in used where cropMarks {
      drawCropMarks(on: &band, trim: slot.offsetBy(dx: 0, dy: -start), bleed: bleed)
    }
    try writer.append(band)
    try writer.appendWhite(rows: last - end)
  }

  /// Removes sheets named `PREFIX` + a number above `count` (left by an earlier, larger run).
  package func removeSheets(in folder: String, after count: Int) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where name.hasPrefix(namePrefix) && name.hasSuffix(".png") {
      let number = name.dropFirst(namePrefix.count).dropLast(4)
      guard number.count >= 3, number.allSatisfy(\.isASCII), let value = Int(number), value > count else { continue }
      let path = (folder as NSString).appendingPathComponent(name)
      if FileIdentity.isRegularFile(path) { unlink(path) }
    }
  }

  /// Draws the badge with its edge pixels repeated `bleed` px outward.
  private func place(_ badge: Canvas, on page: inout Canvas, x: Int, y: Int, bleed: Int) {
    for row in -bleed..<(badge.height + bleed) {
      let sourceRow = Swift.min(badge.height - 1, Swift.max(0, row))
      for column in -bleed..<(badge.width + bleed) {
        let sourceColumn = Swift.min(badge.width - 1, Swift.max(0, column))
        let (px, py) = (x + column, y + row)
        guard px >= 0, py >= 0, px < page.width, py < page.height else { continue }
        let source = (sourceRow * badge.width + sourceColumn) * 3
        let target = (py * page.width + px) * 3
        page.pixels[target] = badge.pixels[source]
        page.pixels[target + 1] = badge.pixels[source + 1]
        page.pixels[target + 2] = badge.pixels[source + 2]
      }
    }
  }

  /// Crop marks: at each trim corner, a horizontal and a vertical line 3 mm long, starting 1 mm
  /// outside the bleed, on the trim lines, 0.2 mm (at least a pixel) wide.
  func cropMarkBoxes(trim: PixelBox, bleed: Int) -> [PixelBox] {
    let (offset, length, thickness) = (bleed + pixels(1), pixels(3), Swift.max(1, pixels(0.2)))
    var boxes: [PixelBox] = []
    for x in [trim.minX, trim.maxX - thickness] {
      boxes.append(PixelBox(minX: x, minY: trim.minY - offset - length, maxX: x + thickness, maxY: trim.minY - offset))
      boxes.append(PixelBox(minX: x, minY: trim.maxY + offset, maxX: x + thickness, maxY: trim.maxY + offset + length))
    }
    for y in [trim.minY, trim.maxY - thickness] {
      boxes.append(PixelBox(minX: trim.minX - offset - length, minY: y, maxX: trim.minX - offset, maxY: y + thickness))
      boxes.append(PixelBox(minX: trim.maxX + offset, minY: y, maxX: trim.maxX + offset + length, maxY: y + thickness))
    }
    return boxes
  }

  private func drawCropMarks(on page: inout Canvas, trim: PixelBox, bleed: Int) {
    for box in cropMarkBoxes(trim: trim, bleed: bleed) { page.fill(box, .black) }
  }
}
