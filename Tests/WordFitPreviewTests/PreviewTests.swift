import Foundation
import Testing
import WordFitGoldenSupport
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitLayout
@testable import WordFitPreview
@testable import WordFitText

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Preview sheets (issue 13): every canvas in every Dynamic Type size, on one sheet.
@Suite struct PreviewTests {
  static let seed = "Value exponentially increasing"
  static let seed003 = TestPaths.fixtures + "/stack/seed003-bordered-prominent-equal-45mm.json"

  @Test func theSeedOnEveryWatchInEverySizeMatchesItsGolden() throws {
    let sheet = try PreviewSheet.render(PreviewRequest(layout: .words(RenderSpec(text: Self.seed))))
    #expect(sheet.canvases.count == 10 && sheet.categories.count == 6 && sheet.cells.count == 60)
    #expect(sheet.cells.allSatisfy { $0.isAvailable })
    try assertGolden(sheet, golden: TestPaths.fixtures + "/preview/seed-value-exponentially-increasing.png")
  }

  @Test func seed003TitlesAsAStackPreviewMatchItsGolden() throws {
    var request = PreviewRequest(layout: try LayoutSpec.load(contentsOf: Self.seed003))
    request.canvases = ["41mm", "45mm"]
    request.categories = [.large, .extraExtraExtraLarge]
    let sheet = try PreviewSheet.render(request)
    #expect(sheet.cells.count == 4)
    try assertGolden(sheet, golden: TestPaths.fixtures + "/preview/seed003-stack-41mm-45mm-large-xxxlarge.png")
  }

  /// `preview -o NAME.svg`: the sheet as one SVG of the PNG's size — each available cell its
  /// render's drawing nested and scaled into its place (a round screen clipped), the captions as
  /// outlines, the text searchable; the same bytes every time. (Chromium draws it equal to the
  /// PNG within the golden tolerance: `scripts/browser-test.sh`.)
  @Test func theSheetIsAnSVGOfItsCellsDrawings() throws {
    var request = PreviewRequest(layout: .words(RenderSpec(text: Self.seed)))
    request.canvases = ["41mm", "wear-large", "390x844"]
    request.categories = [.large, .extraExtraExtraLarge]
    request.scale = 0.5
    let sheet = try PreviewSheet.render(request)
    let svg = try sheet.svg()
    #expect(try sheet.svg() == svg, "deterministic")
    let text = String(decoding: svg, as: UTF8.self)
    #expect(text.contains(#"width="\#(sheet.image.width)" height="\#(sheet.image.height)""#))
    let available = sheet.cells.filter { $0.drawing != nil }
    #expect(available.count == 6)
    #expect(text.components(separatedBy: "<svg x=").count - 1 == available.count)
    #expect(text.components(separatedBy: "<clipPath id=\"clip").count - 1 == 2, "the two round cells clipped")
    #expect(text.components(separatedBy: ">\(Self.seed.split(separator: " ")[0])").count - 1 >= 4)
    #expect(text.contains(">xxxLarge</text>") && text.contains(">wear-large</text>"), "captions searchable")
    let parser = XMLParser(data: Data(svg))
    #expect(parser.parse(), "well-formed XML")
  }

  // Each cell is exactly what a render of that canvas and size gives: in process for all 60,
  // and through `wordfit render --json` for a sample.
  @Test func eachCellIsTheRenderOfItsCanvasAndSize() throws {
    var request = PreviewRequest(layout: .words(RenderSpec(text: Self.seed)))
    request.keepsCellImages = true
    let sheet = try PreviewSheet.render(request)
    let renderer = WordStackRenderer()
    for cell in sheet.cells {
      var spec = RenderSpec(text: Self.seed)
      spec.canvas = cell.canvas
      spec.dynamicType = cell.category
      let rendering = try renderer.render(spec)
      #expect(rendering.layout.fit.size == cell.size, "\(cell.name)")
      #expect(rendering.canvas == cell.image, "\(cell.name)")
    }
    for (canvas, category) in [("38mm", "xxxLarge"), ("45mm", "xSmall"), ("49mm", "Large")] {
      let output = TestPaths.temporaryRoot + "/cell-\(canvas)-\(category).png"
      let result = try CommandRunner.wordfit([
        "render", Self.seed, "--canvas", canvas, "--dynamic-type", category, "--json", "-o", output,
      ])
      let report = try #require(
        try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
      let cell = try #require(sheet.cells.first { $0.canvas == canvas && $0.category.rawValue == category })
      #expect(report["size"] as? Double == cell.size, "\(canvas) \(category)")
    }
  }

