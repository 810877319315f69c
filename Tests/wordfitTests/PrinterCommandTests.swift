import Foundation
import Testing
import WordFitTestSupport

/// `--printer zpl`: a badge as a Zebra label, decoded by scripts/zpl-decode.py — written from the
/// ZPL II guide, with its own CRC, Python's zlib and its own PNG reader — to exactly the badge
/// PNG's dots by the README's threshold, the photo's box dithered by the README's rule.
@Suite struct PrinterCommandTests {
  static let folder = TestPaths.fixtures + "/badges/export"
  static let template = folder + "/export.template.json"
  static let rows = [
    "--row", "attendee name: given name=Ada", "--row", "attendee name: family name=Lovelace", "--row",
    "company=Analytical Engines", "--row", "ticket secret=abc123", "--row", "product=Speaker", "--row", "photo=",
  ]

  static func decode(_ label: String, against png: String) throws -> CommandResult {
    try CommandRunner.run(
      "/usr/bin/env",
      ["python3", TestPaths.packageRoot + "/scripts/zpl-decode.py", label, "--png", png, "--template", template],
      in: nil,
      input: nil,
      environment: [:])
  }

  @Test func aBadgeDecodesToThePNGsDots() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let zpl = try InProcess.wordfit(
      ["render", "--template", Self.template] + Self.rows + ["--printer", "zpl:300", "-o", "ada.zpl"], in: directory)
    #expect(zpl.status == 0 && zpl.standardError.contains("wrote ada.zpl (ZPL, 945x591 dots"), "\(zpl)")
    let png = try InProcess.wordfit(
      ["render", "--template", Self.template] + Self.rows + ["-o", "ada.png"], in: directory)
    #expect(png.status == 0, "\(png)")
    let decoded = try Self.decode(directory + "/ada.zpl", against: directory + "/ada.png")
    #expect(decoded.status == 0 && decoded.standardOutput.hasPrefix("equal: 945x591 dots"), "\(decoded)")
    // Without -o the job goes to standard output, byte for byte the file's: run as
    // a child process, since the stream is under test.
    let piped = try CommandRunner.wordfit(["render", "--template", Self.template] + Self.rows + ["--printer", "zpl"])
    let file = try String(contentsOfFile: directory + "/ada.zpl", encoding: .utf8)
    #expect(piped.status == 0 && piped.standardOutput == file)
  }

  @Test func aBatchWritesAJobPerRowAndRerunsReplaceOnlyItsOwn() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let csv = Self.folder + "/attendees.csv"
    let args = ["batch", csv, "--template", Self.template, "-q"]
    #expect(try InProcess.wordfit(args + ["--printer", "zpl", "--out", "zpl"], in: directory).status == 0)
    #expect(try InProcess.wordfit(args + ["--out", "png"], in: directory).status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/zpl").filter { $0.hasSuffix(".zpl") }
    #expect(names.count == 46)
    for name in names.sorted().prefix(3) {
      let decoded = try Self.decode(
        directory + "/zpl/" + name, against: directory + "/png/" + name.dropLast(4) + ".png")
      #expect(decoded.status == 0 && decoded.standardOutput.hasPrefix("equal:"), "\(name): \(decoded)")
    }
    // A rerun replaces its own labels; a file of a row's name that WordFit did not write fails
    // that row and is kept.
    #expect(try InProcess.wordfit(args + ["--printer", "zpl", "--out", "zpl"], in: directory).status == 0)
    try Data("^XA^FDmine^FS^XZ".utf8).write(to: URL(fileURLWithPath: directory + "/zpl/" + names[0]))
    let foreign = try InProcess.wordfit(args + ["--printer", "zpl", "--out", "zpl"], in: directory)
    #expect(foreign.status == 1 && foreign.standardError.contains("45 written, 0 skipped, 1 failed"), "\(foreign)")
    let kept = try String(contentsOfFile: directory + "/zpl/" + names[0], encoding: .utf8)
    #expect(kept == "^XA^FDmine^FS^XZ", "the file WordFit did not write is kept")
  }

  /// A design is drawn at the printer's resolution (a 300 dpi, 80x50 mm design on a 203 dpi
  /// head: 639x400 dots, its size in mm kept) and fitted to a Brother label's printable area
  /// (turned on the 62x100 die-cut label, where it draws larger), the fit said in one line;
  /// both were refused before ("set the template's dpi to the printer's").
  @Test func aDesignIsDrawnForThePrinterItPrintsOn() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let zebra = try InProcess.wordfit(
      ["render", "--template", Self.template] + Self.rows + ["--printer", "zpl:203", "-o", "a.zpl"], in: directory)
    #expect(zebra.status == 0 && zebra.standardError.contains("drawn at 203 dpi for the printer (designed at 300 dpi"))
    let label = try String(contentsOfFile: directory + "/a.zpl", encoding: .utf8)
    #expect(label.contains("^PW639") && label.contains("^LL400"), "\(label.prefix(80))")
    let brother = try InProcess.wordfit(
      ["render", "--template", Self.template] + Self.rows + [
        "--printer", "brother-ql:QL-820NWB:62x100", "-o", "a.bin",
      ],
      in: directory)
    #expect(brother.status == 0 && brother.standardError.contains("fit to the Brother 62x100 label"))
    #expect(brother.standardError.contains("1109x696 dots"), "\(brother.standardError)")
    let batch = try InProcess.wordfit(
      [
        "batch", Self.folder + "/attendees.csv", "--template", Self.template, "--printer", "zpl:600", "--out", "o",
      ], in: directory)
    #expect(batch.status == 0 && batch.standardError.contains("drawn at 600 dpi"), "\(batch.standardError)")
  }

  @Test func whatAPrinterCannotTakeIsRefusedBeforeAnyRow() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let csv = Self.folder + "/attendees.csv"
    for (arguments, message) in [
      (["render", "--template", Self.template] + Self.rows + ["--printer", "zpl", "--bleed", "2"], "drop --bleed"),
      (["render", "Ada", "--printer", "zpl"], "go with --template"),
      (
        ["render", "--template", Self.template] + Self.rows + ["--printer", "epl"],
        "or cups:QUEUE[:LANGUAGE]"
      ),
      (["batch", csv, "--printer", "zpl", "--out", "o"], "give --template"),
      (
        ["batch", csv, "--template", Self.template, "--printer", "zpl", "--format", "svg", "--out", "o"],
        "without --format"
      ),
      (["batch", csv, "--template", Self.template, "--printer", "cups:desk:zpl", "--out", "o"], "one badge at a time"),
      (
        ["render", "--template", Self.template] + Self.rows + ["--printer", "cups:desk", "-o", "x.pdf"], "drop --output"
      ),
    ] {
      let result = try InProcess.wordfit(arguments, in: directory)
      #expect(result.status == 64 && result.standardError.contains(message), "\(arguments): \(result)")
    }
    #expect(!FileManager.default.fileExists(atPath: directory + "/o"), "no row was written")
  }
}

