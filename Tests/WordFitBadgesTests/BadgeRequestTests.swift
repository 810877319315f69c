import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitBadges
@testable import WordFitCore
@testable import WordFitDrawing
@testable import WordFitImage
@testable import WordFitLayout
@testable import WordFitOutput

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

  /// What is asked decides one ``OutputRequest``: its destination and format.
  @Test func theOutputIsDecidedByWhatIsAsked() throws {
    var request = try BadgeRequest(template: try BadgeTemplate.load(contentsOf: Self.template), rows: Self.rows)
    let decide = { (path: String?, pdf: String?, printer: LabelPrinter?) in
      var asked = OutputRequest.Asked(path: path)
      (asked.pdf, asked.printer) = (pdf, printer)
      return try request.output(asked)
    }
    let zpl = LabelPrinter.zpl(dotsPerInch: 300)
    let cases: [(String?, String?, LabelPrinter?, OutputRequest.Destination, OutputFormat)] = [
      (nil, nil, nil, .unnamed, .png),
      ("a.PNG", nil, nil, .file("a.PNG"), .png),
      ("a.webp", nil, nil, .file("a.webp"), .webp),
      ("a.Svg", nil, nil, .file("a.Svg"), .svg),
      ("a.svg", "b.pdf", nil, .file("b.pdf"), .pdf),
      ("-", nil, nil, .standardOutput, .png),
      ("/dev/stdout", nil, nil, .standardOutput, .png),
      (nil, nil, zpl, .standardOutput, .printer(zpl)),
      ("job.zpl", nil, zpl, .file("job.zpl"), .printer(zpl)),
      (nil, nil, .cups(queue: "desk", language: zpl), .queue("desk"), .printer(.cups(queue: "desk", language: zpl))),
    ]
    for (path, pdf, printer, destination, format) in cases {
      let output = try decide(path, pdf, printer)
      #expect(output == OutputRequest(destination: destination, format: format), "\(path ?? "-") \(pdf ?? "")")
    }
    for (path, pdf, printer) in [
      (nil, "-", nil), ("x.zpl", nil, LabelPrinter.cups(queue: "q", language: nil)),
      (nil, "b.pdf", zpl),
    ] as [(String?, String?, LabelPrinter?)] {
      #expect(throws: WordFitError.self, "\(path ?? "") \(pdf ?? "")") { _ = try decide(path, pdf, printer) }
    }
    var json = OutputRequest.Asked(path: "-")
    json.printsJSON = true
    #expect(throws: WordFitError.self, "the image and the JSON on standard output") { _ = try request.output(json) }
    request.bleedMillimetres = 3
    #expect(throws: WordFitError.self) { _ = try decide("a.svg", nil, nil) }
    #expect(throws: WordFitError.self) { _ = try decide(nil, nil, zpl) }
    #expect(try decide("a.png", nil, nil).format == .png)
    #expect(try request.bleedPixels() == request.template.pixels(millimetres: 3))
    request.bleedMillimetres = 21
    #expect(throws: WordFitError.self) { _ = try request.bleedPixels() }
  }

  /// An unnamed output takes the first free default name, or an earlier render of the same
  /// content; a named one keeps its name.
  @Test func anUnnamedOutputIsNamedFromItsContent() throws {
    let directory = try TestPaths.makeTemporaryDirectory(with: ["ada.png": "not a PNG"])
    let base = directory + "/ada"
    let unnamed = try OutputRequest(OutputRequest.Asked(path: nil), inputs: [])
    let first = try unnamed.named(base: base, owner: ("WordFit-Text", "Ada"), inputs: [])
    #expect(first.destination == .defaultName(base + "-2.png"), "ada.png is someone else's")
    #expect(
      try OutputRequest(OutputRequest.Asked(path: "x.png"), inputs: []).named(
        base: base, owner: ("WordFit-Text", "Ada"), inputs: []
      ).destination == .file("x.png"))
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
    let pdf = try request.write(to: OutputRequest(destination: .file(directory + "/b.pdf"), format: .pdf))
    #expect(pdf.regions.map(\.rendering.layout.fit.size) == plain.regions.map(\.rendering.layout.fit.size))
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/b.pdf")).starts(with: Data("%PDF".utf8)))
    request.bleedMillimetres = nil
    _ = try request.write(to: OutputRequest(destination: .file(directory + "/b.svg"), format: .svg))
    #expect(Drawing.isWordFitSVG(atPath: directory + "/b.svg"))
    // Never over one of the template's own files.
    #expect(throws: WordFitError.self) { _ = try request.output(OutputRequest.Asked(path: Self.template)) }
  }
}
