import Foundation
import WordFitCore
import WordFitImage

/// Print sheets as a sink: badges arrive in order, as the raster painter drew them (never read
/// back from files), and each page is composed and handed on as soon as its slots are full — with
/// ``PrintSheet/duplex``, followed by its back.
///
/// Each page is encoded band by band while its badges arrive (`SheetPageEncoder`): memory
/// holds about two rows of badges and one band, never the page.
public final class PrintSheetWriter {
  /// Where a finished page goes: its file name (`sheet-001.png`) and its PNG bytes.
  public typealias Deliver = (_ name: String, _ png: [UInt8]) throws -> Void

  /// The sheet the badges are imposed on.
  public let sheet: PrintSheet
  /// The size of every badge handed in, in px (its bleed included when
  /// ``PrintSheet/badgesIncludeBleed``).
  public let badgeSize: (width: Int, height: Int)
  /// The names of the pages delivered so far, in order.
  public private(set) var pages: [String] = []
  /// How many badges were imposed.
  public private(set) var badgeCount = 0

  private let front: [PixelBox]
  private let back: [PixelBox]?
  private let deliver: Deliver
  private var page: SheetPageEncoder? = nil
  /// How many badges the page being encoded still holds in memory.
  var heldBadges: Int { page?.held ?? 0 }

  /// A writer imposing badges of `width` × `height` px on `sheet`, handing each page to
  /// `deliver`.
  ///
  /// - Throws: ``WordFitError`` `.usage` when the sheet is invalid or a badge does not fit it.
  public init(sheet: PrintSheet, badgeWidth width: Int, height: Int, deliver: @escaping Deliver) throws {
    try sheet.validate()
    let included = sheet.badgesIncludeBleed ? sheet.pixels(sheet.bleedMillimetres) : 0
    let trim = (width: width - 2 * included, height: height - 2 * included)
    try sheet.checkFits(badgeWidth: trim.width, height: trim.height)
    self.sheet = sheet
    badgeSize = (width, height)
    front = sheet.slots(badgeWidth: trim.width, height: trim.height)
    back = sheet.duplex ? sheet.backSlots(badgeWidth: trim.width, height: trim.height) : nil
    self.deliver = deliver
  }

  /// A writer whose pages go into `folder` (created when missing) as `sheet-001.png` …, each
  /// written to a temporary file and renamed; a link where a page goes is replaced, never
  /// followed. ``finish()`` removes pages with this prefix numbered past the last one written
  /// (left by an earlier, larger run).
  ///
  /// - Throws: as ``init(sheet:badgeWidth:height:deliver:)``; `.io` when the folder cannot be
  ///   made.
  public convenience init(sheet: PrintSheet, badgeWidth width: Int, height: Int, folder: String) throws {
    try PrintSheet.prepareFolder(folder)
    try self.init(sheet: sheet, badgeWidth: width, height: height) { name, png in
      try AtomicFile.write(png, to: (folder as NSString).appendingPathComponent(name), followsLinks: false)
    }
    finishing = { [sheet] count in sheet.removeSheets(in: folder, after: count) }
  }

  private var finishing: ((Int) -> Void)? = nil

  /// Imposes the next badge, and with ``PrintSheet/duplex`` its `back` (the badge again when
  /// `nil`) behind it; a page is delivered when its slots are full.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` for a badge or back of another size, or what
  ///   delivering a page throws.
  /// - Complexity: O(page area) when it completes a page, else O(badge area).
  public func add(_ badge: Canvas, back: Canvas? = nil) throws {
    for side in [badge] + (back.map { [$0] } ?? [])
    where side.width != badgeSize.width || side.height != badgeSize.height {
      throw WordFitError(
        .invalidData,
        "a badge is \(side.width)x\(side.height) px where the sheet takes \(badgeSize.width)x\(badgeSize.height) px; one sheet takes badges of one size"
      )
    }
    let encoder = try page ?? SheetPageEncoder(sheet: sheet, sides: [front] + (self.back.map { [$0] } ?? []))
    page = encoder
    let opaque = { (canvas: Canvas) in canvas.format == .rgb ? canvas : canvas.rgb(over: .white) }
    try encoder.add(opaque(badge), back: back.map(opaque))
    badgeCount += 1
    if encoder.count == front.count { try flush() }
  }

  /// Delivers the last, partly filled page (if any) and returns every page's name.
  ///
  /// - Throws: what delivering the page throws.
  public func finish() throws -> [String] {
    if page != nil { try flush() }
    finishing?(pages.count)
    return pages
  }

  private func flush() throws {
    guard let encoder = page else { return }
    page = nil
    for png in try encoder.finish() {
      let name = sheet.pageName(pages.count + 1)
      try deliver(name, png)
      pages.append(name)
    }
  }
}
