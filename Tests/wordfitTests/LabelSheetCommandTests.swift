import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitBadges
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitOutput

/// Issue 25 through `wordfit batch`: the export on a gLabels stock in PNG and PDF with duplex
/// backs, and crop marks on a PDF sheet where the PNG sheet has them. Stock parsing and
/// imposition are tested in process (`WordFitBatchTests.LabelSheetTests`).
@Suite struct LabelSheetCommandTests {
  /// The export on Avery L4785, in PNG and PDF, with duplex backs: each badge's origin is its
  /// label's (within 0.1 mm, from --json), the back page holds the same badges at mirrored
  /// places, and the PDF sheet rasterises like the PNG sheet.
  @Test func theExportOnALabelStockInPNGAndPDFWithDuplexBacks() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit(
      [
        "batch", PrintTests.csv, "--template", PrintTests.template, "--out", "png", "--pdf", "sheets.pdf", "--sheet",
        "Avery L4785", "--duplex", "--json", "-q",
      ], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let sheet = try #require(json["sheet"] as? [String: Any])
    #expect(sheet["name"] as? String == "Avery L4785")
    let origins = try #require(sheet["origins"] as? [[Double]])
    #expect(origins.count == 10)
    for (index, origin) in origins.enumerated() {
      let (x, y) = (18 + Double(index % 2) * 95, 13 + Double(index / 2) * 55)
      #expect(abs(origin[0] - x) <= 0.1 && abs(origin[1] - y) <= 0.1, "label \(index): \(origin) vs \(x), \(y)")
    }
    #expect(json["pdfPages"] as? Int == 10, "46 badges: 5 sheets, each with its back")
    let sheets = try FileManager.default.contentsOfDirectory(atPath: directory + "/png/sheets").sorted()
    #expect(sheets.count == 10 && sheets.first == "sheet-001.png")
    let front = try Self.decode(directory + "/png/sheets/sheet-001.png")
    let back = try Self.decode(directory + "/png/sheets/sheet-002.png")
    let page = try PrintSheet.named("Avery L4785", dotsPerInch: 300)
    let badge = (width: 945, height: 591)
    for (frontSlot, backSlot) in zip(
      page.slots(badgeWidth: badge.width, height: badge.height),
      page.backSlots(badgeWidth: badge.width, height: badge.height))
    {
      #expect(frontSlot.minY == backSlot.minY && frontSlot.minX != backSlot.minX)
      #expect(Self.crop(front, frontSlot) == Self.crop(back, backSlot), "the back of \(frontSlot) mirrors it")
    }
    let rendered = try PrintTests.tool(
      "pdftoppm", ["-r", "300", "-png", "-singlefile", "-f", "1", "-l", "1", "sheets.pdf", "page"], in: directory)
    #expect(rendered.status == 0, "\(rendered.standardError)")
    var tolerance = ComparisonTolerance(threshold: 0.1, includesAntiAliasing: false)
    tolerance.maxDiffRatio = 0.005
    let comparison = ImageComparator.compare(
      expected: front, actual: try Self.decode(directory + "/page.png"), tolerance: tolerance)
    #expect(comparison.passed, "\(comparison.differingPixels) pixels differ")
  }

  /// Crop marks on a PDF sheet are vector rectangles at the PNG sheet's places.
  @Test func cropMarksOnAPDFSheetMatchThePNGSheet() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit(
      [
        "batch", TestPaths.fixtures + "/badges/badges.csv", "--template",
        TestPaths.fixtures + "/badges/badge.template.json",
        "--out", "png", "--pdf", "sheet.pdf", "--sheet", "120x160mm", "--bleed", "1", "--crop-marks", "-q",
      ], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let rendered = try PrintTests.tool(
      "pdftoppm", ["-r", "100", "-png", "-singlefile", "sheet.pdf", "page"], in: directory)
    #expect(rendered.status == 0)
    let png = try Self.decode(directory + "/png/sheets/sheet-001.png")
    let pdf = try Self.decode(directory + "/page.png")
    var tolerance = ComparisonTolerance(threshold: 0.1, includesAntiAliasing: false)
    tolerance.maxDiffRatio = 0.01
    let comparison = ImageComparator.compare(expected: png, actual: pdf, tolerance: tolerance)
    #expect(comparison.passed, "\(comparison.differingPixels) of \(png.width * png.height) pixels differ")
  }

  static func decode(_ path: String) throws -> Canvas {
    try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path)))).canvas.rgb(over: .white)
  }

  static func crop(_ canvas: Canvas, _ box: PixelBox) -> [UInt8] {
    (box.minY..<box.maxY).flatMap { row in
      canvas.pixels[((row * canvas.width + box.minX) * 3)..<((row * canvas.width + box.maxX) * 3)]
    }
  }

  @Test func aDesignIsFittedToTheLabelAndTheScaleSaidFirst() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    try "given,family,role\nAimée,Bethany,Speaker\n".write(
      toFile: directory + "/in.csv", atomically: true, encoding: .utf8)
    let template = TestPaths.packageRoot + "/docs/badge-template.json"
    let refused = try InProcess.wordfit(
      ["batch", "in.csv", "--template", template, "--sheet", "Avery 5395", "--out", "a"], in: directory)
    #expect(refused.status == 64 && refused.standardError.contains("larger than the Avery 5395 label"), "\(refused)")
    let fitted = try InProcess.wordfit(
      ["batch", "in.csv", "--template", template, "--sheet", "Avery 5395", "--fit-label", "--out", "b"], in: directory)
    #expect(fitted.status == 0, "\(fitted)")
    let lines = fitted.standardError.split(separator: "\n")
    #expect(
      lines.first?.contains("fit to the Avery 5395 label") == true && lines.first?.contains("nothing cropped") == true)
    #expect(FileManager.default.fileExists(atPath: directory + "/b/sheets/sheet-001.png"))
    for (arguments, message) in [
      (["--fit-label", "--out", "c"], "give both"), (["--sheet", "A4", "--fit-label", "--out", "c"], "is a page size"),
    ] {
      let result = try InProcess.wordfit(["batch", "in.csv", "--template", template] + arguments, in: directory)
      #expect(result.status == 64 && result.standardError.contains(message), "\(arguments): \(result)")
    }
  }

  /// `render --template … --sheet LABEL --fit-label` fits one badge as the batch does: the PNG
  /// is the label's size at the template's dpi (Avery 5395 at 150 dpi: 506 x 350 px), the fit
  /// said first; each option alone is refused in one line.
  @Test func renderFitsOneBadgeToALabel() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let template = TestPaths.packageRoot + "/docs/badge-template.json"
    let rows = ["--row", "given=Ada", "--row", "family=Lovelace", "--row", "role=Speaker"]
    let fitted = try InProcess.wordfit(
      ["render", "--template", template, "--sheet", "Avery 5395", "--fit-label", "-o", "fit.png"] + rows,
      in: directory)
    #expect(fitted.status == 0 && fitted.standardError.contains("fit to the Avery 5395 label"), "\(fitted)")
    let png = try Self.decode(directory + "/fit.png")
    #expect(png.width == 506 && png.height == 350, "\(png.width)x\(png.height)")
    for arguments in [["--sheet", "Avery 5395"], ["--fit-label"]] {
      let result = try InProcess.wordfit(
        ["render", "--template", template, "-o", "x.png"] + arguments + rows, in: directory)
      #expect(result.status == 64 && result.standardError.contains("go together"), "\(arguments): \(result)")
      #expect(result.standardError.split(separator: "\n").count == 1)
    }
  }
}
