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
        throw WordFitError(
          .usage, "\(Parameter.sheet) \"\(text)\" is not a page size; give A4, A3, Letter or WxHmm such as 210x297mm",
          reason: .malformed(.sheet, value: text, expected: "A4, A3, Letter or WxHmm"))
      }
      return (parts[0], parts[1])
    }
  }

  /// A sheet of `pageSize` at `dotsPerInch`.
  public init(pageMillimetres: (width: Double, height: Double), dotsPerInch: Double) {
    self.pageMillimetres = pageMillimetres
    self.dotsPerInch = dotsPerInch
  }

  /// The file names of the sheets: `sheet-001.png` …, or with a prefix naming the shard
  /// (`sheet-shard1of4-001.png`) so shards writing into one folder never replace each other's.
  public var namePrefix = "sheet-"

  private func pixels(_ millimetres: Double) -> Int { Int((millimetres / 25.4 * dotsPerInch).rounded()) }

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

  /// How many badges of `width` × `height` px fit across and down a page.
  public func grid(badgeWidth width: Int, height: Int) -> (columns: Int, rows: Int) {
    let cell = (
      width + 2 * pixels(bleedMillimetres) + pixels(gapMillimetres),
      height + 2 * pixels(bleedMillimetres) + pixels(gapMillimetres)
    )
    let usable = (
      pixels(pageMillimetres.width) - 2 * pixels(marginMillimetres) + pixels(gapMillimetres),
      pixels(pageMillimetres.height) - 2 * pixels(marginMillimetres) + pixels(gapMillimetres)
    )
    return (Swift.max(0, usable.0 / cell.0), Swift.max(0, usable.1 / cell.1))
  }

  /// Throws unless a badge of `width` × `height` px fits a page with its margin and bleed.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the badge and the page.
  public func checkFits(badgeWidth width: Int, height: Int) throws {
    let (columns, rows) = grid(badgeWidth: width, height: height)
    guard columns == 0 || rows == 0 else { return }
    throw WordFitError(
      .usage,
      "a \(width)x\(height) px badge does not fit a \(TextFormatting.pixels(pageMillimetres.width))x\(TextFormatting.pixels(pageMillimetres.height)) mm page at \(TextFormatting.pixels(dotsPerInch)) dpi with its margin and bleed; use a larger sheet",
      reason: .malformed(.sheet, value: "\(width)x\(height) px", expected: "a page the badge fits"))
  }

  /// Imposes the PNG badges at `paths` (in order) and writes `sheet-001.png` … into `folder`;
  /// returns the files written. Each page is composed and encoded one grid row at a time, so
  /// memory holds one band of the page and the badges on it, never the page. Sheets with this
  /// prefix numbered past the last one written (from an earlier, larger run) are removed, and so
  /// are temporaries of sheet writers that died. Links are never followed: a link where a sheet
  /// goes is replaced.
  ///
  /// - Throws: ``WordFitError`` `.usage` when a badge does not fit the page, `.invalidData` for a
  ///   badge that is not a PNG or whose size differs from the first badge's, `.io` when a page
  ///   cannot be written.
  /// - Complexity: O(pages × page area + badges' area).
  public func write(badges paths: [String], to folder: String) throws -> [String] {
    try validate()
    try makeFolder(folder)
    _ = StaleTemporaries.remove(in: folder)
    var written: [String] = []
    if let first = paths.first {
      let sample = try Self.read(first)
      try checkFits(badgeWidth: sample.width, height: sample.height)
      let (columns, rows) = grid(badgeWidth: sample.width, height: sample.height)
      let perPage = columns * rows
      for pageStart in stride(from: 0, to: paths.count, by: perPage) {
        let page = Array(paths[pageStart..<Swift.min(paths.count, pageStart + perPage)])
        let path = (folder as NSString).appendingPathComponent(
          namePrefix + String(format: "%03d.png", written.count + 1))
        try AtomicFile.write(
          try encodePage(page, columns: columns, badgeSize: (sample.width, sample.height)), to: path,
          followsLinks: false)
        written.append(path)
      }
    }
    removeSheets(in: folder, after: written.count)
    return written
  }

  private func makeFolder(_ folder: String) throws {
    if let reason = AtomicFile.createDirectory(folder) {
      throw WordFitError(
        .io, "cannot create the sheets folder \(folder): \(reason); choose a writable folder", input: folder)
    }
  }

  /// One page: each grid row of badges drawn into a band and streamed to the encoder. Band *i*
  /// runs from the top of row *i*'s bleed box to the top of the next row's (the first from the
  /// page's top, the last to its bottom); crop marks reach into the gaps, so a band draws those
  /// of the rows above and below it too (geometry only, clipped to the band).
  private func encodePage(_ paths: [String], columns: Int, badgeSize: (width: Int, height: Int)) throws -> [UInt8] {
    let (width, height) = pagePixels
    let writer = try PNGStreamWriter(
      width: width, height: height, format: .rgb, text: [("Software", "WordFit \(wordFitVersion)")],
      dotsPerInch: Int(dotsPerInch.rounded()))
    let (bleed, gap, margin) = (pixels(bleedMillimetres), pixels(gapMillimetres), pixels(marginMillimetres))
    let pitch = (x: badgeSize.width + 2 * bleed + gap, y: badgeSize.height + 2 * bleed + gap)
    let gridRows = (paths.count + columns - 1) / columns
    let trim = { (row: Int, column: Int, bandTop: Int) -> PixelBox in
      let (x, y) = (margin + column * pitch.x + bleed, margin + row * pitch.y + bleed - bandTop)
      return PixelBox(minX: x, minY: y, maxX: x + badgeSize.width, maxY: y + badgeSize.height)
    }
    for row in 0..<gridRows {
      let bandTop = row == 0 ? 0 : margin + row * pitch.y
      let bandBottom = row == gridRows - 1 ? height : margin + (row + 1) * pitch.y
      var band = Canvas(width: width, height: bandBottom - bandTop, format: .rgb, background: .white)
      for (column, path) in paths[(row * columns)..<Swift.min(paths.count, (row + 1) * columns)].enumerated() {
        let badge = try Self.read(path)
        guard badge.width == badgeSize.width, badge.height == badgeSize.height else {
          throw WordFitError(
            .invalidData,
            "badge \(path) is \(badge.width)x\(badge.height) px where the first badge is \(badgeSize.width)x\(badgeSize.height) px; one sheet takes badges of one size, so render them again without --skip-existing",
            input: path)
        }
        let box = trim(row, column, bandTop)
        place(badge, on: &band, x: box.minX, y: box.minY, bleed: bleed)
      }
      for markedRow in Swift.max(0, row - 1)...Swift.min(gridRows - 1, row + 1) where cropMarks {
        for column in 0..<Swift.min(columns, paths.count - markedRow * columns) {
          drawCropMarks(on: &band, trim: trim(markedRow, column, bandTop), bleed: bleed)
        }
      }
      try writer.append(band)
    }
    return try writer.finish()
  }

  /// Removes sheets named `PREFIX` + a number above `count` (left by an earlier, larger run).
  private func removeSheets(in folder: String, after count: Int) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where name.hasPrefix(namePrefix) && name.hasSuffix(".png") {
      let number = name.dropFirst(namePrefix.count).dropLast(4)
      guard number.count >= 3, number.allSatisfy(\.isASCII), let value = Int(number), value > count else { continue }
      let path = (folder as NSString).appendingPathComponent(name)
      if BatchRunner.isRegularFile(path) { unlink(path) }
    }
  }

  private static func read(_ path: String) throws -> Canvas {
    let bytes = try InputFile.read(path, role: "badge", limit: InputLimits.pngFileBytes)
    return try PNGCodec.decode(bytes).canvas.rgb(over: .white)
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
  /// outside the bleed, on the trim lines.
  private func drawCropMarks(on page: inout Canvas, trim: PixelBox, bleed: Int) {
    let (offset, length, thickness) = (bleed + pixels(1), pixels(3), Swift.max(1, pixels(0.2)))
    for x in [trim.minX, trim.maxX - thickness] {
      page.fill(
        PixelBox(minX: x, minY: trim.minY - offset - length, maxX: x + thickness, maxY: trim.minY - offset), .black)
      page.fill(
        PixelBox(minX: x, minY: trim.maxY + offset, maxX: x + thickness, maxY: trim.maxY + offset + length), .black)
    }
    for y in [trim.minY, trim.maxY - thickness] {
      page.fill(
        PixelBox(minX: trim.minX - offset - length, minY: y, maxX: trim.minX - offset, maxY: y + thickness), .black)
      page.fill(
        PixelBox(minX: trim.maxX + offset, minY: y, maxX: trim.maxX + offset + length, maxY: y + thickness), .black)
    }
  }
}
