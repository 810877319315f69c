import Foundation
import Testing
import WordFitGoldenSupport
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitLayout
@testable import WordFitOutput
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

  /// Wear OS as Wear (issue 58 item 5): a sheet of Wear OS screens has one column a font scale
  /// (Android Studio's six), never Dynamic Type; its cells say sp; the text is centred and in
  /// Roboto; the size grows with the scale.
  @Test func aWearSheetIsCaptionedByFontScaleInSp() throws {
    var battery = RenderSpec(text: "Battery optimisation enabled")
    (battery.style, battery.layout) = (.body, .wrap)
    var request = PreviewRequest(layout: .words(battery))
    request.canvases = ["wear-small", "wear-large"]
    request.keepsCellImages = true
    let sheet = try PreviewSheet.render(request)
    #expect(
      request.columns.map(\.title) == PreviewRequest.wearFontScales.map { "font scale ×\(TextFormatting.pixels($0))" })
    #expect(sheet.cells.count == 12 && sheet.cells.allSatisfy { $0.isAvailable && $0.pointUnit == "sp" })
    let small = sheet.cells.filter { $0.canvas == "wear-small" }.map(\.size)
    #expect(small == small.sorted() && small[0] < small[5], "\(small)")
    var apple = request
    apple.canvases = ["45mm", "wear-small"]
    #expect(apple.columns.count == ContentSizeCategory.watchCategories.count, "a mixed sheet keeps Dynamic Type")
    var reply = RenderSpec(text: "Reply")
    reply.canvas = "wear-small"
    let laidOut = try WordStackRenderer().layOut(reply)
    #expect(laidOut.resolved.alignment == .center && laidOut.cascade.primary.familyName == "Roboto")
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

  // Each cell is exactly what a render of that canvas and size gives, for all 60 (the command's
  // `render --json` agrees: `PreviewCommandTests`).
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
  }

  /// A curved layout previews on the round screens by default; on another screen its cell says
  /// why it is empty.
  @Test func aCurvedLayoutPreviewsOnRoundScreens() throws {
    var spec = RenderSpec(text: Self.seed)
    spec.layout = .curved
    var request = PreviewRequest(layout: .words(spec))
    #expect(request.canvases == ["wear-small", "wear-large"])
    request.canvases = ["45mm", "wear-large"]
    request.categories = [.large]
    let sheet = try PreviewSheet.render(request)
    #expect(sheet.cells.map(\.isAvailable) == [false, true])
    #expect(sheet.cells[0].unavailableReason == "not a round screen")
    var single = spec
    single.canvas = "wear-large"
    #expect(sheet.cells[1].size == (try WordStackRenderer().render(single).layout.fit.size))
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

/// A preview page's images through the output seam: with ``PreviewRequest/imageFormat`` WebP,
/// each cell and the sheet are lossless WebPs of the same pixels, and the page links them.
@Suite struct PreviewPageFormatTests {
  @Test func aPagesImagesTakeTheSheetsPixelFormat() throws {
    let folder = try TestPaths.makeTemporaryDirectory()
    var request = PreviewRequest(layout: .words(RenderSpec(text: "Aimée Bethany Charles")))
    (request.canvases, request.categories) = (["45mm"], [.large, .extraExtraExtraLarge])
    request.cellFolder = folder + "/cells"
    try FileManager.default.createDirectory(atPath: folder + "/cells", withIntermediateDirectories: true)
    request.imageFormat = .webp
    request.keepsCellImages = true
    let sheet = try PreviewSheet.render(request)
    try sheet.writePage(to: folder, title: "t")
    let page = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
    #expect(page.contains(#"href="sheet.webp""#) && !page.contains(".png"), "the page links the WebPs only")
    for cell in sheet.cells {
      let path = folder + "/" + PreviewSheet.file(of: cell, format: .webp)
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      #expect(bytes.starts(with: Array("RIFF".utf8)) && bytes[8..<12].elementsEqual(Array("WEBP".utf8)), "\(path)")
      #expect(OutputFormat.webp.isWordFitFile(atPath: path))
      let decoded = try WebPImageEncoder.decode(bytes)
      #expect(decoded.rgba == ImageComparator.rgba(try #require(cell.image)), "lossless: \(cell.name)")
    }
    #expect(FileManager.default.fileExists(atPath: folder + "/sheet.webp"))
    #expect(
      PreviewSheet.pixelFormat(.svg) == .png && PreviewSheet.pixelFormat(.printer(.zpl(dotsPerInch: nil))) == .png)
  }
}
