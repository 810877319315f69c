import CCairo
import Foundation
import WordFitCore
import WordFitImage
import WordFitText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A PDF written page by page, drawn in pixels of a resolution (a pixel is 72 ⁄ dpi points), so
/// the same geometry that makes a PNG makes the PDF: rectangles and QR modules as vector fills,
/// images embedded once however many pages show them, and shaped text as real text (embedded
/// font subsets, each glyph where the layout put it, mapped back to its characters so it can be
/// selected, searched and extracted).
///
/// cairo draws the pages into a hidden temporary file beside the destination, through a writer
/// that adds each page's TrimBox (the page inset by the document's bleed) and BleedBox, drops the
/// time stamp and gives the file an /ID hashed from its content (cairo 1.16 writes none of
/// these); ``finish()`` renames it into place. A document dropped without ``finish()`` leaves
/// nothing behind. Not thread-safe: one document per thread.
public final class PDFDocument {
  /// Where the finished PDF goes.
  public let path: String
  /// The regular file renamed over: `path` through its links.
  private let target: String
  /// Pixels per inch of the drawing units.
  public let dotsPerInch: Double
  /// The pages begun so far.
  public private(set) var pageCount = 0

  var pdf: OpaquePointer?
  private var drawing: (descriptor: Int32, path: String)?
  var fonts: [FontIdentity: (font: Font, number: Int32)] = [:]
  /// The fonts' numbers in the order cairo first drew a glyph of each: cairo's font numbers
  /// (`CairoFont-N-M`), for ``PDFFontNames``.
  private(set) var fontsInFirstUse: [Int32] = []
  /// The duplex mode print dialogues should preselect (`/ViewerPreferences /Duplex`):
  /// `DuplexFlipLongEdge` or `DuplexFlipShortEdge`; `nil` for none.
  public var duplexPreference: String? = nil
  private var fontsUsed = Set<Int32>()
  var images: [String: Int32] = [:]
  /// The bleed around every page's trim box, in px.
  public let bleed: Double
  private var pageIsOpen = false

  /// Points per pixel.
  var scale: Double { 72 / dotsPerInch }

  /// Starts a PDF that ``finish()`` writes to `path`, drawn at `dotsPerInch`, whose pages have
  /// `bleed` px around their trim box.
  ///
  /// - Throws: ``WordFitError`` `.usage` for a resolution outside 1…4800 dpi; `.io` when the
  ///   folder cannot take the file.
  public init(path: String, dotsPerInch: Double, bleed: Double = 0) throws {
    guard dotsPerInch.isFinite, dotsPerInch >= 1, dotsPerInch <= 4_800 else {
      throw WordFitError.outOfRange(.dpi, dotsPerInch, range: "1…4800")
    }
    let target = try AtomicFile.renameTarget(for: path)
    guard let (descriptor, temporary) = AtomicFile.createLockedTemporary(beside: target) else {
      throw Self.writeError(path, String(cString: strerror(errno)))
    }
    let drawing = (descriptor: descriptor, path: temporary)
    var message = [CChar](repeating: 0, count: 256)
    guard let pdf = wf_pdf_open(drawing.path, 595, 842, bleed * 72 / dotsPerInch, &message, message.count) else {
      Self.remove(drawing)
      throw Self.writeError(path, cString(message))
    }
    (self.path, self.target, self.dotsPerInch, self.bleed, self.drawing, self.pdf) = (
      path, target, dotsPerInch, bleed, drawing, pdf
    )
  }

  deinit {
    if let pdf { _ = wf_pdf_close(pdf, nil, 0) }
    if let drawing { Self.remove(drawing) }
  }

  /// Starts a page of `width` × `height` px (its trim box) with the document's bleed more on
  /// every side (its MediaBox and BleedBox). Drawing units start at the page's top-left corner
  /// (``place(x:y:clip:)`` moves them). Ends the page before it, if open.
  public func beginPage(width: Double, height: Double) {
    guard let pdf else { return }
    if pageIsOpen { endPage() }
    wf_pdf_begin_page(pdf, (width + 2 * bleed) * scale, (height + 2 * bleed) * scale, scale, 0, 0)
    pageCount += 1
    pageIsOpen = true
  }

  /// Labels the page being drawn: PDF viewers show `label` instead of the page's number
  /// (a badge's row), and ``PDFMerger`` orders pages by it.
  public func labelPage(_ label: String) {
    guard let pdf, pageIsOpen else { return }
    wf_pdf_set_page_label(pdf, label)
  }

  /// Ends the page being drawn.
  public func endPage() {
    guard let pdf, pageIsOpen else { return }
    wf_pdf_end_page(pdf)
    pageIsOpen = false
  }

  /// Moves the drawing origin to (`x`, `y`) px from the page's top-left corner (its bleed box's)
  /// and clips what follows to `clip` (drawing units from there), when given.
  public func place(x: Double, y: Double, clip: PixelBox? = nil) {
    guard let pdf else { return }
    guard let clip else { return wf_pdf_place(pdf, x * scale, y * scale, nil) }
    let rectangle = [Double(clip.minX), Double(clip.minY), Double(clip.width), Double(clip.height)]
    wf_pdf_place(pdf, x * scale, y * scale, rectangle)
  }

