/// How WordFit writes numbers and characters in messages, reports and PNG text chunks.
public enum TextFormatting {
  /// A size or length in pixels: whole numbers without decimals (`72`), others as Swift prints
  /// them (`71.953125`; sizes on the 1/64 grid print exactly).
  public static func pixels(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  /// A Unicode code point as `U+XXXX` (at least four hex digits, upper case).
  public static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
  }
}

extension TextFormatting {
  /// A byte count in the largest binary unit that divides it (`4 MiB`, `64 KiB`, `100 bytes`).
  public static func bytes(_ count: Int) -> String {
    if count >= 1 << 30, count % (1 << 30) == 0 { return "\(count >> 30) GiB" }
    if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
    if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
    return "\(count) bytes"
  }

  /// `text` as a message quotes it: at most `limit` characters, cut with "…" (a 100 KB value
  /// named in full would bury the line).
  ///
  /// - Complexity: O(`limit`).
  public static func excerpt(_ text: String, limit: Int = 60) -> String {
    guard text.utf8.count > limit, text.count > limit else { return text }
    return String(text.prefix(limit - 1)) + "…"
  }

  /// `text` safe in XML character data and attribute values (JUnit reports, SVG): `&`, `<`,
  /// `>` and `"` escaped, tab, line feed and carriage return as character references, and the
  /// characters XML 1.0 cannot hold (other C0 controls, U+FFFE, U+FFFF) as U+FFFD.
  ///
  /// - Complexity: O(*n*) in the text's scalars.
  package static func xmlEscaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "\n": out += "&#10;"
      case "\t", "\r": out += "&#\(scalar.value);"
      default:
        let value = scalar.value
        let allowed = value >= 0x20 && !(0xFFFE...0xFFFF).contains(value)
        out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
      }
    }
    return out
  }
}
