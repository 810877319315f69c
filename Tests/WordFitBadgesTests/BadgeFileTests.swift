import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitBadges
@testable import WordFitCore
@testable import WordFitDrawing
@testable import WordFitImage
@testable import WordFitLayout
@testable import WordFitOutput

/// A badge's file in each format, answered in one place (`BadgeRendering.file(in:)`): what the
/// badge renders for it, and the bytes each format's own path makes.
@Suite struct BadgeFileTests {
  init() { _ = TestPaths.packageRoot }

  static let template = TestPaths.fixtures + "/badges/badge.template.json"
  static let fields = ["given": "Ada", "family": "Lovelace", "company": "Analytical Engines", "role": "Speaker"]

  /// The badge rendered for `format` (for a printer, its template drawn at the printer's dpi).
  func badge(for format: OutputFormat) throws -> BadgeRendering {
    let template =
      if case .printer(let printer) = format {
        try BadgeTemplate.load(contentsOf: Self.template, printer: printer)
      } else {
        try BadgeTemplate.load(contentsOf: Self.template)
      }
    return try BadgeRenderer().render(template, fields: Self.fields, output: .needed(for: format))
  }

  @Test func eachFormatRendersWhatItNeeds() {
    #expect(BadgeOutput.needed(for: .png) == .pixels)
    #expect(BadgeOutput.needed(for: .webp) == .pixels)
    #expect(BadgeOutput.needed(for: .printer(.zpl(dotsPerInch: nil))) == [.pixels, .oneBit])
    #expect(BadgeOutput.needed(for: .svg) == .drawing)
    #expect(BadgeOutput.needed(for: .pdf) == .drawing)
  }

  @Test func eachFormatsFileIsWhatItsOwnPathMakes() throws {
    var png = try badge(for: .png)
    #expect(try png.file(in: .png) == (try png.pngData()))
    var webp = try badge(for: .webp)
    let decoded = try WebPImageEncoder.decode(try webp.file(in: .webp))
    #expect(decoded.rgba == ImageComparator.rgba(png.canvas), "the same pixels")
    let printer = LabelPrinter.zpl(dotsPerInch: 203)
    var zpl = try badge(for: .printer(printer))
    #expect(try zpl.file(in: .printer(printer)) == (try zpl.printerJob(on: printer, fix: .warn).job))
    var svg = try badge(for: .svg)
    let drawing = try #require(svg.drawing)
    #expect(try svg.file(in: .svg, bleed: 12) == (try drawing.withBleed(12).svg()))
    #expect(throws: WordFitError.self, "a PDF is a document's page") { try svg.file(in: .pdf) }
    #expect(throws: WordFitError.self, "no drawing was rendered for pixels") { try png.file(in: .svg) }
  }
}
