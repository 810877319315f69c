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
          .usage, "sheet \"\(text)\" is not a page size; give A4, A3, Letter or WxHmm such as 210x297mm",
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

  private func pixels(_ millimetres: Double) -> Int { Int((millimetres / 25.4 * dotsPerInch).rounded()) }

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

  /// Imposes the PNG badges at `paths` (in order) and writes `sheet-001.png` … into `folder`;
  /// returns the files written. Badges are read one at a time; a page is held at once.
  ///
  /// - Throws: ``WordFitError`` `.usage` when a badge does not fit the page, `.invalidData` for a
  ///   badge that is not a PNG, `.io` when a page cannot be written.
  /// - Complexity: O(pages × page area + badges' area).
  public func write(badges paths: [String], to folder: String) throws -> [String] {
    guard let first = paths.first else { return [] }
    let sample = try Self.read(first)
    let (columns, rows) = grid(badgeWidth: sample.width, height: sample.height)
    guard columns > 0, rows > 0 else {
      throw WordFitError(
        .usage,
        "a \(sample.width)x\(sample.height) px badge does not fit a \(TextFormatting.pixels(pageMillimetres.width))x\(TextFormatting.pixels(pageMillimetres.height)) mm page at \(TextFormatting.pixels(dotsPerInch)) dpi with its margin and bleed; use a larger sheet",
        reason: .malformed(.sheet, value: "", expected: "a page the badge fits"))
    }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var written: [String] = []
    let perPage = columns * rows
    for pageStart in stride(from: 0, to: paths.count, by: perPage) {
      var page = Canvas(
        width: pixels(pageMillimetres.width), height: pixels(pageMillimetres.height), format: .rgb, background: .white)
      for (slot, path) in paths[pageStart..<Swift.min(paths.count, pageStart + perPage)].enumerated() {
        let badge = try Self.read(path)
        let bleed = pixels(bleedMillimetres)
        let x =
          pixels(marginMillimetres) + (slot % columns) * (sample.width + 2 * bleed + pixels(gapMillimetres)) + bleed
        let y =
          pixels(marginMillimetres) + (slot / columns) * (sample.height + 2 * bleed + pixels(gapMillimetres)) + bleed
        place(badge, on: &page, x: x, y: y, bleed: bleed)
        if cropMarks {
          drawCropMarks(
            on: &page, trim: PixelBox(minX: x, minY: y, maxX: x + badge.width, maxY: y + badge.height), bleed: bleed)
        }
      }
      let name = String(format: "sheet-%03d.png", written.count + 1)
      let path = (folder as NSString).appendingPathComponent(name)
      let png = try PNGCodec.encode(
        page, text: [("Software", "WordFit \(wordFitVersion)")],
        settings: PNGSettings(dotsPerInch: Int(dotsPerInch.rounded())))
      try AtomicFile.write(png, to: path)
      written.append(path)
    }
    return written
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
