import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitBadges
@testable import WordFitBatch
@testable import WordFitCore
@testable import WordFitDrawing
@testable import WordFitLayout
@testable import WordFitOutput

/// `BatchOptions.imageFormat = .svg` (`batch --format svg`), in process: an SVG per row from
/// the same drawing as the PNG, the same fits, and the same safety rules for files in the way.
@Suite struct SVGBatchTests {
  static let csv = "id,name\n7,Ada Lovelace\n8,Grace Hopper\n9,Katherine Johnson\n"

  func run(_ format: OutputFormat, in directory: String, out: String = "out") throws -> (
    BatchSummary, [BatchRowReport]
  ) {
    var options = BatchOptions(
      input: directory + "/in.csv", outputDirectory: directory + "/" + out, spec: .init(text: ""))
    options.imageFormat = format
    var reports: [BatchRowReport] = []
    let summary = try BatchRunner(options: options).run(report: { reports.append($0) })
    return (summary, reports)
  }

  @Test func eachRowIsAnSVGOfTheSameFitAsItsPNG() throws {
    let directory = try TestPaths.makeTemporaryDirectory(with: ["in.csv": Self.csv])
    let (svgSummary, svgRows) = try run(.svg, in: directory, out: "svg")
    let (_, pngRows) = try run(.png, in: directory, out: "png")
    #expect(svgSummary.written == 3)
    #expect(svgRows.map(\.file) == ["7-ada-lovelace.svg", "8-grace-hopper.svg", "9-katherine-johnson.svg"])
    #expect(svgRows.map(\.size) == pngRows.map(\.size))
    #expect(svgRows.map(\.limit) == pngRows.map(\.limit))
    for row in svgRows {
      let text = try String(contentsOfFile: directory + "/svg/" + (row.file ?? ""), encoding: .utf8)
      #expect(text.hasPrefix("<?xml"))
      #expect(Drawing.isWordFitSVG(atPath: directory + "/svg/" + (row.file ?? "")))
      // The text is kept for search: each word of the row in the document.
      for word in (row.text ?? "").split(separator: " ") { #expect(text.contains(String(word))) }
    }
  }

  @Test func aRerunReplacesItsOwnSVGsButNotAnotherFile() throws {
    let directory = try TestPaths.makeTemporaryDirectory(with: ["in.csv": Self.csv])
    _ = try run(.svg, in: directory)
    let (again, _) = try run(.svg, in: directory)
    #expect(again.written == 3 && again.stoppingError == nil)
    // A designer's SVG under a row's name is never replaced: the row fails and says why.
    let foreign = #"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>"#
    try foreign.write(toFile: directory + "/out/8-grace-hopper.svg", atomically: true, encoding: .utf8)
    let (third, rows) = try run(.svg, in: directory)
    #expect(third.failed == 1)
    #expect(rows[1].error?.contains("exists and WordFit did not write it") == true)
    #expect(try String(contentsOfFile: directory + "/out/8-grace-hopper.svg", encoding: .utf8) == foreign)
  }

  @Test func aContactSheetIsRefusedBeforeAnyRow() throws {
    let directory = try TestPaths.makeTemporaryDirectory(with: ["in.csv": Self.csv])
    var options = BatchOptions(input: directory + "/in.csv", outputDirectory: directory + "/out", spec: .init(text: ""))
    options.imageFormat = .svg
    options.contactSheetPath = directory + "/sheet.png"
    #expect(throws: WordFitError.self) { try BatchRunner(options: options) }
    #expect(!FileManager.default.fileExists(atPath: directory + "/out"))
  }

  @Test func bleedGrowsTheSVGAndCarriesEdgeFillsToTheNewEdge() throws {
    var drawing = Drawing(width: 100, height: 50, background: .white)
    drawing.marks = [
      .fill(PixelBox(minX: 0, minY: 0, maxX: 100, maxY: 10), .black),
      .fill(PixelBox(minX: 20, minY: 20, maxX: 30, maxY: 30), .black),
    ]
    let bled = drawing.withBleed(6)
    #expect((bled.width, bled.height) == (112, 62))
    guard case .fill(let band, _) = bled.marks[0], case .fill(let inner, _) = bled.marks[1] else {
      Issue.record("the marks changed kind")
      return
    }
    #expect(band == PixelBox(minX: 0, minY: 0, maxX: 112, maxY: 16))
    #expect(inner == PixelBox(minX: 26, minY: 26, maxX: 36, maxY: 36))
  }
}