  @Test func problemsAreMarkedListedAndCanFailTheRun() throws {
    var spec = RenderSpec(text: "Supercalifragilisticexpialidocious Ada")
    spec.minScale = 0.6
    var request = PreviewRequest(layout: .words(spec))
    request.canvases = ["38mm", "390x844"]
    request.categories = [.extraSmall, .extraExtraExtraLarge, .accessibility5]
    let sheet = try PreviewSheet.render(request)
    let watchAX5 = try #require(sheet.cells.first { $0.canvas == "38mm" && $0.category == .accessibility5 })
    #expect(!watchAX5.isAvailable && watchAX5.image == nil)
    let truncated = sheet.cells(with: .truncated).map(\.name)
    #expect(truncated.contains("38mm xSmall") && truncated.contains("390x844 AX5"), "\(truncated)")
    #expect(!truncated.contains("390x844 xSmall"))
    #expect(sheet.summary.contains("of 5 variants truncated: 38mm xSmall"), "\(sheet.summary)")
    // A red frame around a marked cell; none around a clean one.
    let red = (0..<(sheet.image.width * sheet.image.height)).filter {
      sheet.image.pixels[$0 * 3] == 255 && sheet.image.pixels[$0 * 3 + 1] == 69
    }
    #expect(red.count > 1000)

    let directory = try TestPaths.makeTemporaryDirectory()
    let args = [
      "preview", "Supercalifragilistic Ada", "--min-scale", "0.6", "--canvases", "38mm,390x844", "--categories",
      "xSmall,xxxLarge,AX5", "-o", directory + "/sheet.png",
    ]
    let passing = try CommandRunner.wordfit(args)
    #expect(passing.status == 0, "\(passing.standardError)")
    #expect(passing.standardOutput.contains("variants truncated: 38mm xSmall"), "\(passing.standardOutput)")
    let failing = try CommandRunner.wordfit(args + ["--fail-on", "truncated"])
    #expect(failing.status == 1)
    let illegible = try CommandRunner.wordfit(args + ["--fail-on", "illegible", "--min-legible", "40"])
    #expect(illegible.status == 1)
    let legible = try CommandRunner.wordfit(args + ["--fail-on", "illegible", "--min-legible", "4"])
    #expect(legible.status == 0)
    let bad = try CommandRunner.wordfit(args + ["--categories", "huge"])
    #expect(bad.status == 64 && bad.standardError.contains("AX5"), "\(bad.standardError)")
  }

  @Test func jsonAndThePageDescribeEveryVariant() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try CommandRunner.wordfit([
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

  // Issue 22 item 7: by default each cell is dropped once drawn; a cell folder receives each
  // render as it is drawn, the same PNG a kept cell writes.
  @Test func cellsAreDroppedOnceDrawn() throws {
    let folder = try TestPaths.makeTemporaryDirectory()
    var request = PreviewRequest(layout: .words(RenderSpec(text: Self.seed)))
    request.canvases = ["45mm", "41mm"]
    request.categories = [.large, .extraExtraExtraLarge]
    request.cellFolder = folder
    let dropped = try PreviewSheet.render(request)
    #expect(dropped.cells.allSatisfy { $0.image == nil && $0.imageSize.width > 0 })
    request.keepsCellImages = true
    request.cellFolder = nil
    let kept = try PreviewSheet.render(request)
    #expect(kept.image == dropped.image, "the sheet does not depend on keeping the cells")
    for cell in kept.cells {
      let written = try PNGCodec.read(contentsOf: folder + "/" + PreviewSheet.fileName(of: cell)).canvas
      #expect(written.pixels == ImageComparator.rgba(try #require(cell.image)), "\(cell.name)")
    }
  }
}
