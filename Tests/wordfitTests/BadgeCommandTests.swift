import Foundation
import Testing
import WordFitGoldenSupport
import WordFitTestSupport

@testable import WordFitBadges
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitLayout

/// Badge templates through `wordfit batch` and `render --template` (issue 15, 25): real exports
/// with blank fields, QR data verbatim, the pre-print report, rows' own images, the manifest and a
/// print sheet, template errors before the first row. The badge rules themselves are tested in
/// process (`WordFitBadgesTests`).
@Suite struct BadgeCommandTests {
  init() { _ = TestPaths.packageRoot }

  static let folder = TestPaths.fixtures + "/badges"
  static let template = folder + "/badge.template.json"

  /// A decoded PNG as a rendered image, for the golden verifier.
  struct Image: RenderedImage {
    var canvas: Canvas
    var metadata: [(key: String, value: String)] { [] }
    var fontName: String { "" }
    var missingCharacters: [Unicode.Scalar] { [] }
    var warnings: [String] { [] }
  }

  /// A ticketing-style export (BOM, semicolons, CRLF) with blank companies, a mononym and no
  /// product: every row is written, none fails.
  @Test func anExportWithBlankOptionalFieldsHasNoFailedRows() throws {
    let csv =
      "\u{FEFF}given;family;company;product\r\nAda;Lovelace;;Conference ticket\r\nTeller;;;Speaker pass\r\n"
      + "Bas;van\u{A0}der\u{A0}Meulen;\"Acme; \"\"Quotes\"\"\";\r\n"
    let directory = try TestPaths.makeTemporaryDirectory(with: ["export.csv": csv])
    let result = try InProcess.wordfit(
      [
        "batch", "export.csv", "--template", Self.folder + "/optional.template.json", "--out", "out", "--manifest",
        "m.jsonl",
      ], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardError.contains("3 written") && result.standardError.contains("0 failed"), "\(result.standardError)"
    )
    #expect((try? FileManager.default.contentsOfDirectory(atPath: directory + "/out"))?.count == 3)
  }

  /// Issue 38 item 27: a batch's QR data is the cell as given — spaces at its ends and a
  /// decomposed accent kept, as `render --row` keeps them — while the texts are trimmed and
  /// composed.
  @Test func aBatchKeepsQRDataVerbatim() throws {
    let secret = "  tkt e\u{301}\u{301}-42  "
    let csv = "given,family,company,ticket_secret\nAda,Lovelace,  Analytical Engines  ,\"\(secret)\"\n"
    let directory = try TestPaths.makeTemporaryDirectory(with: ["rows.csv": csv])
    let result = try InProcess.wordfit(
      ["batch", "rows.csv", "--template", Self.folder + "/qr.template.json", "--out", "out"],
      in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory + "/out")
    let file = try #require(files.first { $0.hasSuffix(".png") })
    let decoded = try CommandRunner.run(
      "/usr/bin/zbarimg", ["--raw", "-q", directory + "/out/" + file], in: nil, input: nil, environment: [:])
    #expect(decoded.standardOutput.trimmingCharacters(in: .newlines) == secret)
    let template = try BadgeTemplate.load(contentsOf: Self.folder + "/qr.template.json")
    let rendered = try BadgeRenderer().render(
      template,
      fields: ["given": " Ada", "family": "Lovelace ", "company": "  Analytical Engines  ", "ticket_secret": secret])
    #expect(rendered.regions.map(\.text) == ["Ada Lovelace", "Analytical Engines"], "texts trimmed")
  }

