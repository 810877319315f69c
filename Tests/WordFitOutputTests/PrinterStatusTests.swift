import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitOutput

/// A label printer's status before a job: Brother QL's 32 bytes read as brother-ql-next reads
/// them (every pattern of `Tests/WordFitOutputTests/Inputs/brother-status.json`), Zebra's `~HS` flags, and
/// what a status means for the badge's label.
@Suite struct PrinterStatusTests {
  struct Case: Decodable {
    var reply: String
    var errors: [String]
    var model: String
    var mediaType: String
    var mediaWidth: Int
    var mediaLength: Int
  }

  struct Oracle: Decodable { var cases: [Case] }

  static func bytes(_ hex: String) -> [UInt8] {
    stride(from: 0, to: hex.count, by: 2).map {
      let start = hex.index(hex.startIndex, offsetBy: $0)
      return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16) ?? 0
    }
  }

  @Test func brotherRepliesAreReadAsBrotherQLNextReadsThem() throws {
    let data = try Data(
      contentsOf: URL(fileURLWithPath: TestPaths.packageRoot + "/Tests/WordFitOutputTests/Inputs/brother-status.json"))
    let oracle = try JSONDecoder().decode(Oracle.self, from: data)
    #expect(oracle.cases.count >= 40)
    for expected in oracle.cases {
      let status = try PrinterStatus.brotherQL(Self.bytes(expected.reply))
      #expect(status.errors == expected.errors, "\(expected.reply)")
      #expect(status.model == expected.model && status.mediaType == expected.mediaType, "\(expected.reply)")
      #expect(status.mediaWidth == expected.mediaWidth && status.mediaLength == expected.mediaLength)
    }
    #expect(throws: WordFitError.self) { try PrinterStatus.brotherQL([0x80, 0x20, 0x42]) }
    #expect(throws: WordFitError.self) { try PrinterStatus.brotherQL([UInt8](repeating: 0, count: 32)) }
  }

  /// `~HS` as the ZPL II Programming Guide gives it: three strings, each STX … ETX CR LF.
  static func hostStatus(paperOut: Bool = false, paused: Bool = false, headUp: Bool = false, ribbonOut: Bool = false)
    -> [UInt8]
  {
    let one = "030,\(paperOut ? 1 : 0),\(paused ? 1 : 0),1245,000,0,0,0,000,0,0,0"
    let two = "000,0,\(headUp ? 1 : 0),\(ribbonOut ? 1 : 0),1,2,6,0,00000000,1,000"
    return Array("\u{02}\(one)\u{03}\r\n\u{02}\(two)\u{03}\r\n\u{02}1234,0\u{03}\r\n".utf8)
  }

  @Test func zplHostStatusFlagsAreNamed() throws {
    #expect(try PrinterStatus.zpl(Self.hostStatus()).errors.isEmpty)
    #expect(try PrinterStatus.zpl(Self.hostStatus(paperOut: true)).errors == ["paper out"])
    #expect(try PrinterStatus.zpl(Self.hostStatus(paused: true, headUp: true)).errors == ["paused", "head open"])
    #expect(try PrinterStatus.zpl(Self.hostStatus(ribbonOut: true)).errors == ["ribbon out"])
    #expect(throws: WordFitError.self) { try PrinterStatus.zpl(Array("garbage".utf8)) }
    #expect(PrinterStatus.isComplete(Self.hostStatus(), for: .zpl(dotsPerInch: nil)))
    #expect(!PrinterStatus.isComplete(Array(Self.hostStatus().prefix(40)), for: .zpl(dotsPerInch: nil)))
  }

  @Test func aBrotherStatusIsCheckedAgainstTheBadgesLabel() throws {
    let printer = LabelPrinter.brotherQL(model: "QL-820NWB", label: "62x100")
    var status = PrinterStatus(model: "QL-820NWB", mediaWidth: 62, mediaLength: 100, mediaType: "Die-cut labels")
    #expect(status.problems(for: printer).isEmpty)
    status.mediaWidth = 29
    #expect(status.problems(for: printer) == ["it holds 29 mm tape, the badge needs 62 mm"])
    (status.mediaWidth, status.mediaType, status.mediaLength) = (62, "Continuous length tape", 0)
    #expect(status.problems(for: printer) == ["it holds continuous tape, the badge is drawn for 62x100 die-cut labels"])
    (status.mediaType, status.mediaLength) = ("Die-cut labels", 29)
    #expect(status.problems(for: printer) == ["it holds 62x29 mm labels, the badge needs 62x100"])
    status.errors = ["Cover opened while printing (Except QL-500)"]
    #expect(status.problems(for: printer).first == "Cover opened while printing (Except QL-500)")
    let endless = LabelPrinter.brotherQL(model: "QL-820NWB", label: "62")
    let tape = PrinterStatus(mediaWidth: 62, mediaLength: 0, mediaType: "Continuous length tape")
    #expect(tape.problems(for: endless).isEmpty)
  }
}
