import Foundation
import Testing
import WordFitPDF
import WordFitTestSupport

@testable import WordFitBadges
@testable import WordFitBatch
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitOutput

/// Issue 42, 3: a badge's back as a template of its own (per product with `templateBy`), imposed
/// for duplex with the right flip on sheets and in the PDF.
@Suite struct DuplexBackTests {
  static let folder = TestPaths.fixtures + "/badges"
  static let template = folder + "/duplex.template.json"

  // MARK: The template

  @Test func aBackIsATemplateOfItsOwnReadWithItsFront() throws {
    let template = try BadgeTemplate.load(contentsOf: Self.template)
    let back = try #require(template.back)
    #expect(back.width == template.width && back.height == template.height)
    #expect(back.regions.map(\.name) == ["wifi", "given"] && back.qrCodes.count == 1)
    #expect(back.background == "#1C1C1E")
    #expect(template.columns.contains("given") && template.columns.contains("role"), "the back's columns count")
    #expect(template.inputFiles.contains { $0.role == "back template" && $0.path.hasSuffix("back.template.json") })
    let plain = try BadgeTemplate.load(contentsOf: Self.folder + "/badge.template.json")
    #expect(plain.back == nil)
  }

  @Test func aBackOfAnotherSizeOrWithABackOfItsOwnIsRefusedByKey() throws {
    let directory = try TestPaths.makeTemporaryDirectory(with: [
      "front.json":
        #"{"width": 200, "height": 100, "regions": [{"box": [0,0,200,100], "text": "{a}"}], "back": "b.json"}"#,
      "b.json": #"{"width": 201, "height": 100, "regions": [{"box": [0,0,200,100], "text": "x"}]}"#,
      "front2.json":
        #"{"width": 200, "height": 100, "regions": [{"box": [0,0,200,100], "text": "{a}"}], "back": "c.json"}"#,
      "c.json": #"{"width": 200, "height": 100, "regions": [{"box": [0,0,200,100], "text": "x"}], "back": "c.json"}"#,
      "front3.json":
        #"{"width": 200, "height": 100, "regions": [{"box": [0,0,200,100], "text": "{a}"}], "back": "none.json"}"#,
    ])
    let cases: [(String, WordFitError.Kind, String)] = [
      ("front.json", .invalidData, "a back is the size of its front"),
      ("front2.json", .invalidData, "a back may not have a back of its own"),
      ("front3.json", .missingInput, "none.json"),
    ]
    for (file, kind, message) in cases {
      do {
        _ = try BadgeTemplate.load(contentsOf: directory + "/" + file)
        Issue.record("\(file) was read")
      } catch let error as WordFitError {
        #expect(error.kind == kind, "\(file): \(error.text)")
        #expect(error.message.contains(message) && error.message.contains("back"), "\(file): \(error.message)")
      }
    }
  }

  /// Each product's template may have its own back; one without takes the main template's.
  @Test func eachProductHasItsBackOrTheMainOne() throws {
    let region = #"{"box": [0,0,200,100], "text": "{name}"}"#
    let directory = try TestPaths.makeTemporaryDirectory(with: [
      "main.json":
        #"{"width": 200, "height": 100, "regions": [\#(region)], "back": "back.json", "templateBy": "product", "templates": {"Speaker": "speaker.json", "Staff": "staff.json"}}"#,
      "speaker.json": #"{"width": 200, "height": 100, "regions": [\#(region)], "back": "speaker-back.json"}"#,
      "staff.json": #"{"width": 200, "height": 100, "regions": [\#(region)]}"#,
      "back.json": #"{"width": 200, "height": 100, "regions": [{"box": [0,0,200,100], "text": "Programme"}]}"#,
      "speaker-back.json": #"{"width": 200, "height": 100, "regions": [{"box": [0,0,200,100], "text": "Green room"}]}"#,
    ])
    let template = try BadgeTemplate.load(contentsOf: directory + "/main.json")
    let renderer = BadgeRenderer()
    func backText(_ product: String) throws -> String? {
      try renderer.renderBack(template, fields: ["name": "Ada", "Product": product])?.regions.first?.text
    }
    #expect(try backText("Speaker") == "Green room")
    #expect(try backText("staff") == "Programme", "a product without a back takes the main one")
    #expect(try backText("Attendee") == "Programme")
    // The layout cache keeps sides apart: the front of the same row is still its front.
    #expect(try renderer.render(template, fields: ["name": "Ada", "product": "Speaker"]).regions.first?.text == "Ada")
  }

  // MARK: Where backs go

