import WordFitCore
import WordFitImage
import WordFitPDF

/// Puts badges' drawings onto the pages of one PDF, in the order they come: a page per badge
/// (the badge and its bleed; the TrimBox is the badge), or print sheets imposed exactly as the
/// PNG sheets are (the same ``PrintSheet`` slots, crop marks as vector rectangles, duplex back
/// pages). Holds at most one sheet's drawings.
public final class BadgePDFWriter {
  /// The sheet the badges are imposed on, or `nil` for a page per badge.
  public let sheet: PrintSheet?
  /// Bleed around each badge, in px.
  public let bleed: Int
  private let document: PDFDocument
  private var pending: [BadgeDrawing] = []
  private var sides: [[PixelBox]] = []
  private var sheetsDrawn = 0

  /// Starts a PDF at `path` (written by ``finish()``) for badges drawn at `dotsPerInch`.
  ///
  /// - Throws: ``WordFitError`` as ``PDFDocument/init(path:dotsPerInch:bleed:)``.
  public init(path: String, dotsPerInch: Double, sheet: PrintSheet?, bleedPixels: Int) throws {
    document = try PDFDocument(path: path, dotsPerInch: dotsPerInch, bleed: sheet == nil ? Double(bleedPixels) : 0)
    self.sheet = sheet
    bleed = bleedPixels
  }

  /// Adds a badge and returns the page it is on (from 1).
  ///
  /// - Throws: ``WordFitError`` when a font cannot be opened again, or the badge does not fit
  ///   the sheet.
  public func add(_ badge: BadgeDrawing) throws -> Int {
    guard let sheet else {
      document.beginPage(width: Double(badge.width), height: Double(badge.height))
      try document.draw(badge, at: (bleed, bleed), bleed: bleed, clips: false)
      document.endPage()
      return document.pageCount
    }
    if sides.isEmpty {
      try sheet.checkFits(badgeWidth: badge.width, height: badge.height)
      let front = sheet.slots(badgeWidth: badge.width, height: badge.height)
      sides = sheet.duplex ? [front, sheet.backSlots(badgeWidth: badge.width, height: badge.height)] : [front]
    }
    let page = sheetsDrawn * sides.count + 1
    pending.append(badge)
    if pending.count == sides[0].count { try drawSheet() }
    return page
  }

  /// Draws the pending badges as a sheet (and its back).
  private func drawSheet() throws {
    guard let sheet, !pending.isEmpty else { return }
    let (width, height) = sheet.pagePixels
    for slots in sides {
      document.beginPage(width: Double(width), height: Double(height))
      for (slot, badge) in zip(slots, pending) { try document.draw(badge, at: (slot.minX, slot.minY), bleed: bleed) }
      if sheet.cropMarks {
        document.place(x: 0, y: 0)
        document.fill(zip(slots, pending).flatMap { sheet.cropMarkBoxes(trim: $0.0, bleed: bleed) }, .black)
      }
      document.endPage()
    }
    pending.removeAll(keepingCapacity: true)
    sheetsDrawn += 1
  }

  /// Draws the last, part-filled sheet and writes the PDF.
  ///
  /// - Throws: ``WordFitError`` as ``PDFDocument/finish()``.
  public func finish() throws {
    try drawSheet()
    try document.finish()
  }

  /// The pages written so far.
  public var pageCount: Int { document.pageCount }
}