  /// Turns what follows 180° within a `width` × `height` px box at the origin ``place(x:y:clip:)``
  /// set: drawing unit (u, v) lands where (width − u, height − v) would (a duplex back behind a
  /// sheet turned top over bottom).
  public func turnHalfway(width: Int, height: Int) {
    guard let pdf else { return }
    wf_pdf_turn_halfway(pdf, Double(width), Double(height))
  }

  /// Fills `boxes` (drawing units) with `color`, as one path.
  ///
  /// - Complexity: O(*n*) in the number of boxes.
  public func fill(_ boxes: [PixelBox], _ color: Color) {
    guard let pdf, !boxes.isEmpty, color.alpha > 0 else { return }
    let rectangles = boxes.flatMap { [Double($0.minX), Double($0.minY), Double($0.width), Double($0.height)] }
    wf_pdf_fill_rects(pdf, rectangles, Int32(boxes.count), color.pdf)
  }

  /// Fills `box` with its corners rounded to `radius` px (at most half its shorter side).
  public func fill(_ box: PixelBox, cornerRadius radius: Double, _ color: Color) {
    guard let pdf, color.alpha > 0, box.width > 0, box.height > 0 else { return }
    guard radius > 0 else { return fill([box], color) }
    wf_pdf_fill_rounded_rect(
      pdf, Double(box.minX), Double(box.minY), Double(box.width), Double(box.height), radius, color.pdf)
  }

  /// Strokes a line `width` px wide between two points given in px from the page's top-left
  /// corner (crop marks belong to the page, not to a badge).
  public func line(from start: (x: Double, y: Double), to end: (x: Double, y: Double), width: Double, color: Color) {
    guard let pdf else { return }
    wf_pdf_page_line(pdf, start.x * scale, start.y * scale, end.x * scale, end.y * scale, width * scale, color.pdf)
  }

  /// Draws an image of premultiplied RGBA bytes (`width` × `height`) into `box` (drawing units).
  /// Images with the same `key` are embedded once: the first one's pixels are kept.
  public func drawImage(key: String, premultipliedRGBA pixels: [UInt8], width: Int, height: Int, in box: PixelBox) {
    guard let pdf, width > 0, height > 0, pixels.count == width * height * 4 else { return }
    let number: Int32
    if let known = images[key] {
      number = known
    } else {
      number = wf_pdf_add_image(pdf, pixels, Int32(width), Int32(height))
      images[key] = number
    }
    wf_pdf_draw_image(pdf, number, Double(box.minX), Double(box.minY), Double(box.width), Double(box.height))
  }

  /// Draws `code` into `box` as ``Canvas/draw(_:in:dark:light:)`` does: the light square with
  /// its quiet zone, then each horizontal run of dark modules as one rectangle.
  ///
  /// - Throws: as ``QRCode/placement(in:)``.
  public func draw(_ code: QRCode, in box: PixelBox, dark: Color = .black, light: Color = .white) throws {
    let (square, module) = try code.placement(in: box)
    fill([square], light)
    fill(code.darkRuns(in: square, module: module), dark)
  }

  /// Finishes the PDF: ends the last page, writes the font subsets and renames the file into
  /// place. A document with no page is not written at all (cairo would make it one blank A4
  /// page): its temporary file is removed and whatever is at ``path`` stays.
  ///
  /// - Throws: ``WordFitError`` `.io` when it cannot be written (a full disk), `.invalidData`
  ///   when a drawing call failed.
  public func finish() throws {
    guard let pdf, let drawing else { return }
    endPage()
    let failedDrawing = wf_pdf_error(pdf).map { String(cString: $0) }
    var message = [CChar](repeating: 0, count: 1024)
    let closed = wf_pdf_close(pdf, &message, message.count)
    self.pdf = nil
    let names = fontNamesInFirstUse()
    fonts.removeAll()
    defer {
      Self.remove(drawing)
      self.drawing = nil
    }
    if let failedDrawing { throw WordFitError(.invalidData, "cairo could not draw \(path): \(failedDrawing)") }
    guard closed == 0 else { throw Self.writeError(path, cString(message)) }
    guard pageCount > 0 else { return }
    PDFFontNames.rename(in: drawing.path, names: names, duplex: duplexPreference)
    guard rename(drawing.path, target) == 0 else { throw Self.writeError(path, String(cString: strerror(errno))) }
  }

  /// Records that a glyph of font `number` is drawn (before cairo draws it).
  func noteUse(ofFont number: Int32) {
    if fontsUsed.insert(number).inserted { fontsInFirstUse.append(number) }
  }

  /// Each font's PostScript name (its instance's for a variable font; its family without spaces
  /// when it has none), in the order of first use.
  private func fontNamesInFirstUse() -> [String] {
    var byNumber: [Int32: Font] = [:]
    for (font, number) in fonts.values { byNumber[number] = font }
    return fontsInFirstUse.map { number in
      guard let font = byNumber[number] else { return "Font\(number)" }
      return font.instancePostScriptName
    }
  }

  private static func remove(_ file: (descriptor: Int32, path: String)) {
    unlink(file.path)
    close(file.descriptor)
  }

  private static func writeError(_ path: String, _ reason: String) -> WordFitError {
    WordFitError(
      .io, "cannot write \(path): \(reason); check free space and permissions", input: path, underlying: reason)
  }
}

/// The text of a NUL-terminated C buffer.
func cString(_ buffer: [CChar]) -> String {
  String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

extension Color {
  /// The colour as cairo takes it (channels 0…1).
  var pdf: wf_pdf_color {
    wf_pdf_color(
      red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: Double(alpha) / 255)
  }
}
