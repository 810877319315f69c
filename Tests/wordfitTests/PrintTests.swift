import Foundation
import Testing
import WordFitTestSupport
import WordFitText

@testable import WordFitBadges
@testable import WordFitBatch
@testable import WordFitCore
@testable import WordFitImage

/// Issue 25: from a ticketing export to a print shop's PDF and an office printer's label sheets.
/// The export (Fixtures/badges/export, made by scripts/make-export-fixture.py) has a BOM, `;`,
/// CRLF, 14 scripts, mononyms, blank companies, a company with quotes and `;`, emoji, two photos
/// and a missing one; its template has a role band and a mapped role, an optional company, a
/// photo column and a QR code of the ticket secret, at the size of Avery L4785's labels.
@Suite struct PrintTests {
  static let folder = TestPaths.fixtures + "/badges/export"
  static let csv = folder + "/attendees.csv"
  static let template = folder + "/export.template.json"

  /// One run of the whole export, shared by the tests that read its outputs: a PNG per row
  /// with 3 mm bleed, a PDF of one page per badge, and the manifest.
  struct Run: Sendable {
    var directory: String
    var status: Int32
    var standardOutput: String
    var standardError: String
    var rows: [[String: String]]
    var manifestLines: [String]

    /// The manifest's lines as JSON objects.
    var manifest: [[String: Any]] {
      manifestLines.map { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:] }
    }
  }

  static let run: Result<Run, Error> = Result {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit(
      [
        "batch", csv, "--template", template, "--out", "png", "--pdf", "badges.pdf", "--bleed", "3", "--manifest",
        "m.jsonl", "--jobs", "2", "--json",
      ], in: directory)
    let manifest = try String(contentsOfFile: directory + "/m.jsonl", encoding: .utf8).split(separator: "\n").map(
      String.init)
    return Run(
      directory: directory, status: result.status, standardOutput: result.standardOutput,
      standardError: result.standardError, rows: try exportRows(), manifestLines: manifest)
  }

  /// The export's rows by column name.
  static func exportRows() throws -> [[String: String]] {
    let reader = try CSVReader(path: csv, delimiter: 0x3B)
    var records: [[String]] = []
    while let record = reader.next() { records.append(record.fields.indices.map { record.text(at: $0) ?? "" }) }
    let header = records.removeFirst()
    return records.map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
  }

  static func tool(_ name: String, _ arguments: [String], in directory: String? = nil) throws -> CommandResult {
    try CommandRunner.run("/usr/bin/" + name, arguments, in: directory, input: nil, environment: [:])
  }

  @Test func everyRowOfTheExportIsWrittenAndEveryQRCodeReadsBack() throws {
    let run = try Self.run.get()
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.rows.count == 46)
    #expect(run.manifest.count == 46)
    #expect(run.manifest.allSatisfy { $0["status"] as? String == "written" }, "0 failed rows")
    let json = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
    #expect(json?["failed"] as? Int == 0 && json?["pdfPages"] as? Int == 46, "\(run.standardOutput)")
    // The missing photo is a warning on its row, not a failure.
    let third = try #require(run.manifest.first { $0["row"] as? Int == 3 })
    #expect((third["warnings"] as? [String])?.contains { $0.contains("missing.png") } == true)
    for (row, line) in zip(run.rows, run.manifest) {
      let path = run.directory + "/png/" + (line["file"] as? String ?? "")
      let decoded = try Self.tool("zbarimg", ["--raw", "-q", path])
      #expect(decoded.standardOutput.trimmingCharacters(in: .newlines) == row["Ticket secret"], "\(path)")
    }
  }

  /// The badge PNGs carry the bleed: 3 mm more on every side (35 px at 300 dpi), the edge
  /// pixels repeated outward.
  @Test func badgePNGsCarryTheBleed() throws {
    let run = try Self.run.get()
    let file = try #require(run.manifest.first?["file"] as? String)
    let png = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: run.directory + "/png/" + file))))
    #expect(png.canvas.width == 945 + 70 && png.canvas.height == 591 + 70)
    let canvas = png.canvas.rgb(over: .white)
    let pixel = { (x: Int, y: Int) in Array(canvas.pixels[(y * canvas.width + x) * 3..<(y * canvas.width + x) * 3 + 3])
    }
    #expect(pixel(0, 0) == pixel(35, 35), "the band's corner repeated into the bleed")
    #expect(pixel(0, 0) == [0x0A, 0x84, 0xFF])
  }

  @Test func thePDFHasTrimAndBleedBoxesEmbeddedSubsetFontsAndPassesQPDF() throws {
    let run = try Self.run.get()
    let pdf = run.directory + "/badges.pdf"
    let info = try Self.tool("pdfinfo", ["-box", "-f", "1", "-l", "46", pdf]).standardOutput
    #expect(info.contains("Pages:           46"), "\(info)")
    // 945 x 591 px at 300 dpi with 35 px of bleed: points are pixels × 72 / 300.
    let box = { (page: Int, name: String) -> [Double] in
      let line = info.split(separator: "\n").first {
        $0.hasPrefix("Page \(String(repeating: " ", count: 4 - "\(page)".count))\(page) \(name):")
      }
      return line.map { $0.split(separator: ":")[1].split(separator: " ").compactMap { Double($0) } } ?? []
    }
    let points = { (pixels: [Int]) in pixels.map { (Double($0) * 0.24 * 100).rounded() / 100 } }
    for page in [1, 46] {
      #expect(box(page, "MediaBox") == points([0, 0, 1015, 661]), "\(info)")
      #expect(box(page, "BleedBox") == points([0, 0, 1015, 661]))
      #expect(box(page, "TrimBox") == points([35, 35, 980, 626]), "the badge, 80 x 50 mm")
    }
    let fonts = try Self.tool("pdffonts", [pdf]).standardOutput.split(separator: "\n").dropFirst(2)
    #expect(fonts.count >= 10, "a font for each script: \(fonts)")
    for font in fonts {
      #expect(font.split(separator: " ").first?.contains("+") == true, "a subset: \(font)")
      #expect(font.contains("yes yes yes"), "embedded, subset, with a ToUnicode map: \(font)")
    }
    #expect(try Self.tool("qpdf", ["--check", pdf]).status == 0)
  }

  /// Every name comes back out of the PDF as text, in every script. pdftotext joins a name's
  /// wrapped lines with a space or drops a line-end hyphen, and marks right-to-left runs with
  /// embedding controls: those are set aside; emoji are images (no text).
  @Test func everyNameIsExtractableFromThePDF() throws {
    let run = try Self.run.get()
    let ignored = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "-\u{200D}\u{FE0F}"))
      .union(CharacterSet(charactersIn: Unicode.Scalar(0x202A)!...Unicode.Scalar(0x202E)!))
    let normalized = { (text: String) in
      String(
        String.UnicodeScalarView(
          text.precomposedStringWithCanonicalMapping.unicodeScalars.filter {
            !ignored.contains($0) && !$0.properties.isEmojiPresentation && $0 != "\u{2B50}"
          }))
    }
    for (index, row) in run.rows.enumerated() {
      let page = "\(index + 1)"
      let text = try Self.tool("pdftotext", ["-f", page, "-l", page, run.directory + "/badges.pdf", "-"])
      let name = normalized(
        row["Attendee name: Given name", default: ""] + row["Attendee name: Family name", default: ""])
      #expect(normalized(text.standardOutput).contains(name), "page \(page): \(text.standardOutput) lacks \(name)")
    }
  }

  /// Issue 38 item 21: every word of a name comes back from `pdftotext` whole, with its marks in
  /// order: pointed Hebrew, Arabic with its vowel marks, shadda and lam-alef, Devanagari and
  /// Bengali vowel signs. Cairo's backward clusters split 29 of these 30 words (poppler cut
  /// right-to-left words at the 1/1000 em rounding of each glyph's jump back, and at a mark's
  /// offset inside an `ActualText` span).
  @Test func markedWordsComeBackWholeFromThePDF() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let folder = TestPaths.fixtures + "/pdf-text"
    let result = try InProcess.wordfit(
      ["batch", folder + "/names.csv", "--template", folder + "/names.template.json", "--pdf", "n.pdf", "-q"],
      in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let names = try String(contentsOfFile: folder + "/names.csv", encoding: .utf8).split(separator: "\n").dropFirst()
      .map { $0.split(separator: ",", maxSplits: 1)[1] }
    #expect(names.count == 12)
    let embedding = CharacterSet(charactersIn: Unicode.Scalar(0x202A)!...Unicode.Scalar(0x202E)!)
    for (index, name) in names.enumerated() {
      let page = "\(index + 1)"
      let text = try Self.tool("pdftotext", ["-f", page, "-l", page, directory + "/n.pdf", "-"]).standardOutput
      let words = Set(
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !embedding.contains($0) }))
          .precomposedStringWithCanonicalMapping.split(whereSeparator: \.isWhitespace).map(String.init))
      for word in name.split(separator: " ") {
        #expect(words.contains(String(word).precomposedStringWithCanonicalMapping), "page \(page): \(word) in \(words)")
      }
    }
  }

  /// Each page's text is set at the sizes the manifest reports for its regions (pixels × 72 ⁄
  /// 300 points): the PDF's text matrices, read from qpdf's uncompressed copy.
  @Test func pdfTextSizesAreTheManifestsSizes() throws {
    let run = try Self.run.get()
    let expanded = run.directory + "/expanded.pdf"
    let qdf = try Self.tool("qpdf", ["--qdf", "--object-streams=disable", run.directory + "/badges.pdf", expanded])
    #expect(qdf.status == 0, "\(qdf.standardError)")
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: expanded)), as: Unicode.ASCII.self)
    let pages = text.components(separatedBy: "%% Contents for page ").dropFirst()
    #expect(pages.count == 46)
    for (line, page) in zip(run.manifest, pages) {
      let regions = line["regions"] as? [[String: Any]] ?? []
      let expected = regions.compactMap { $0["size"] as? Double }.map { $0 * 0.24 }
      let drawn = page.split(separator: "\n").filter { $0.hasSuffix(" Tm") }.compactMap {
        Double($0.split(separator: " ")[0])
      }
      #expect(!drawn.isEmpty)
      for size in drawn {
        #expect(
          expected.contains { abs($0 - size) < 0.001 }, "page \(line["page"] ?? ""): \(size) pt, not in \(expected)")
      }
    }
  }

  /// The PDF is drawn from the same fit as the PNG: each page rasterised by poppler at the
  /// badge's resolution matches the badge PNG but for anti-aliasing and hinting (FreeType's
  /// light hinting snaps the PNG's stems vertically; the PDF's outlines are unhinted): at most
  /// 0.5% of pixels differ beyond the YIQ threshold 0.1.
  @Test(arguments: [1, 2, 10, 16, 23, 29, 34, 45])
  func pdfPagesRasteriseLikeThePNGs(page: Int) throws {
    let run = try Self.run.get()
    let stem = run.directory + "/page-\(page)"
    let rendered = try Self.tool(
      "pdftoppm",
      ["-r", "300", "-png", "-singlefile", "-f", "\(page)", "-l", "\(page)", run.directory + "/badges.pdf", stem])
    #expect(rendered.status == 0, "\(rendered.standardError)")
    let file = try #require(run.manifest[page - 1]["file"] as? String)
    let expected = try PNGCodec.decode(
      Array(try Data(contentsOf: URL(fileURLWithPath: run.directory + "/png/" + file))))
    let actual = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: stem + ".png"))))
    var tolerance = ComparisonTolerance(threshold: 0.1, includesAntiAliasing: false)
    tolerance.maxDiffRatio = 0.005
    let comparison = ImageComparator.compare(expected: expected.canvas, actual: actual.canvas, tolerance: tolerance)
    #expect(comparison.passed, "page \(page): \(comparison.differingPixels) pixels differ")
  }

  @Test func thePDFIsTheSameWhateverTheJobs() throws {
    let run = try Self.run.get()
    let again = try InProcess.wordfit(
      ["batch", Self.csv, "--template", Self.template, "--pdf", "one-job.pdf", "--bleed", "3", "--jobs", "1", "-q"],
      in: run.directory)
    #expect(again.status == 0, "\(again.standardError)")
    let first = try Data(contentsOf: URL(fileURLWithPath: run.directory + "/badges.pdf"))
    let second = try Data(contentsOf: URL(fileURLWithPath: run.directory + "/one-job.pdf"))
    #expect(first == second, "PDF bytes depend on the inputs and fonts only")
    #expect(first.range(of: Data("CreationDate".utf8)) == nil, "no time stamp")
    #expect(first.count / 46 < 12_000, "\(first.count / 46) bytes a badge")
  }

  /// Bad PDF options stop before any row with one line and the documented status.
  @Test func badPDFOptionsFailWithOneLine() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let cases: [([String], Int32, String)] = [
      (["--template", Self.template, "--pdf", Self.csv], 64, "same file as the input"),
      (["--template", Self.template, "--pdf", "-"], 64, "standard output"),
      (["--pdf", "out.pdf"], 64, "--template"),
      (["--template", Self.template, "--pdf", "missing/out.pdf"], 74, "does not exist"),
      (["--template", Self.template, "--pdf", "out.pdf", "--skip-existing"], 64, "--skip-existing"),
      (["--template", Self.template, "--pdf", "out.pdf", "--sheet", "Avery L47"], 64, "wordfit sheets"),
      (
        ["--template", Self.template, "--pdf", "out.pdf", "--sheet", "Avery L4785", "--gap", "2"], 64,
        "--margin and --gap"
      ),
      (["--template", Self.template, "--pdf", "out.pdf", "--flip", "short"], 64, "goes with --duplex"),
      (["--template", Self.template, "--out", "png", "--duplex"], 64, "give --sheet"),
      (["--template", Self.template, "--pdf", "out.pdf", "--duplex", "--flip", "tumble"], 64, "long, short"),
    ]
    for (arguments, status, message) in cases {
      let result = try InProcess.wordfit(["batch", Self.csv] + arguments, in: directory)
      #expect(result.status == status, "\(arguments): \(result.standardError)")
      #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
      #expect(result.standardError.split(separator: "\n").count == 1, "one line: \(result.standardError)")
    }
    #expect(!FileManager.default.fileExists(atPath: directory + "/out.pdf"))
  }

  /// A single badge from `render --template` takes the bleed too.
  @Test func aSingleBadgeTakesTheBleed() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit(
      [
        "render", "--template", TestPaths.fixtures + "/badges/qr.template.json", "--row", "given=Ada", "--row",
        "family=Lovelace", "--row", "company=X", "--row", "ticket_secret=abc", "--bleed", "2", "-o", "b.png",
      ], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let png = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/b.png"))))
    // 86 x 54 mm at 200 dpi is 677 x 425 px; 2 mm is 16 px.
    #expect(png.canvas.width == 677 + 32 && png.canvas.height == 425 + 32)
    let pdf = try InProcess.wordfit(
      [
        "render", "--template", TestPaths.fixtures + "/badges/qr.template.json", "--row", "given=Ada", "--row",
        "family=Lovelace", "--row", "company=X", "--row", "ticket_secret=abc", "--bleed", "2", "--pdf", "b.pdf",
      ], in: directory)
    #expect(pdf.status == 0, "\(pdf.standardError)")
    let info = try Self.tool("pdfinfo", ["-box", directory + "/b.pdf"]).standardOutput
    // 16 px at 200 dpi is 5.76 pt; the page is (677 + 32) x (425 + 32) px.
    #expect(info.contains("Pages:           1") && info.contains("TrimBox:             5.76     5.76"), "\(info)")
    let text = try Self.tool("pdftotext", [directory + "/b.pdf", "-"]).standardOutput
    #expect(text.contains("Ada") && text.contains("Lovelace"))
  }

  /// Issue 42, 7: the export's QR modules (0.42 mm, 5 px at 300 dpi) pass for its PNGs but are
  /// 2.5 dots where a PDF is rasterised at 150 dpi: the PDF batch warns in one line and reports
  /// the smallest module; the PNG batch does not warn.
  @Test func smallQRModulesAreWarnedAboutForPrint() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let pdf = try InProcess.wordfit(
      ["batch", Self.csv, "--template", Self.template, "--pdf", "out.pdf", "--json"], in: directory)
    #expect(pdf.status == 0, "\(pdf.standardError)")
    let warnings = pdf.standardError.split(separator: "\n").filter { $0.contains("QR modules") }
    #expect(warnings.count == 1 && warnings[0].contains("0.42 mm (2.5 dots at 150 dpi) in 46 rows"), "\(warnings)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(pdf.standardOutput.utf8)) as? [String: Any])
    #expect(json["smallestQRModule"] as? Double == 0.423 && json["qrWarning"] is String)
    let png = try InProcess.wordfit(
      ["batch", Self.csv, "--template", Self.template, "--out", "png"], in: directory)
    #expect(png.status == 0 && !png.standardError.contains("QR modules"), "\(png.standardError)")
    let check = QRModuleCheck(writesPDF: true, writesPixels: false, templateDotsPerInch: 300)
    #expect(check.dotsPerInch == 150 && abs(check.minimumMillimetres - 0.508) < 0.001)
    #expect(check.passes(moduleMillimetres: 0.508) && !check.passes(moduleMillimetres: 0.423))
    let pixels = QRModuleCheck(writesPDF: false, writesPixels: true, templateDotsPerInch: 300)
    #expect(pixels.passes(moduleMillimetres: 0.254) && !pixels.passes(moduleMillimetres: 0.17))
    #expect(QRModuleCheck(writesPDF: true, writesPixels: true, templateDotsPerInch: 100).dotsPerInch == 100)
    #expect(QRModuleCheck(writesPDF: true, writesPixels: false, templateDotsPerInch: 100).dotsPerInch == 150)
  }

  /// `render --template … --side back` renders the row's back (its texts, not the front's) as
  /// a PNG or a PDF; a template without a back says so in one line.
  @Test func renderDrawsABadgesBack() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let rows = ["--row", "given=Ada", "--row", "company=Acme", "--row", "role=Speaker"]
    let duplex = TestPaths.fixtures + "/badges/duplex.template.json"
    let back = try InProcess.wordfit(
      ["render", "--template", duplex, "--side", "back", "--pdf", "back.pdf"] + rows, in: directory)
    #expect(back.status == 0, "\(back.standardError)")
    let text = try Self.tool("pdftotext", [directory + "/back.pdf", "-"]).standardOutput
    #expect(text.contains("Wi-Fi WordFitConf") && text.contains("Ada") && !text.contains("Acme"), "\(text)")
    let png = try InProcess.wordfit(
      ["render", "--template", duplex, "--side", "back", "-o", "back.png", "--json"] + rows, in: directory)
    #expect(png.status == 0 && png.standardOutput.contains("\"wifi\""), "\(png.standardError)")
    let none = try InProcess.wordfit(
      ["render", "--template", TestPaths.fixtures + "/badges/badge.template.json", "--side", "back"] + rows,
      in: directory)
    #expect(none.status == 64 && none.standardError.contains("no back"), "\(none.standardError)")
    #expect(none.standardError.split(separator: "\n").count == 1)
    let plain = try InProcess.wordfit(["render", "Ada", "--side", "back"], in: directory)
    #expect(plain.status == 64 && plain.standardError.contains("--template"), "\(plain.standardError)")
  }

  /// Shards write PDFs of their own rows beside each other, in row order: together, every badge
  /// once.
  @Test func shardsWritePDFsOfTheirOwn() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    for shard in ["0/2", "1/2"] {
      let result = try InProcess.wordfit(
        ["batch", Self.csv, "--template", Self.template, "--pdf", "out.pdf", "--shard", shard, "-q"], in: directory)
      #expect(result.status == 0, "\(result.standardError)")
    }
    var pages = 0
    for name in ["out-shard0of2.pdf", "out-shard1of2.pdf"] {
      let info = try Self.tool("pdfinfo", [directory + "/" + name]).standardOutput
      pages +=
        info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap {
          Int($0.split(separator: " ").last ?? "")
        } ?? 0
    }
    #expect(pages == 46)
    #expect(!FileManager.default.fileExists(atPath: directory + "/out.pdf"))
    // merge-pdf puts the shards' pages back in row order: the text of the one run's PDF, page
    // for page, whichever shard is named first.
    let merged = try InProcess.wordfit(
      ["merge-pdf", "out-shard1of2.pdf", "out-shard0of2.pdf", "-o", "all.pdf"], in: directory)
    #expect(merged.status == 0 && merged.standardError.contains("46 pages from 2 PDFs, in row order"), "\(merged)")
    let whole = try Self.run.get().directory + "/badges.pdf"
    let text = { (path: String) in try Self.tool("pdftotext", [path, "-"]).standardOutput }
    #expect(try text(directory + "/all.pdf") == text(whole))
    let noOutput = try InProcess.wordfit(["merge-pdf", "out-shard0of2.pdf"], in: directory)
    #expect(noOutput.status == 64 && noOutput.standardError.contains("-o FILE"), "\(noOutput)")
    let first = try Self.tool("pdftotext", ["-f", "2", "-l", "2", directory + "/out-shard1of2.pdf", "-"])
    #expect(
      first.standardOutput.contains("Phạm") == false && first.standardOutput.contains("Варвара"),
      "shard 1 of 2 holds rows 2, 4, …: its second page is row 4")
  }
}