  /// On a portrait page, long edge: mirrored left to right, upright; short edge: mirrored top to
  /// bottom, turned. On a landscape page the other way round.
  @Test func backSlotsFollowTheFlipAndThePagesShape() throws {
    var portrait = PrintSheet(pageMillimetres: (210, 297), dotsPerInch: 100)
    var landscape = PrintSheet(pageMillimetres: (297, 210), dotsPerInch: 100)
    let badge = (width: 339, height: 213)
    for sheet in [portrait, landscape] {
      let page = sheet.pagePixels
      for flip in DuplexFlip.allCases {
        var sheet = sheet
        sheet.flip = flip
        let fronts = sheet.slots(badgeWidth: badge.width, height: badge.height)
        let backs = sheet.backSlots(badgeWidth: badge.width, height: badge.height)
        #expect(fronts.count == backs.count && fronts.count > 2)
        let sideways = (flip == .longEdge) == (page.height > page.width)
        #expect(sheet.turnsBacks == !sideways)
        for (front, back) in zip(fronts, backs) {
          // The point behind a front's corner: the same after the sheet turns over.
          if sideways {
            #expect(back.minX == page.width - front.maxX && back.minY == front.minY)
          } else {
            #expect(back.minY == page.height - front.maxY && back.minX == front.minX)
          }
          #expect(back.width == front.width && back.height == front.height)
        }
      }
    }
    portrait.flip = .shortEdge
    landscape.flip = .longEdge
    #expect(portrait.turnsBacks && landscape.turnsBacks)
    #expect(DuplexFlip.longEdge.turnsSideways(pageWidth: 100, height: 100), "a square page counts as portrait")
    #expect(throws: WordFitError.self) { try DuplexFlip.parse("tumble") }
    #expect(try DuplexFlip.parse("Short") == .shortEdge)
  }

  @Test func aHalfTurnMovesEachPixelToTheOppositeCorner() {
    var canvas = Canvas(width: 3, height: 2, format: .rgb, background: .white)
    canvas.fill(PixelBox(minX: 0, minY: 0, maxX: 1, maxY: 1), Color(red: 255, green: 0, blue: 0))
    canvas.fill(PixelBox(minX: 1, minY: 1, maxX: 2, maxY: 2), Color(red: 0, green: 0, blue: 255))
    let turned = canvas.turnedHalfway()
    #expect(Array(turned.pixels[15..<18]) == [255, 0, 0], "top-left to bottom-right")
    #expect(Array(turned.pixels[3..<6]) == [0, 0, 255], "(1, 1) to (1, 0)")
    let twice = turned.turnedHalfway() == canvas
    #expect(twice, "two half turns are no turn")
  }

  // MARK: Sheets and PDFs