  /// Issue 25: the pre-print report says how small each field got and which were cut, on
  /// standard error and with --json.
  @Test func theBatchEndsWithAPrePrintReport() throws {
    let csv =
      "given;family;company;product\nAda;Lovelace;Acme;Speaker pass\n"
      + "Bartholomew;Wolfeschlegelsteinhausenbergerdorff;Internationale Messegesellschaft für Anlagenbau und Verfahrenstechnik mbH;\n"
    let directory = try TestPaths.makeTemporaryDirectory(with: ["export.csv": csv])
    let result = try InProcess.wordfit(
      ["batch", "export.csv", "--template", Self.folder + "/optional.template.json", "--out", "out", "--json"],
      in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let smallest = try #require(report["smallest"] as? [[String: Any]])
    #expect(smallest.compactMap { $0["field"] as? String } == ["company", "name", "role"])
    let company = try #require(smallest.first)
    let (pixels, points) = (company["pixels"] as? Double ?? 0, company["points"] as? Double ?? 0)
    #expect(abs(points - pixels * 72 / 100) < 0.01, "points at the template's 100 dpi")
    #expect(pixels < 20, "the long company set the smallest company size")
    #expect(result.standardError.contains("batch: pre-print: "), "\(result.standardError)")
    #expect(result.standardError.contains("smallest: company"))
  }

  /// Issue 25: a row's own image (`"png": "{photo}"`, relative to the CSV): drawn when there,
  /// left empty with a warning in the manifest when missing (or failing the row when the
  /// image is not optional), nothing when the cell is blank.
  @Test func aRowsOwnImageIsDrawnOrLeftEmptyWithAWarning() throws {
    let template =
      #"{"width": 120, "height": 60, "regions": [{"box": [0, 0, 80, 60], "text": "{name}"}], "images": [{"box": [84, 12, 32, 32], "png": "{photo}"IMAGE_OPTIONAL}]}"#
    let csv = "name,photo\nAda,photos/logo.png\nGrace,photos/missing.png\nAlan,\n"
    let directory = try TestPaths.makeTemporaryDirectory(with: [
      "t.json": template.replacingOccurrences(of: "IMAGE_OPTIONAL", with: ""),
      "strict.json": template.replacingOccurrences(of: "IMAGE_OPTIONAL", with: #", "optional": false"#),
    ])
    try FileManager.default.createDirectory(atPath: directory + "/data/photos", withIntermediateDirectories: true)
    try csv.write(toFile: directory + "/data/people.csv", atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(atPath: Self.folder + "/logo.png", toPath: directory + "/data/photos/logo.png")
    let result = try InProcess.wordfit(
      ["batch", "data/people.csv", "--template", "t.json", "--out", "out", "--manifest", "m.jsonl"], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let lines = try String(contentsOfFile: directory + "/m.jsonl", encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].contains("\"written\"") && !lines[0].contains("left empty"))
    #expect(lines[1].contains("\"written\"") && lines[1].contains("left empty") && lines[1].contains("missing.png"))
    #expect(lines[2].contains("\"written\"") && !lines[2].contains("left empty"))
    let ada = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/out/1-ada.png"))))
    #expect(ada.canvas.color(atX: 100, y: 28) == (try Color.parse("#FF453A")), "the photo's red centre is drawn")
    let grace = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/out/2-grace.png"))))
    #expect(grace.canvas.color(atX: 100, y: 28) == .white, "a missing photo leaves its box empty")
    let strict = try InProcess.wordfit(
      ["batch", "data/people.csv", "--template", "strict.json", "--out", "out2", "--manifest", "m2.jsonl"],
      in: directory)
    #expect(strict.status == 1, "a required image that is missing fails its row")
    #expect(strict.standardError.contains("missing.png"), "\(strict.standardError)")
  }

  @Test func batchWritesBadgesManifestRegionsAndAPrintSheetGolden() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit(
      [
        "batch", Self.folder + "/badges.csv", "--template", Self.template, "--out", "out", "--manifest", "m.jsonl",
        "--sheet", "120x160mm", "--bleed", "1", "--crop-marks",
      ], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let manifest = try String(contentsOfFile: directory + "/m.jsonl", encoding: .utf8)
    let lines = manifest.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].contains("\"regions\":[{\"limit\":"), "\(lines[0])")
    #expect(lines[0].contains("\"name\":\"company\""))
    let sheet = try PNGCodec.decode(
      Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/out/sheets/sheet-001.png"))))
    #expect(sheet.canvas.width == 472 && sheet.canvas.height == 630, "120 x 160 mm at 100 dpi")
    try assertGolden(Image(canvas: sheet.canvas), golden: Self.folder + "/sheet-120x160mm-100dpi.png")
    let png = try Data(contentsOf: URL(fileURLWithPath: directory + "/out/sheets/sheet-001.png"))
    #expect(png.range(of: Data("pHYs".utf8)) != nil, "printers print it at size")
  }

  @Test func templateErrorsStopBeforeAnyRow() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let good = try String(contentsOfFile: Self.template, encoding: .utf8)
    try FileManager.default.copyItem(atPath: Self.folder + "/logo.png", toPath: directory + "/logo.png")
    try "hello".write(toFile: directory + "/notpng.png", atomically: true, encoding: .utf8)
    let cases: [(String, String, Int32, String)] = [
      (
        "unknown key", good.replacingOccurrences(of: "\"background\"", with: "\"backgroud\""), 65,
        "unknown key 'backgroud'"
      ),
      (
        "outside", good.replacingOccurrences(of: "[5, 44, 76, 10]", with: "[50, 44, 76, 10]"), 65,
        "outside the 339x213 px badge"
      ),
      ("not a PNG", good.replacingOccurrences(of: "logo.png", with: "notpng.png"), 65, "is not a PNG"),
      ("missing logo", good.replacingOccurrences(of: "logo.png", with: "nologo.png"), 66, "nologo.png"),
      (
        "region key", good.replacingOccurrences(of: "\"valign\": \"top\"", with: "\"valign\": \"middle\""), 65, "valign"
      ),
      ("missing column", good.replacingOccurrences(of: "{company}", with: "{employer}"), 65, "column {employer}"),
      // Fuzz finding: a length too large for an Int trapped when converted to pixels.
      (
        "huge height", good.replacingOccurrences(of: "\"height\": 54", with: "\"height\": 555555555555555555540"), 65,
        "far outside any badge"
      ),
      (
        "huge box", good.replacingOccurrences(of: "[5, 44, 76, 10]", with: "[5, 44, 1e300, 10]"), 65,
        "far outside any badge"
      ),
    ]
    for (name, text, status, message) in cases {
      try text.write(toFile: directory + "/t.json", atomically: true, encoding: .utf8)
      let result = try InProcess.wordfit(
        ["batch", Self.folder + "/badges.csv", "--template", "t.json", "--out", "out-\(name)"], in: directory)
      #expect(result.status == status, "\(name): \(result.standardError)")
      #expect(result.standardError.contains(message), "\(name): \(result.standardError)")
      #expect(result.standardError.split(separator: "\n").count == 1, "\(name): one line")
      let written = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/out-\(name)")) ?? []
      #expect(written.filter { $0.hasSuffix(".png") }.isEmpty, "\(name): nothing rendered")
    }
    let missing = try InProcess.wordfit(["render", "--template", "nothing.json", "--row", "a=b"], in: directory)
    #expect(missing.status == 66)
  }

  @Test func renderTriesATemplateWithRows() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit(
      [
        "render", "--template", Self.template, "--row", "given=Bartholomew", "--row", "company=Acme", "--row",
        "role=Staff", "-o", "b.png",
      ], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("given 40.1875 px, company 40.1875 px"), "\(result.standardOutput)")
    let written = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/b.png"))))
    let badge = try BadgeRenderer().render(
      try BadgeTemplate.load(contentsOf: Self.template),
      fields: ["given": "Bartholomew", "company": "Acme", "role": "Staff"])
    #expect(written.canvas.pixels == ImageComparator.rgba(badge.canvas))
    let missingRow = try InProcess.wordfit(
      ["render", "--template", Self.template, "--row", "given=Ada", "-o", "c.png"], in: directory)
    #expect(missingRow.status == 64 && missingRow.standardError.contains("--row company=VALUE"))
  }
}
