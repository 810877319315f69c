import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitArchive
@testable import WordFitBadges
@testable import WordFitBatch
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitLayout
@testable import WordFitOutput

/// The output decision (`BatchOutputRequest`) and the print-sheet sink, in process: the output
/// path decides the sinks once, refusals come before any row, and sheets are drawn from the
/// badges as they are rendered — into a folder, an archive, or beside SVGs.
@Suite struct BatchOutputTests {
  static let csv = "id,name\n1,Ada Lovelace\n2,Grace Hopper\n3,Katherine Johnson\n4,Mary Jackson\n5,Dorothy Vaughan\n"

  func options(_ request: BatchOutputRequest, shard: Shard = .all, skips: Bool = false, template: Bool = false)
    throws -> BatchOptions
  {
    var options = BatchOptions(input: "in.csv", outputDirectory: "", spec: .init(text: ""))
    options.shard = shard
    options.skipsExisting = skips
    options.pngSettings.dotsPerInch = 100
    if template { options.template = try BadgeTemplate.decode(Data(Self.template.utf8)) }
    try request.apply(to: &options)
    return options
  }

  static var spec: RenderSpec {
    var spec = RenderSpec(text: "")
    spec.canvas = "200x400"
    return spec
  }

  static let template =
    #"{"width": 86, "height": 54, "unit": "mm", "dpi": 100, "regions": [{"text": "{name}", "box": [5, 4, 76, 46]}]}"#

  func request(_ out: String?, sheet: String? = nil, pdf: String? = nil) -> BatchOutputRequest {
    var request = BatchOutputRequest()
    (request.out, request.sheet, request.pdf) = (out, sheet, pdf)
    return request
  }

  @Test func theOutputPathDecidesTheSinks() throws {
    let folder = try options(request("out"))
    #expect(folder.outputDirectory == "out" && folder.archive == nil && folder.writesImages)
    for (path, format) in [("b.zip", ArchiveFormat.zip), ("b.tar", .tar), ("b.tar.zst", .tarZstd), ("-", .tar)] {
      let archive = try options(request(path))
      #expect(archive.archive == format && archive.outputDirectory == path, "\(path)")
    }
    let pdf = try options(request("badges/all.pdf"), template: true)
    #expect(pdf.pdfPath == "badges/all.pdf" && !pdf.writesImages && pdf.outputDirectory.hasSuffix("badges"))
    let sharded = try options(request("b.tar.zst", pdf: "p.pdf"), shard: Shard(index: 1, count: 4), template: true)
    #expect(sharded.outputDirectory == "b-shard1of4.tar.zst" && sharded.pdfPath?.hasSuffix("p-shard1of4.pdf") == true)
  }