  /// Each back sheet holds each row's back (not its front) behind its front: upright at the
  /// mirrored place for the long edge; turned at the flipped place for the short edge; a PDF
  /// sheet's back rasterises like the PNG's.
  @Test func duplexSheetsHoldEachRowsBackBehindItsFront() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let template = try BadgeTemplate.load(contentsOf: Self.template)
    let rows = [
      ["given": "Aimée", "company": "Northwind", "role": "Speaker"],
      ["given": "Bo", "company": "Acme", "role": "Staff"],
    ]
    let renderer = BadgeRenderer()
    let fronts = try rows.map { try renderer.render(template, fields: $0, output: [.pixels, .drawing]) }
    let backs = try rows.map {
      try #require(try renderer.renderBack(template, fields: $0, output: [.pixels, .drawing]))
    }
    for flip in DuplexFlip.allCases {
      var sheet = PrintSheet(pageMillimetres: (210, 297), dotsPerInch: template.dotsPerInch)
      (sheet.duplex, sheet.flip) = (true, flip)
      var pages: [[UInt8]] = []
      let writer = try PrintSheetWriter(sheet: sheet, badgeWidth: template.width, height: template.height) {
        pages.append($1)
      }
      for (front, back) in zip(fronts, backs) { try writer.add(front.canvas, back: back.canvas) }
      _ = try writer.finish()
      #expect(pages.count == 2)
      let backPage = try PNGCodec.decode(pages[1]).canvas.rgb(over: .white)
      let frontPage = try PNGCodec.decode(pages[0]).canvas.rgb(over: .white)
      let slots = sheet.slots(badgeWidth: template.width, height: template.height)
      let backSlots = sheet.backSlots(badgeWidth: template.width, height: template.height)
      for index in rows.indices {
        let expected = flip == .longEdge ? backs[index].canvas : backs[index].canvas.turnedHalfway()
        // Compared first, so a failure names the badge rather than printing its pixels.
        let backMatches = Self.crop(backPage, backSlots[index]) == expected.rgb(over: .white)
        let frontMatches = Self.crop(frontPage, slots[index]) == fronts[index].canvas.rgb(over: .white)
        #expect(backMatches, "\(flip): the back of row \(index) is behind its front, turned when it should be")
        #expect(frontMatches, "\(flip): front \(index)")
      }
      // The same sheet in the PDF: its back page rasterised is the PNG's.
      let path = directory + "/\(flip.rawValue).pdf"
      let pdf = try BadgePDFWriter(path: path, dotsPerInch: template.dotsPerInch, sheet: sheet, bleedPixels: 0)
      for (front, back) in zip(fronts, backs) { _ = try pdf.add(try #require(front.drawing), back: back.drawing) }
      try pdf.finish()
      let raster = try CommandRunner.run(
        "/usr/bin/pdftoppm", ["-r", "100", "-png", "-singlefile", "-f", "2", "-l", "2", path, flip.rawValue],
        in: directory, input: nil, environment: [:])
      #expect(raster.status == 0, "\(raster.standardError)")
      let rasterised = try PNGCodec.decode(
        Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/\(flip.rawValue).png")))
      ).canvas.rgb(over: .white)
      var tolerance = ComparisonTolerance(threshold: 0.1, includesAntiAliasing: false)
      tolerance.maxDiffRatio = 0.01
      let comparison = ImageComparator.compare(expected: backPage, actual: rasterised, tolerance: tolerance)
      #expect(comparison.passed, "\(flip): \(comparison.differingPixels) pixels differ")
    }
  }

  /// A batch with `--duplex --pdf` and no sheet: each badge's page is followed by its back's,
  /// both labelled with the row; the manifest's page is the front's.
  @Test func aDuplexPDFFollowsEachBadgeWithItsBack() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    var options = BatchOptions(input: Self.folder + "/badges.csv", outputDirectory: "", spec: .init(text: ""))
    options.template = try BadgeTemplate.load(contentsOf: Self.template)
    var request = BatchOutputRequest()
    (request.pdf, request.duplex) = (directory + "/badges.pdf", true)
    try request.apply(to: &options)
    #expect(options.duplex == .longEdge && options.sheet == nil)
    var reports: [BatchRowReport] = []
    let summary = try BatchRunner(options: options).run(report: { reports.append($0) })
    #expect(summary.written == 3 && summary.failed == 0)
    #expect(reports.map(\.page) == [1, 3, 5])
    let bytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/badges.pdf"))
    #expect(bytes.range(of: Data("/ViewerPreferences << /Duplex /DuplexFlipLongEdge >>".utf8)) != nil)
    // The back's QR code (26 mm at 100 dpi) counts for the row's smallest module: the front has none.
    #expect(reports.allSatisfy { ($0.qrModule ?? 0) > 0.5 }, "\(reports.map(\.qrModule))")
    let text = try CommandRunner.run(
      "/usr/bin/pdftotext", ["-f", "2", "-l", "2", directory + "/badges.pdf", "-"], in: nil, input: nil,
      environment: [:]
    ).standardOutput
    #expect(text.contains("Wi-Fi WordFitConf") && text.contains("Aimée") && !text.contains("Northwind"), "\(text)")
    // Shards' duplex PDFs merge into row order, each back behind its front (both pages labelled).
    var shards: [String] = []
    for index in 0..<2 {
      var shard = BatchOptions(input: Self.folder + "/badges.csv", outputDirectory: "", spec: .init(text: ""))
      (shard.template, shard.shard) = (options.template, Shard(index: index, count: 2))
      try request.apply(to: &shard)
      _ = try BatchRunner(options: shard).run()
      shards.append(try #require(shard.pdfPath))
    }
    let merged = try PDFMerger.merge(shards.reversed(), into: directory + "/merged.pdf")
    #expect(merged.pages == 6 && merged.orderedByRow)
    let pages = try (1...6).map { page in
      try CommandRunner.run(
        "/usr/bin/pdftotext", ["-f", "\(page)", "-l", "\(page)", directory + "/merged.pdf", "-"], in: nil, input: nil,
        environment: [:]
      ).standardOutput
    }
    for (index, name) in ["Aimée", "Bartholomew", "陳大文"].enumerated() {
      #expect(pages[2 * index].contains(name) && !pages[2 * index].contains("Wi-Fi"), "front \(name)")
      #expect(pages[2 * index + 1].contains(name) && pages[2 * index + 1].contains("Wi-Fi"), "back \(name)")
    }
    // --flip without --duplex, and --duplex with neither sheets nor a PDF, are refused.
    var flipAlone = BatchOutputRequest()
    (flipAlone.pdf, flipAlone.flip) = (directory + "/x.pdf", .shortEdge)
    #expect(throws: WordFitError.self) { try flipAlone.apply(to: &options) }
    var folderOnly = BatchOutputRequest()
    (folderOnly.out, folderOnly.duplex) = (directory + "/png", true)
    #expect(throws: WordFitError.self) { try folderOnly.apply(to: &options) }
  }

  static func crop(_ canvas: Canvas, _ box: PixelBox) -> Canvas {
    var out = Canvas(width: box.width, height: box.height, format: .rgb, background: .white)
    for y in 0..<box.height {
      for x in 0..<box.width {
        let source = ((box.minY + y) * canvas.width + box.minX + x) * 3
        let target = (y * box.width + x) * 3
        for channel in 0..<3 { out.pixels[target + channel] = canvas.pixels[source + channel] }
      }
    }
    return out
  }
}