/// `--printer brother-ql:MODEL:LABEL` through the command line: a job a row, replaced on a rerun.
@Suite struct BrotherQLCommandTests {
  @Test func aBatchWritesABrotherJobPerRow() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let csv =
      "given,family,company,role,ticket_secret\nAda,Lovelace,Analytical Engines,Speaker,a1\n"
      + "Grace,Hopper,Navy,Staff,b2\n陳,大文,WordFit,Attendee,c3\n"
    try csv.write(toFile: directory + "/in.csv", atomically: true, encoding: .utf8)
    let template = TestPaths.fixtures + "/printers/ql-62x100.template.json"
    let args = [
      "batch", "in.csv", "--template", template, "--printer", "brother-ql:QL-820NWB:62x100", "--out", "o", "-q",
    ]
    for _ in 0..<2 {
      let result = try InProcess.wordfit(args, in: directory)
      #expect(result.status == 0, "\(result)")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/o").sorted()
    #expect(names == ["1-ada.bin", "2-grace.bin", "3-chen.bin"] || names.count == 3, "\(names)")
    for name in names {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/o/" + name)))
      #expect(bytes.prefix(4) == [0x1B, 0x69, 0x61, 0x01] && bytes.last == 0x1A, "\(name)")
    }
    // Another label: the design is fitted to its printable width (306 dots of 29 mm tape), and
    // the fit is said before any row.
    let otherLabel = try InProcess.wordfit(
      ["batch", "in.csv", "--template", template, "--printer", "brother-ql:QL-820NWB:29", "--out", "p"], in: directory)
    #expect(!otherLabel.standardError.contains("the  label"), "\(otherLabel.standardError)")
    #expect(otherLabel.status == 0 && otherLabel.standardError.contains("fit to the Brother 29 label"), "\(otherLabel)")
    #expect((try? FileManager.default.contentsOfDirectory(atPath: directory + "/p"))?.count == 3)
  }
}
