import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitBadges
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitOutput

/// Issue 25: label stock from gLabels' database, custom sheets that hold the most badges, duplex
/// back pages, and sheets in PNG and PDF from one imposition.
@Suite struct LabelSheetTests {
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

  /// Fuzzing (sheet target) found a 2x6 px badge on A4 at 1,100 dpi with no gap: 3.5 million
  /// slots built to learn whether any fit (15 s). The grid's count is checked first and a page
  /// holds at most 10,000 badges: refused, naming the count, and no slots are made; choosing
  /// the margin and gap counts the grid without building slots.
  @Test func aGridOfTinyBadgesIsRefusedNotBuilt() throws {
    var sheet = PrintSheet(pageMillimetres: (210, 297), dotsPerInch: 1_100)
    (sheet.gapMillimetres, sheet.marginMillimetres) = (0, 0)
    #expect {
      try sheet.checkFits(badgeWidth: 2, height: 6)
    } throws: { error in
      (error as? WordFitError)?.message.contains("at most 10000") == true
    }
    sheet.fitMost(badgeWidth: 2, height: 6, margin: nil, gap: nil)
    #expect(sheet.slots(badgeWidth: 2, height: 6).isEmpty)
    var negative = PrintSheet(pageMillimetres: (210, 297), dotsPerInch: 100)
    negative.gapMillimetres = -50
    let grid = negative.grid(badgeWidth: 10, height: 10)
    #expect(grid.columns == 0 && grid.rows == 0, "a cell of no size holds nothing (no division by it)")
    try PrintSheet(pageMillimetres: (210, 297), dotsPerInch: 300).checkFits(badgeWidth: 945, height: 591)
  }
}
