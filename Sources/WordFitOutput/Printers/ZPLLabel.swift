import Foundation
import WordFitImage

/// A label in Zebra's ZPL II: the badge as one graphic field (`^GF`), its bitmap compressed the
/// way the ZPL II Programming Guide's "ZB64 Encoding and Compression" gives it — `:Z64:`, the
/// base64 of a zlib stream, then `:` and the CRC-16 of that base64 text — so a 300 dpi badge
/// goes to the printer in a few kilobytes instead of the half-megabyte of ASCII hex.
public enum ZPLLabel {
  /// The dot densities Zebra's print heads come in (6, 8, 12 and 24 dots a millimetre).
  public static let dotsPerInch = [152, 203, 300, 600]

  /// One label: `^XA`, its width (`^PW`) and length (`^LL`) in dots, the bitmap at the top-left
  /// corner, `^XZ`.
  ///
  /// - Complexity: O(*w* × *h*).
  public static func label(_ bitmap: MonochromeBitmap) -> [UInt8] {
    let total = bitmap.bits.count
    var text = "^XA\n" + signature + "\n^PW\(bitmap.width)\n^LL\(bitmap.height)\n^LH0,0\n"
    text += "^FO0,0^GFA,\(total),\(total),\(bitmap.bytesPerRow),\(z64(bitmap.bits))^FS\n^XZ\n"
    return Array(text.utf8)
  }

  /// The comment (`^FX`, which printers ignore) that marks a label WordFit wrote, so a rerun
  /// may replace it.
  static let signature = "^FXWordFit label^FS"

  /// Whether `leadingBytes` (a file's first 64 bytes) begin a label WordFit wrote.
  public static func isWordFitLabel(_ leadingBytes: [UInt8]) -> Bool {
    leadingBytes.starts(with: Array(("^XA\n" + signature).utf8))
  }

  /// `:Z64:BASE64:CRC` for `bytes`.
  public static func z64(_ bytes: [UInt8]) -> String {
    let encoded = Data(Zlib.compress(bytes)).base64EncodedString()
    return ":Z64:" + encoded + ":" + hex(crc16(Array(encoded.utf8)))
  }

  /// CRC-16/XMODEM (polynomial 0x1021, initial 0, not reflected), the CRC printers check a
  /// ZB64 field's base64 text against.
  ///
  /// - Complexity: O(*n*).
  public static func crc16(_ bytes: [UInt8]) -> UInt16 {
    var crc: UInt16 = 0
    for byte in bytes {
      crc ^= UInt16(byte) << 8
      for _ in 0..<8 { crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x1021 : crc << 1 }
    }
    return crc
  }

  private static func hex(_ value: UInt16) -> String {
    let digits = Array("0123456789ABCDEF")
    return String((0..<4).map { digits[Int(value >> UInt16(12 - 4 * $0)) & 0xF] })
  }
}
