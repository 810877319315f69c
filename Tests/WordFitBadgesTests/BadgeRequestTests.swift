import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitBadges
@testable import WordFitCore
@testable import WordFitDrawing
@testable import WordFitImage
@testable import WordFitLayout

/// `BadgeRequest` (`render --template … --row …`), in process: rows read and checked against
/// the template, the output decided by what is asked, the bleed checked, the badge written.
@Suite struct BadgeRequestTests {
  init() { _ = TestPaths.packageRoot }

  static let template = TestPaths.fixtures + "/badges/badge.template.json"
  static let rows = ["given=Aimée", "company=Northwind", "role=Speaker"]

  @Test func rowsAreReadAndEveryColumnTheTemplateUsesIsGiven() throws {
    let template = try BadgeTemplate.load(contentsOf: Self.template)
    let request = try BadgeRequest(template: template, rows: Self.rows + ["Given=Ada", "note=a=b"])
    #expect(request.fields["given"] == "Ada", "a later row for a column wins, case-insensitively")
    #expect(request.fields["note"] == "a=b", "only the first = splits")
    for (rows, expected) in [(["given"], "takes COLUMN=VALUE"), (["=x"], "takes COLUMN=VALUE"), ([], "column {")] {
      #expect {
        _ = try BadgeRequest(template: template, rows: rows)
      } throws: { error in
        (error as? WordFitError)?.kind == .usage && "\((error as? WordFitError)?.text ?? "")".contains(expected)
      }
    }
  }

  @Test func theOutputIsDecidedByWhatIsAsked() throws {
    var request = try BadgeRequest(template: try BadgeTemplate.load(contentsOf: Self.template), rows: Self.rows)
    #expect(try request.output(path: nil, pdf: nil) == .png)
    #expect(try request.output(path: "a.PNG", pdf: nil) == .png)
    #expect(try request.output(path: "a.Svg", pdf: nil) == .svg("a.Svg"))
    #expect(try request.output(path: "a.svg", pdf: "b.pdf") == .pdf("b.pdf"))
    #expect(throws: WordFitError.self) { _ = try request.output(path: nil, pdf: "-") }
    request.bleedMillimetres = 3
    #expect(throws: WordFitError.self) { _ = try request.output(path: "a.svg", pdf: nil) }
    #expect(try request.bleedPixels() == request.template.pixels(millimetres: 3))
    request.bleedMillimetres = 21
    #expect(throws: WordFitError.self) { _ = try request.bleedPixels() }
  }

  @Test func theBadgeIsWrittenAsPixelsAnSVGOrAPDF() throws {
    let directory = try TestPaths.makeTemporaryDirectory(with: [:])
    var request = try BadgeRequest(template: try BadgeTemplate.load(contentsOf: Self.template), rows: Self.rows)
    let plain = try request.render()
    request.bleedMillimetres = 2
    let bled = try request.render()
    let bleed = request.template.pixels(millimetres: 2)
    #expect(
      bled.canvas.width == plain.canvas.width + 2 * bleed && bled.canvas.height == plain.canvas.height + 2 * bleed)
    let pdf = try request.write(to: .pdf(directory + "/b.pdf"))
    #expect(pdf.regions.map(\.rendering.layout.fit.size) == plain.regions.map(\.rendering.layout.fit.size))
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/b.pdf")).starts(with: Data("%PDF".utf8)))
    request.bleedMillimetres = nil
    _ = try request.write(to: .svg(directory + "/b.svg"))
    #expect(Drawing.isWordFitSVG(atPath: directory + "/b.svg"))
    // Never over one of the template's own files.
    #expect(throws: WordFitError.self) { _ = try request.write(to: .svg(Self.template)) }
  }
}
