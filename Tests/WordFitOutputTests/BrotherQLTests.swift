import Testing

@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitOutput

/// Brother QL raster: the command stream's frame for a known dot, and what a printer and label
/// refuse. scripts/brother-ql-test.sh compares whole jobs with brother-ql-next's, byte for byte.
@Suite struct BrotherQLTests {
  @Test func printersAndLabelsAreNamedAsBrotherNamesThem() throws {
    #expect(try LabelPrinter.parse("brother-ql:QL-820NWB:62x100") == .brotherQL(model: "QL-820NWB", label: "62x100"))
    #expect(try LabelPrinter.parse("brother-ql:ql-700:62X29") == .brotherQL(model: "QL-700", label: "62x29"))
    for (text, message) in [
      ("brother-ql:QL-9:62", "QL-700, QL-710W"), ("brother-ql:QL-820NWB:102x51", "a label QL-820NWB takes: 29, 38"),
      ("brother-ql:QL-820NWB", "brother-ql:MODEL:LABEL"), ("dymo", "brother-ql:MODEL:LABEL"),
    ] {
      let error = #expect(throws: WordFitError.self) { try LabelPrinter.parse(text) }
      #expect(error?.message.contains(message) == true, "\(text): \(String(describing: error))")
    }
    #expect(try LabelPrinter.parse("brother-ql:QL-1110NWB:102x51") == .brotherQL(model: "QL-1110NWB", label: "102x51"))
  }

  @Test func aBadgeMustBeTheLabelsPrintableSizeAt300Dpi() throws {
    let printer = LabelPrinter.brotherQL(model: "QL-820NWB", label: "62x100")
    try printer.check(dotsPerInch: 300, width: 696, height: 1109)
    try printer.check(dotsPerInch: 300, width: 1109, height: 696)  // turned, as Brother's tools do
    for (dpi, width, height, message) in [
      (203.0, 696, 1109, "print at 300 dpi"), (300, 700, 1109, "make the template 58.9x93.9 mm at 300 dpi"),
    ] {
      let error = #expect(throws: WordFitError.self) {
        try printer.check(dotsPerInch: dpi, width: width, height: height)
      }
      #expect(error?.kind == .usage && error?.message.contains(message) == true, "\(String(describing: error))")
    }
    let tape = LabelPrinter.brotherQL(model: "QL-700", label: "62")
    try tape.check(dotsPerInch: 300, width: 696, height: 300)
    #expect(throws: WordFitError.self) { try tape.check(dotsPerInch: 300, width: 696, height: 100) }
    #expect(throws: WordFitError.self) { try tape.check(dotsPerInch: 300, width: 945, height: 300) }
  }

  @Test func oneDotFramedAsTheRasterReferenceGivesIt() throws {
    // 62 mm tape on a QL-700 (no mode switch, 200 bytes cleared), 150 rows, one black dot at the
    // badge's top-left: the head is 720 dots, the label 12 from its right edge, so the badge's
    // left column is head dot 720 - 12 - 696 = 12, mirrored to 707: byte 88, bit 0x10.
    var pixels = [UInt8](repeating: 255, count: 696 * 150)
    pixels[0] = 0
    let canvas = try #require(Canvas(width: 696, height: 150, format: .grey, pixels: pixels))
    let job = try LabelPrinter.brotherQL(model: "QL-700", label: "62").job(for: canvas, dotsPerInch: 300)
    let header: [UInt8] =
      [UInt8](repeating: 0, count: 200) + [0x1B, 0x40, 0x1B, 0x69, 0x53]
      + [0x1B, 0x69, 0x7A, 0xCE, 0x0A, 62, 0, 150, 0, 0, 0, 0, 0]
      + [0x1B, 0x69, 0x4D, 0x40, 0x1B, 0x69, 0x41, 0x01, 0x1B, 0x69, 0x4B, 0x08, 0x1B, 0x69, 0x64, 35, 0]
    #expect(Array(job.prefix(header.count)) == header)
    #expect(job.count == header.count + 150 * 93 + 1 && job.last == 0x1A)
    let firstRow = Array(job[header.count..<header.count + 93])
    #expect(firstRow.prefix(3) == [0x67, 0x00, 90])
    #expect(
      firstRow[3 + 88] == 0x10
        && firstRow.enumerated().filter { $0.offset != 91 && $0.offset > 2 }.allSatisfy { $0.element == 0 })
    #expect(
      job[header.count + 93..<header.count + 2 * 93].dropFirst(3).allSatisfy { $0 == 0 }, "the second row is white")
    // A QL-820NWB switches to raster mode first and clears 400 bytes.
    let switching = try LabelPrinter.brotherQL(model: "QL-820NWB", label: "62").job(for: canvas, dotsPerInch: 300)
    #expect(
      Array(switching.prefix(4)) == [0x1B, 0x69, 0x61, 0x01] && switching[404...407] == [0x1B, 0x40, 0x1B, 0x69])
    #expect(LabelPrinter.isOwnJob(Array(job.prefix(512))) && LabelPrinter.isOwnJob(Array(switching.prefix(512))))
    #expect(
      !LabelPrinter.isOwnJob([0x89, 0x50, 0x4E, 0x47])
        && !LabelPrinter.isOwnJob([UInt8](repeating: 0, count: 200) + [0x41]))
  }
}

/// `cups:QUEUE[:LANGUAGE]`: which queue, and which bytes it is handed. scripts/cups-test.sh
/// prints through a real cupsd.
@Suite struct CUPSPrinterTests {
  @Test func aQueueTakesAPDFOrALanguageRaw() throws {
    #expect(try LabelPrinter.parse("cups:desk") == .cups(queue: "desk", language: nil))
    #expect(try LabelPrinter.parse("cups:desk:zpl:300") == .cups(queue: "desk", language: .zpl(dotsPerInch: 300)))
    #expect(
      try LabelPrinter.parse("cups:QL:brother-ql:QL-820NWB:62")
        == .cups(queue: "QL", language: .brotherQL(model: "QL-820NWB", label: "62")))
    for bad in ["cups:", "cups:a b", "cups:a/b", "cups:desk:cups:other", "cups:desk:epl"] {
      #expect(throws: WordFitError.self, "\(bad)") { try LabelPrinter.parse(bad) }
    }
    // A raw queue is checked as its language is; a PDF queue takes any badge.
    #expect(throws: WordFitError.self) {
      try LabelPrinter.parse("cups:desk:zpl:203").check(dotsPerInch: 300, width: 10, height: 10)
    }
    try LabelPrinter.parse("cups:desk").check(dotsPerInch: 150, width: 10, height: 10)
  }
}
