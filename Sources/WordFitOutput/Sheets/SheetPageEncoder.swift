import WordFitCore
import WordFitImage

/// One sheet page — and with duplex its back — encoded while its badges arrive: each band (a row
/// of slots, from the top of its bleed to the next row's) is composed and streamed to the PNG
/// encoder as soon as every badge whose ink can reach it is in, and a badge is released once no
/// later band can reach it. Memory holds about two rows of badges and one band, never the page.
///
/// Slots are in placing order, row by row (a grid, or a label stock's labels sorted by their
/// origins), so a band's badges are a prefix of the arrivals. A back mirrored left to right
/// has the front's rows and is streamed with it; a back mirrored top to bottom and turned
/// (``PrintSheet/turnsBacks``) has them in reverse, so its badges are held until the page is
/// complete and the back is composed then: a page's backs in memory, never its PNG rows.
final class SheetPageEncoder {
  private let sheet: PrintSheet
  /// Each side's slots (front, and the back when duplex).
  private let sides: [[PixelBox]]
  /// Whether the back is composed at the end, its badges turned 180° and held until then.
  private let composesBackLast: Bool
  /// The backs placed (turned when ``composesBackLast``), in the front's order; `nil` once
  /// released.
  private var backs: [Canvas?] = []
  private let writers: [PNGStreamWriter]
  /// The distinct tops of the slots (the page's potential rows), and where each row starts.
  private let tops: [Int]
  private let rowStarts: [Int]
  /// For each row but the last: how many slots' ink reaches above the end of its band.
  private let reaching: [Int]
  private var badges: [Canvas?] = []
  /// The next band to compose (an index into ``tops``).
  private var nextBand = 0
  /// Badges before this index are released.
  private var released = 0

  /// An encoder for a page of `sides` (the front's slots, then the back's when duplex).
  ///
  /// - Throws: ``WordFitError`` when the PNG encoder cannot start.
  init(sheet: PrintSheet, sides: [[PixelBox]]) throws {
    self.sheet = sheet
    self.sides = sides
    composesBackLast = sides.count > 1 && sheet.turnsBacks
    let (width, height) = sheet.pagePixels
    writers = try sides.map { _ in
      try PNGStreamWriter(
        width: width, height: height, format: .rgb, text: [("Software", "WordFit \(wordFitVersion)")],
        dotsPerInch: Int(sheet.dotsPerInch.rounded()))
    }
    let front = sides[0]
    tops = Array(Set(front.map(\.minY))).sorted()
    var starts: [Int] = []
    for (index, slot) in front.enumerated() where starts.count < tops.count && slot.minY == tops[starts.count] {
      starts.append(index)
    }
    rowStarts = starts
    let (bleed, reach) = (sheet.pixels(sheet.bleedMillimetres), sheet.inkReach)
    var counted = 0
    reaching = tops.dropFirst().map { next in
      while counted < front.count, front[counted].minY - reach < next - bleed { counted += 1 }
      return counted
    }
  }

  /// How many badges were placed.
  var count: Int { badges.count }
  /// How many badges are still held (placed, and reaching a band not yet encoded).
  var held: Int { badges.count - released }

  /// Places the next badge, and with duplex its back (the front again when `nil`), and streams
  /// every band it completes.
  ///
  /// - Throws: ``WordFitError`` `.io` when the encoder fails.
  /// - Complexity: O(area of the bands it completes).
  func add(_ badge: Canvas, back: Canvas? = nil) throws {
    badges.append(badge)
    if sides.count > 1 {
      let side = back ?? badge
      backs.append(composesBackLast ? side.turnedHalfway() : side)
    }
    while nextBand + 1 < tops.count, isReady(nextBand) {
      try encode(band: nextBand, last: tops[nextBand + 1] - sheet.pixels(sheet.bleedMillimetres))
      nextBand += 1
      release()
    }
  }

  /// Streams the remaining bands (the last reaching the page's bottom) and returns each side's
  /// PNG.
  ///
  /// - Throws: ``WordFitError`` `.io` when the encoder fails.
  func finish() throws -> [[UInt8]] {
    let bleed = sheet.pixels(sheet.bleedMillimetres)
    let usedRows = tops.indices.filter { rowStarts[$0] < badges.count }
    let lastRow = usedRows.last ?? 0
    while nextBand <= lastRow {
      try encode(band: nextBand, last: nextBand < lastRow ? tops[nextBand + 1] - bleed : sheet.pagePixels.height)
      nextBand += 1
    }
    if composesBackLast {
      try sheet.encodeBand(
        0, sheet.pagePixels.height, used: sides[1].prefix(backs.count), badges: backs, to: writers[1])
    }
    return try writers.map { try $0.finish() }
  }

  /// Band `row` can be composed once a badge of the next row is in (so the band ends where that
  /// row's bleed starts) and every slot whose ink reaches above that end is in.
  private func isReady(_ row: Int) -> Bool {
    badges.count > rowStarts[row + 1] && badges.count >= reaching[row]
  }

  private func encode(band row: Int, last: Int) throws {
    let first = row == 0 ? 0 : tops[row] - sheet.pixels(sheet.bleedMillimetres)
    try sheet.encodeBand(first, last, used: sides[0].prefix(badges.count), badges: badges, to: writers[0])
    if sides.count > 1, !composesBackLast {
      try sheet.encodeBand(first, last, used: sides[1].prefix(backs.count), badges: backs, to: writers[1])
    }
  }

  /// Drops the badges no band from ``nextBand`` on can reach (they are released in order).
  private func release() {
    guard nextBand < tops.count else { return }
    let first = tops[nextBand] - sheet.pixels(sheet.bleedMillimetres)
    while released < badges.count, sides[0][released].maxY + sheet.inkReach <= first {
      badges[released] = nil
      if !composesBackLast, released < backs.count { backs[released] = nil }
      released += 1
    }
  }
}