  @Test func whatASinkCannotHoldIsRefusedByName() throws {
    let refusals: [(BatchOutputRequest, Bool, Bool, String)] = [
      (request("one.png"), false, false, "names one .png file"),
      (request("one.svg"), false, false, "names one .svg file"),
      (request("all.pdf"), false, false, "drawn from a badge template"),
      (request("all.pdf", pdf: "other.pdf"), true, false, "both name a PDF"),
      (request(nil), false, false, "needs output folder"),
      (request("out", pdf: "p.pdf"), true, true, "skip existing cannot go with PDF"),
      (request("out", sheet: "A4"), false, true, "skip existing cannot go with sheet"),
      (request("out", sheet: "Letterhead"), false, false, "Letterhead"),
    ]
    for (request, template, skips, expected) in refusals {
      #expect {
        _ = try options(request, skips: skips, template: template)
      } throws: { error in
        let message = (error as? WordFitError).map { "\($0.text)" } ?? ""
        return (error as? WordFitError)?.kind == .usage && message.contains(expected)
      }
    }
    var margins = request("out", sheet: "Avery L4785")
    margins.marginMillimetres = 3
    #expect(throws: WordFitError.self) { _ = try options(margins) }
    var sameFolder = request("out", sheet: "A4")
    sameFolder.sheetsFolder = "./out/"
    #expect(throws: WordFitError.self) { _ = try options(sameFolder) }
    var marksAlone = request("out")
    marksAlone.cropMarks = true
    #expect(throws: WordFitError.self) { _ = try options(marksAlone) }
  }

  @Test func sheetsGoBesideAFolderOrIntoAnArchive() throws {
    let folder = try options(request("out", sheet: "A4"))
    #expect(folder.sheetsFolder == "out/sheets" && folder.sheet != nil && folder.makesSheets)
    let archive = try options(request("b.zip", sheet: "A4"))
    #expect(archive.sheetsFolder == nil && archive.makesSheets, "into the archive")
    let pdfOnly = try options(request(nil, sheet: "A4", pdf: "p.pdf"), template: true)
    #expect(pdfOnly.sheet != nil && !pdfOnly.makesSheets, "the PDF's pages only")
    let shard = try options(request("out", sheet: "A4"), shard: Shard(index: 2, count: 3))
    #expect(shard.sheet?.pageName(1) == "sheet-shard2of3-001.png")
  }

  /// Runs a batch of the five rows with `request` in `directory`.
  func batch(_ request: BatchOutputRequest, in directory: String, format: OutputFormat = .png) throws
    -> BatchSummary
  {
    var request = request
    request.format = format
    var options = BatchOptions(input: directory + "/in.csv", outputDirectory: "", spec: Self.spec)
    options.pngSettings.dotsPerInch = 100
    options.jobs = 2
    try request.apply(to: &options)
    return try BatchRunner(options: options).run()
  }

  /// A 120×160 mm page at 100 dpi holds two 200×400 px badges across (5 mm margins, 4 mm gap) and one down, so
  /// five badges make three pages, the last partly filled.
  @Test func sheetsAreDrawnFromTheRendersWhateverTheRowsFormat() throws {
    let directory = try TestPaths.makeTemporaryDirectory(with: ["in.csv": Self.csv])
    let png = try batch(request(directory + "/png", sheet: "120x160mm"), in: directory)
    #expect(png.sheetPages == ["sheet-001.png", "sheet-002.png", "sheet-003.png"] && png.sheetBadges == 5)
    let svg = try batch(request(directory + "/svg", sheet: "120x160mm"), in: directory, format: .svg)
    #expect(svg.sheetPages == png.sheetPages)
    for page in png.sheetPages {
      let a = try Data(contentsOf: URL(fileURLWithPath: directory + "/png/sheets/" + page))
      let b = try Data(contentsOf: URL(fileURLWithPath: directory + "/svg/sheets/" + page))
      #expect(a == b, "an SVG batch's sheets are the PNG batch's, byte for byte: \(page)")
    }
    // The first page holds the first two badges, pixel for pixel, at the grid's places.
    let page = try PNGCodec.decode(
      Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/png/sheets/sheet-001.png"))))
    let badge = try PNGCodec.decode(
      Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/png/1-ada-lovelace.png"))))
    let sheet = try PrintSheet.named("120x160mm", dotsPerInch: 100)
    var fitted = sheet
    fitted.fitMost(badgeWidth: badge.canvas.width, height: badge.canvas.height, margin: nil, gap: nil)
    let slot = fitted.slots(badgeWidth: badge.canvas.width, height: badge.canvas.height)[0]
    let rgb = badge.canvas.rgb(over: .white)
    let composed = page.canvas.rgb(over: .white)
    for (x, y) in [(0, 0), (rgb.width / 2, rgb.height / 2), (rgb.width - 1, rgb.height - 1)] {
      let source = (y * rgb.width + x) * 3
      let target = ((slot.minY + y) * composed.width + slot.minX + x) * 3
      #expect(Array(rgb.pixels[source..<source + 3]) == Array(composed.pixels[target..<target + 3]), "(\(x), \(y))")
    }
  }

  @Test func anArchiveHoldsItsSheets() throws {
    let directory = try TestPaths.makeTemporaryDirectory(with: ["in.csv": Self.csv])
    let folder = try batch(request(directory + "/png", sheet: "120x160mm"), in: directory)
    let summary = try batch(request(directory + "/b.tar", sheet: "120x160mm"), in: directory)
    #expect(summary.sheetPages == folder.sheetPages && summary.stoppingError == nil)
    let listing = try CommandRunner.run(
      "/usr/bin/bsdtar", ["-tf", directory + "/b.tar"], in: directory, input: nil, environment: [:])
    let entries = listing.standardOutput.split(separator: "\n").map(String.init)
    #expect(entries.filter { $0.hasPrefix("sheets/") } == folder.sheetPages.map { "sheets/" + $0 })
    #expect(entries.last == "manifest.jsonl")
    _ = try CommandRunner.run(
      "/usr/bin/bsdtar", ["-xf", directory + "/b.tar", "-C", directory + "/png", "sheets/sheet-002.png"],
      in: directory, input: nil, environment: [:])
    #expect(FileManager.default.fileExists(atPath: directory + "/png/sheets/sheet-002.png"))
  }

  /// An interrupted batch keeps the pages it completed and drops the partly filled one.
  @Test func anInterruptedBatchKeepsItsCompletePages() throws {
    let directory = try TestPaths.makeTemporaryDirectory(with: ["in.csv": Self.csv])
    var options = BatchOptions(input: directory + "/in.csv", outputDirectory: "", spec: Self.spec)
    options.pngSettings.dotsPerInch = 100
    try request(directory + "/out", sheet: "120x160mm").apply(to: &options)
    var polls = 0
    let summary = try BatchRunner(options: options).run(
      isCancelled: {
        polls += 1
        return polls > 3
      })
    #expect(summary.wasInterrupted && summary.sheetPages.isEmpty && summary.written <= 3)
    let pages = try FileManager.default.contentsOfDirectory(atPath: directory + "/out/sheets").sorted()
    let full = summary.written / 2
    #expect(pages == (0..<full).map { String(format: "sheet-%03d.png", $0 + 1) }, "only full pages")
  }

  /// A page is encoded band by band as its badges arrive: memory holds about two rows of badges,
  /// never the page (the bytes are the old whole-page composition's: the golden sheets and the
  /// byte-for-byte batch comparisons in the commit say so).
  @Test func aPageHoldsAboutTwoRowsOfBadges() throws {
    var sheet = try PrintSheet.named("A4", dotsPerInch: 100)
    sheet.cropMarks = true
    sheet.bleedMillimetres = 1
    sheet.fitMost(badgeWidth: 100, height: 50, margin: nil, gap: nil)
    let perRow = sheet.grid(badgeWidth: 100, height: 50).columns
    let perPage = sheet.slots(badgeWidth: 100, height: 50).count
    #expect(perRow >= 5 && perPage >= 60)
    var pages: [[UInt8]] = []
    let writer = try PrintSheetWriter(sheet: sheet, badgeWidth: 100, height: 50) { _, png in pages.append(png) }
    var most = 0
    for index in 0..<perPage {
      var badge = Canvas(width: 100, height: 50, format: .rgb, background: .white)
      badge.fill(PixelBox(minX: index % 100, minY: 10, maxX: index % 100 + 1, maxY: 40), .black)
      try writer.add(badge)
      most = max(most, writer.heldBadges)
    }
    #expect(pages.count == 1 && writer.heldBadges == 0)
    #expect(most <= 2 * perRow + 1, "at most two rows and one badge held, of \(perPage)")
    #expect(try PNGCodec.decode(pages[0]).canvas.width == sheet.pagePixels.width)
  }
}
