import Foundation
import Testing

@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitOutput

/// ZPL II labels as the ZPL II Programming Guide's ZB64 chapter gives them; the CRC checked
/// against the catalogue value and against ^GF fields taken from public ZPL that Zebra's tools
/// wrote (not made by WordFit). scripts/zpl-decode.py decodes whole labels independently.
@Suite struct ZPLLabelTests {
  @Test func theCRCIsXMODEMOverTheBase64Text() {
    #expect(ZPLLabel.crc16(Array("123456789".utf8)) == 0x31C3, "CRC-16/XMODEM's check value")
    for (field, crc) in [
      ("eJw7b/P5PG0RAwONLQDbAQB3sYGX", 0xEB2D),
      ("eJxjYBjBoACN/gChGB9A6QMQmhlGN0BodijND9XGB6XloLQNlLaA0hWDyhoYDQEAihAQIA==", 0x2B9F),
      ("eJxjYBgFo2AUjIJRMAroD+r/UwJ+DLj+oQ4Apse6rw==", 0xF18F),
    ] {
      #expect(ZPLLabel.crc16(Array(field.utf8)) == UInt16(crc), "\(field)")
    }
  }

  @Test func aLabelIsOneGraphicFieldOfTheBadgesSize() throws {
    let canvas = try #require(Canvas(width: 10, height: 3, format: .grey, pixels: [UInt8](repeating: 0, count: 30)))
    let text = String(decoding: ZPLLabel.label(MonochromeBitmap(canvas)), as: UTF8.self)
    #expect(text.hasPrefix("^XA\n^FXWordFit label^FS\n^PW10\n^LL3\n^LH0,0\n^FO0,0^GFA,6,6,2,:Z64:"), "\(text)")
    #expect(text.hasSuffix("^FS\n^XZ\n"))
    #expect(ZPLLabel.isWordFitLabel(Array(text.utf8.prefix(64))))
    // The field's CRC is its base64 text's; the base64 decodes to a zlib stream (header 0x78).
    let field = try #require(text.split(separator: ":").dropFirst(2).first)
    let crc = try #require(text.split(separator: ":").dropFirst(3).first?.prefix(4))
    #expect(String(format: "%04X", ZPLLabel.crc16(Array(field.utf8))) == crc)
    #expect(Data(base64Encoded: String(field))?.first == 0x78)
  }

  @Test func thePrinterTakesOnlyItsOwnResolution() throws {
    #expect(try LabelPrinter.parse("zpl") == .zpl(dotsPerInch: nil))
    #expect(try LabelPrinter.parse("ZPL:203") == .zpl(dotsPerInch: 203))
    for bad in ["zpl:204", "zpl:", "epl", "zpl:300dpi"] {
      #expect(throws: WordFitError.self) { try LabelPrinter.parse(bad) }
    }
    try LabelPrinter.zpl(dotsPerInch: nil).check(dotsPerInch: 300, width: 10, height: 10)
    try LabelPrinter.zpl(dotsPerInch: 600).check(dotsPerInch: 600, width: 10, height: 10)
    for (printer, dpi) in [
      (LabelPrinter.zpl(dotsPerInch: nil), 150.0), (.zpl(dotsPerInch: 203), 300), (.zpl(dotsPerInch: nil), 300.5),
    ] {
      let error = #expect(throws: WordFitError.self) { try printer.check(dotsPerInch: dpi, width: 10, height: 10) }
      #expect(error?.message.contains("set the template's \"dpi\"") == true)
    }
  }
}
