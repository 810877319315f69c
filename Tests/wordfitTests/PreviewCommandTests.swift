import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitLayout
@testable import WordFitPreview

/// `wordfit preview` (issue 13) as the command runs it: a cell's size is what `render --json`
/// reports, problems printed and failing the run under `--fail-on`, the JSON and the HTML page,
/// refused sizes. The sheet itself is tested in process (`WordFitPreviewTests`).
@Suite struct PreviewCommandTests {
  init() { _ = TestPaths.packageRoot }

  static let seed = "Value exponentially increasing"

  @Test func aCellsSizeIsWhatRenderReports() throws {
    var request = PreviewRequest(layout: .words(RenderSpec(text: Self.seed)))
    request.canvases = ["38mm", "45mm", "49mm"]
    request.categories = [.extraSmall, .large, .extraExtraExtraLarge]
    let sheet = try PreviewSheet.render(request)
    for (canvas, category) in [("38mm", "xxxLarge"), ("45mm", "xSmall"), ("49mm", "Large")] {
      let output = TestPaths.temporaryRoot + "/cell-\(canvas)-\(category).png"
      let result = try InProcess.wordfit([
        "render", Self.seed, "--canvas", canvas, "--dynamic-type", category, "--json", "-o", output,
      ])
      let report = try #require(
        try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
      let cell = try #require(sheet.cells.first { $0.canvas == canvas && $0.category.rawValue == category })
      #expect(report["size"] as? Double == cell.size, "\(canvas) \(category)")
    }
  }

  @Test func problemsArePrintedAndCanFailTheRun() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let args = [
      "preview", "Supercalifragilistic Ada", "--min-scale", "0.6", "--canvases", "38mm,390x844", "--categories",
      "xSmall,xxxLarge,AX5", "-o", directory + "/sheet.png",
    ]
    let passing = try InProcess.wordfit(args)
    #expect(passing.status == 0, "\(passing.standardError)")
    #expect(passing.standardOutput.contains("variants truncated: 38mm xSmall"), "\(passing.standardOutput)")
    let failing = try InProcess.wordfit(args + ["--fail-on", "truncated"])
    #expect(failing.status == 1)
    let illegible = try InProcess.wordfit(args + ["--fail-on", "illegible", "--min-legible", "40"])
    #expect(illegible.status == 1)
    let legible = try InProcess.wordfit(args + ["--fail-on", "illegible", "--min-legible", "4"])
    #expect(legible.status == 0)
    let bad = try InProcess.wordfit(args + ["--categories", "huge"])
    #expect(bad.status == 64 && bad.standardError.contains("AX5"), "\(bad.standardError)")
  }

  // Item 14: a preview cell over 16 Mpx is refused before anything renders, whatever the scale.
  /// The sheet's output is decided as render's is: `-` is standard output (the report line on
  /// standard error), and not beside `--json`, which needs it too; `.svg` and `.webp` by ending.
  @Test func theSheetGoesWhereItsOutputSays() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let piped = try InProcess.wordfit(["preview", "Ada", "--canvases", "41mm", "-o", "-"], in: directory)
    #expect(piped.status == 0, "\(piped.standardError)")
    // The PNG signature, its first byte (0x89) decoded as U+FFFD.
    #expect(piped.standardOutput.hasPrefix("\u{FFFD}PNG\r\n"), "\(piped.standardOutput.prefix(8))")
    #expect(piped.standardError.contains("wrote standard output (1 canvas × 6 sizes"), "\(piped.standardError)")
    #expect(!FileManager.default.fileExists(atPath: directory + "/-"))
    let both = try InProcess.wordfit(["preview", "Ada", "-o", "-", "--json"], in: directory)
    #expect(both.status == 64 && both.standardError.contains("both write to standard output"))
    // The sheet and the page under one new name: refused before a cell is drawn.
    let same = try InProcess.wordfit(["preview", "Ada", "-o", "x.svg", "--html", "x.svg"], in: directory)
    #expect(same.status == 64 && same.standardError.contains("the page folder x.svg is the same file as the preview"))
    #expect(!FileManager.default.fileExists(atPath: directory + "/x.svg"))
    for (name, magic) in [("p.svg", "<?xml"), ("p.webp", "RIFF")] {
      let run = try InProcess.wordfit(["preview", "Ada", "--canvases", "41mm", "-o", name], in: directory)
      #expect(run.status == 0 && run.standardOutput.hasPrefix("wrote \(name) "), "\(run.standardError)")
      let head = try FileHandle(forReadingFrom: URL(fileURLWithPath: directory + "/" + name)).readData(ofLength: 5)
      #expect(String(decoding: head.prefix(magic.count), as: UTF8.self) == magic, "\(name)")
    }
  }

  @Test func hugePreviewCellsAreRefused() throws {
    let run = try InProcess.wordfit(
      ["preview", "Hi", "--canvases", "8000x8000", "--categories", "large", "--scale", "0.25", "-o", "p.png"],
      in: try TestPaths.makeTemporaryDirectory())
    #expect(run.status == 64 && run.standardError.contains("one cell may render"), "\(run.standardError)")
  }

  @Test func jsonAndThePageDescribeEveryVariant() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit([
      "preview", "Ada Lovelace", "--canvases", "41mm,45mm", "--categories", "large,xxxLarge", "--json", "-o",
      directory + "/sheet.png", "--html", directory + "/page",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let variants = try #require(report["variants"] as? [[String: Any]])
    #expect(variants.count == 4)
    #expect(variants.map { $0["dynamicType"] as? String } == ["Large", "xxxLarge", "Large", "xxxLarge"])
    #expect(variants[3]["maximumSize"] as? Double == 84)
    let html = try String(contentsOfFile: directory + "/page/index.html", encoding: .utf8)
    #expect(html.contains("cells/45mm-xxxLarge.png") && html.contains("data") && !html.contains("http"))
    for name in ["41mm-Large", "41mm-xxxLarge", "45mm-Large", "45mm-xxxLarge"] {
      #expect(FileManager.default.fileExists(atPath: directory + "/page/cells/\(name).png"), "\(name)")
    }
    #expect(FileManager.default.fileExists(atPath: directory + "/page/sheet.png"))
  }
}
