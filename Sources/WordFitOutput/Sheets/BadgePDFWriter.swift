import WordFitCore
import WordFitDrawing
import WordFitImage
import WordFitPDF

/// Puts badges' drawings onto the pages of one PDF, in the order they come: a page per badge
/// (the badge and its bleed; the TrimBox is the badge), or print sheets imposed exactly as the
/// PNG sheets are (the same ``PrintSheet`` slots, crop marks as vector rectangles, duplex back
/// pages with each badge's back behind its front). With duplex, each badge page is followed by
/// its back's page. Holds at most one sheet's drawings, plus the pages its drawing thread has not drawn
/// yet (at most 32 pages or sheets): cairo draws and finishes the document on a thread of its
/// own while the caller goes on reading and rendering rows.
public final class BadgePDFWriter {
  /// The sheet the badges are imposed on, or `nil` for a page per badge.
  public let sheet: PrintSheet?
  /// Bleed around each badge, in px.
  public let bleed: Int
  /// For a page per badge: how the duplex printer turns the pages over, each badge page then
  /// followed by its back's; `nil` for fronts only. (Sheets take ``PrintSheet/duplex``.)
  public let duplex: DuplexFlip?
  /// What the drawing thread draws: one side of a badge on a page of its own, or a sheet's
  /// sides (the fronts, then the backs when duplex).
  private enum Page: Sendable {
    case badge(Drawing, number: Int, row: Int?, turned: Bool)
    case sheet([[Drawing]], sides: [[PixelBox]], firstNumber: Int)
  }
  private let pages: PDFPageThread<Page>
  private var pending: [Drawing] = []
  private var pendingBacks: [Drawing] = []
  private var sides: [[PixelBox]] = []
  private var sheetsQueued = 0
  private var badgesQueued = 0

  /// Starts a PDF at `path` (written by ``finish()``) for badges drawn at `dotsPerInch`; with
  /// `duplex` and no sheet, each badge's page is followed by its back's.
  ///
  /// - Throws: ``WordFitError`` as ``PDFDocument/init(path:dotsPerInch:bleed:)``.
  public init(
    path: String, dotsPerInch: Double, sheet: PrintSheet?, bleedPixels: Int, duplex: DuplexFlip? = nil
  ) throws {
    let document = try PDFDocument(
      path: path, dotsPerInch: dotsPerInch, bleed: sheet == nil ? Double(bleedPixels) : 0)
    self.sheet = sheet
    self.duplex = sheet == nil ? duplex : nil
    bleed = bleedPixels
    if let flip = sheet.map({ $0.duplex ? $0.flip : nil }) ?? duplex {
      document.duplexPreference = flip == .longEdge ? "DuplexFlipLongEdge" : "DuplexFlipShortEdge"
    }
    let bleed = bleedPixels
    pages = PDFPageThread(
      draw: { page in try Self.draw(page, on: document, sheet: sheet, bleed: bleed) },
      complete: { try document.finish() })
    pages.start()
  }

  deinit {
    // Not finished (the batch stopped before its end): nothing is left under the PDF's name.
    pages.abandon()
  }

  /// Adds a badge and returns the page its front is on (from 1). With duplex its `back` (or,
  /// without one, the front again) goes behind it: on the next page, or on the sheet's back
  /// page. A page of its own is labelled with `row` (the badge's data row, from 1), its back's
  /// page too, which ``PDFMerger`` orders shards' pages by.
  ///
  /// - Throws: ``WordFitError`` when the badge does not fit the sheet, or a page handed over
  ///   before could not be drawn (a font that cannot be opened again).
  public func add(_ badge: Drawing, back: Drawing? = nil, row: Int? = nil) throws -> Int {
    guard let sheet else { return try addPage(badge, back: back, row: row) }
    if sides.isEmpty {
      try sheet.checkFits(badgeWidth: badge.width, height: badge.height)
      let front = sheet.slots(badgeWidth: badge.width, height: badge.height)
      sides = sheet.duplex ? [front, sheet.backSlots(badgeWidth: badge.width, height: badge.height)] : [front]
    }
    let page = sheetsQueued * sides.count + 1
    pending.append(badge)
    if sheet.duplex { pendingBacks.append(back ?? badge) }
    if pending.count == sides[0].count { try queueSheet() }
    return page
  }

  /// A badge on a page of its own, and with duplex its back on the next.
  private func addPage(_ badge: Drawing, back: Drawing?, row: Int?) throws -> Int {
    let first = badgesQueued + 1
    try pages.push(.badge(badge, number: first, row: row, turned: false))
    badgesQueued += 1
    guard let duplex else { return first }
    let page = (width: badge.width + 2 * bleed, height: badge.height + 2 * bleed)
    let turned = !duplex.turnsSideways(pageWidth: page.width, height: page.height)
    try pages.push(.badge(back ?? badge, number: first + 1, row: row, turned: turned))
    badgesQueued += 1
    return first
  }

  /// Hands the sheet of pending badges to the drawing thread.
  private func queueSheet() throws {
    guard !pending.isEmpty else { return }
    defer {
      pending.removeAll(keepingCapacity: true)
      pendingBacks.removeAll(keepingCapacity: true)
    }
    let badges = pendingBacks.isEmpty ? [pending] : [pending, pendingBacks]
    try pages.push(.sheet(badges, sides: sides, firstNumber: sheetsQueued * sides.count + 1))
    sheetsQueued += 1
  }

  /// Draws `page` on `document` (on the drawing thread); an error names the page.
  private static func draw(_ page: Page, on document: PDFDocument, sheet: PrintSheet?, bleed: Int) throws {
    switch page {
    case .badge(let badge, let number, let row, let turned):
      document.beginPage(width: Double(badge.width), height: Double(badge.height))
      if let row { document.labelPage("row \(row)") }
      try named(page: number) {
        try document.draw(badge, at: (bleed, bleed), bleed: bleed, clips: false, turned: turned)
      }
      document.endPage()
    case .sheet(let badges, let sides, let first):
      guard let sheet else { return }
      let (width, height) = sheet.pagePixels
      for (side, slots) in sides.enumerated() {
        document.beginPage(width: Double(width), height: Double(height))
        let turned = side > 0 && sheet.turnsBacks
        for (slot, badge) in zip(slots, badges[Swift.min(side, badges.count - 1)]) {
          try named(page: first + side) {
            try document.draw(badge, at: (slot.minX, slot.minY), bleed: bleed, turned: turned)
          }
        }
        if sheet.cropMarks {
          document.place(x: 0, y: 0)
          document.fill(slots.prefix(badges[0].count).flatMap { sheet.cropMarkBoxes(trim: $0, bleed: bleed) }, .black)
        }
        document.endPage()
      }
    }
  }

  /// Runs `body`, prefixing the message of a ``WordFitError`` it throws with the page.
  private static func named(page: Int, _ body: () throws -> Void) throws {
    do {
      try body()
    } catch var error as WordFitError {
      error.text = "PDF page \(page): \(error.text)"
      throw error
    }
  }

  /// Draws the last sheet, writes the font subsets and renames the PDF into place, after every
  /// page handed over is drawn.
  ///
  /// - Throws: ``WordFitError`` `.io` when the PDF cannot be written, or the error a page
  ///   failed with (then the PDF is not written).
  public func finish() throws {
    try queueSheet()
    try pages.finish()
  }

  /// The pages handed over so far (all written once ``finish()`` returns).
  public var pageCount: Int { sheet == nil ? badgesQueued : sheetsQueued * sides.count }
}
