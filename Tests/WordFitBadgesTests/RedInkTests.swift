import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitBadges
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitOutput

/// Brother's black-and-red roll: a badge's red texts print in red, and the 1-bit check asks
/// whether a text survives in either ink (red on a black band prints; black on black does not).
@Suite struct RedInkTests {
  init() { _ = TestPaths.packageRoot }

  /// A 62 mm tape badge with a black band under a text of `colour`.
  func badge(textColour colour: String, printer: LabelPrinter) throws -> BadgeRendering {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordfit-red-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("red.template.json").path
    let json = """
      { "width": 696, "height": 300, "dpi": 300, "background": "white",
        "bands": [ { "box": [0, 0, 696, 300], "fill": "black" } ],
        "regions": [ { "name": "role", "box": [20, 20, 656, 260], "text": "{role}", "fg": "\(colour)",
          "maxSize": 120, "align": "center" } ] }
      """
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    let template = try BadgeTemplate.load(contentsOf: path, printer: printer)
    return try BadgeRenderer().render(template, fields: ["role": "Speaker"], output: .needed(for: .printer(printer)))
  }

  @Test func redTextOnABlackBandPrintsInRedAndOnlyThere() throws {
    let red = LabelPrinter.brotherQL(model: "QL-820NWB", label: "62red")
    #expect(BadgeOutput.needed(for: .printer(red)) == [.pixels, .oneBit, .redInk])
    let onRed = try badge(textColour: "#ff0000", printer: red)
    let (job, warning) = try onRed.printerJob(on: red, fix: .warn)
    #expect(warning == nil, "red on black prints on a red roll")
    // Every row of the job is a black row (w 01) then a red row (w 02); some red rows have dots.
    let header = job.count - 300 * 2 * 93 - 1
    #expect(job[header..<header + 3] == [0x77, 0x01, 90] && job[header + 93..<header + 96] == [0x77, 0x02, 90])
    let redDots = stride(from: header + 93, to: job.count - 1, by: 186).reduce(0) { sum, start in
      sum + job[start + 3..<start + 93].reduce(0) { $0 + $1.nonzeroBitCount }
    }
    #expect(redDots > 1_000, "the text's dots are red: \(redDots)")
    // On a black-only roll the same badge's text is lost in the band, and said to be.
    let mono = LabelPrinter.brotherQL(model: "QL-820NWB", label: "62")
    let onBlack = try badge(textColour: "#ff0000", printer: mono)
    #expect(try onBlack.printerJob(on: mono, fix: .warn).warning?.contains("role") == true)
    // Black text on the band is lost on the red roll too.
    let black = try badge(textColour: "black", printer: red)
    #expect(try black.printerJob(on: red, fix: .warn).warning?.contains("role") == true)
  }

  @Test func onlyTheQL800SeriesTakesTheRedRoll() throws {
    #expect(try LabelPrinter.parse("brother-ql:QL-820NWB:62:red") == .brotherQL(model: "QL-820NWB", label: "62red"))
    #expect(try LabelPrinter.parse("brother-ql:QL-800:62RED") == .brotherQL(model: "QL-800", label: "62red"))
    #expect(LabelPrinter.brotherQL(model: "QL-800", label: "62red").inks == .blackAndRed)
    #expect(LabelPrinter.brotherQL(model: "QL-800", label: "62").inks == .black)
    for bad in ["brother-ql:QL-700:62red", "brother-ql:QL-1110NWB:62:red", "brother-ql:QL-820NWB:29:red"] {
      let error = #expect(throws: WordFitError.self, "\(bad)") { try LabelPrinter.parse(bad) }
      #expect(error?.message.contains("a label") == true, "\(String(describing: error))")
    }
  }
}
