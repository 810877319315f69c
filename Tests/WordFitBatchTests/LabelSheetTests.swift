import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitBadges
@testable import WordFitCore
@testable import WordFitImage

/// Issue 25: label stock from gLabels' database, custom sheets that hold the most badges, duplex
/// back pages, and sheets in PNG and PDF from one imposition.
@Suite struct LabelSheetTests {
  static let export = PrintTests.folder

  /// gLabels' XML as the database writes it: units, an equivalent part, a round label, two
  /// layouts, a comment, entities.
  @Test func gLabelsTemplatesAreReadWithTheirUnitsLayoutsAndEquivalents() {
    let xml = """
      <?xml version="1.0"?>
      <Glabels-templates>
        <!-- <Template brand="Commented" part="out" size="A4"> -->
        <Template brand="Avery" part="L4785" size="A4" _description="Name Badges &amp; more">
          <Label-rectangle id="0" width="80mm" height="50mm" round="4mm" x_waste="7.5mm" y_waste="2.5mm">
            <Markup-margin size="1mm"/>
            <Layout nx="2" ny="5" x0="18mm" y0="13mm" dx="95mm" dy="55mm"/>
          </Label-rectangle>
        </Template>
        <Template brand="Avery" part="L4784" equiv="L4785"/>
        <Template brand="Acme" part="R1" size="Other" width="4in" height="2in">
          <Label-round id="0" radius="0.5in">
            <Layout nx="1" ny="1" x0="0.25in" y0="0.5in" dx="1in" dy="1in"/>
            <Layout nx="2" ny="1" x0="2in" y0="36pt" dx="1in" dy="1in"/>
          </Label-round>
        </Template>
        <Template brand="Roll" part="R" size="roll"><Label-rectangle width="1in" height="1in"/></Template>
      </Glabels-templates>
      """
    let stocks = GLabelsXML.stocks(in: xml, papers: ["A4": (210, 297)])
    #expect(stocks.map(\.name) == ["Avery L4785", "Avery L4784", "Acme R1"], "rolls skipped, comments ignored")
    #expect(stocks[0].description == "Name Badges & more")
    #expect(stocks[0].origins.count == 10)
    #expect(stocks[0].origins[0] == (18, 13) && stocks[0].origins[1] == (113, 13) && stocks[0].origins[9] == (113, 233))
    #expect(stocks[1].origins.count == 10 && stocks[1].labelWidth == 80)
    let round = stocks[2]
    #expect(
      round.shape == "round" && abs(round.labelWidth - 25.4) < 1e-9 && abs(round.pageMillimetres.width - 101.6) < 1e-9)
    #expect(round.origins.count == 3)
    #expect(abs(round.origins[0].x - 6.35) < 1e-9 && abs(round.origins[0].y - 12.7) < 1e-9, "\(round.origins)")
    #expect(GLabelsXML.millimetres("72") == 25.4 && GLabelsXML.millimetres("1cm") == 10)
    #expect(GLabelsXML.millimetres("wide") == nil)
  }

  @Test func debiansLabelDatabaseHasTheNameBadgeStocks() throws {
    let stocks = try LabelStock.catalog()
    #expect(stocks.count > 1_500, "glabels-data lists 1,756 templates; \(stocks.count) read")
    let badges = try LabelStock.named("avery-l4785")
    #expect(badges.name == "Avery L4785" && badges.origins.count == 10)
    #expect(try LabelStock.named("L4785").name == "Avery L4785", "a part alone, when one brand has it")
    do {
      _ = try LabelStock.named("Avery L47")
      Issue.record("a partial name matched")
    } catch let error as WordFitError {
      #expect(error.kind == .usage && error.message.contains("wordfit sheets"), "\(error.message)")
    }
  }

  /// A card-size badge (85.6 x 54 mm) on A4: 8 fit with a 10 mm margin and 6 mm gaps, 10 with
  /// a 5 mm margin and 4 mm gaps (room for crop marks still), which is what a sheet takes when
  /// neither is given.
  @Test func aCustomSheetHoldsTheMostBadgesThatFit() throws {
    let (width, height) = (Int((85.6 / 25.4 * 300).rounded()), Int((54 / 25.4 * 300).rounded()))
    var sheet = PrintSheet(pageMillimetres: try PrintSheet.pageSize("A4"), dotsPerInch: 300)
    #expect(sheet.slots(badgeWidth: width, height: height).count == 8)
    sheet.fitMost(badgeWidth: width, height: height, margin: nil, gap: nil)
    #expect(sheet.slots(badgeWidth: width, height: height).count == 10)
    #expect(sheet.marginMillimetres == 5 && sheet.gapMillimetres == 4)
    var given = PrintSheet(pageMillimetres: try PrintSheet.pageSize("A4"), dotsPerInch: 300)
    given.fitMost(badgeWidth: width, height: height, margin: 10, gap: 6)
    #expect(given.slots(badgeWidth: width, height: height).count == 8, "what is given is kept")
    var marked = PrintSheet(pageMillimetres: try PrintSheet.pageSize("A4"), dotsPerInch: 300)
    marked.cropMarks = true
    marked.fitMost(badgeWidth: width, height: height, margin: nil, gap: nil)
    #expect(marked.gapMillimetres >= 4, "crop marks keep room in the gaps")
  }

  /// The export on Avery L4785, in PNG and PDF, with duplex backs: each badge's origin is its
  /// label's (within 0.1 mm, from --json), the back page holds the same badges at mirrored
  /// places, and the PDF sheet rasterises like the PNG sheet.
  @Test func theExportOnALabelStockInPNGAndPDFWithDuplexBacks() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try CommandRunner.wordfit(
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
    let result = try CommandRunner.wordfit(
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
}
