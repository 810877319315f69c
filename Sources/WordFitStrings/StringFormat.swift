import Foundation

/// Fills printf-style format specifiers the way a watch would show a sample: numbers with the
/// plural sample (or 3), strings with a short name, `%%` with `%`; `%#@NAME@` substitutions are
/// left for ``StringVariant`` expansion; `%arg` (a substitution's number) takes the number.
enum StringFormat {
  /// A specifier: `%`, an optional `N$`, flags, width, precision, length and conversion.
  private static let specifier = try? NSRegularExpression(
    pattern: #"%#@[A-Za-z0-9_]+@|%(?:\d+\$)?[-+ #0']*\d*(?:\.\d+)?(?:hh|h|ll|l|q|L|z|t|j)?([diouxXeEfFgGaAcCsSp@])|%%"#)

  /// `text` with every specifier filled: integers and floats with `number` (or 3), `%@`/`%s`
  /// with "Alex", `%c` with "A".
  ///
  /// - Complexity: O(*n*) in the text's length.
  static func filled(_ text: String, number: String?) -> String {
    guard text.contains("%"), let specifier else { return text }
    // A substitution's own number is written `%arg` in catalogs.
    let text = text.replacingOccurrences(of: "%arg", with: number ?? "3")
    let range = NSRange(text.startIndex..., in: text)
    var result = ""
    var last = text.startIndex
    for match in specifier.matches(in: text, range: range) {
      guard let whole = Range(match.range, in: text) else { continue }
      result += text[last..<whole.lowerBound]
      last = whole.upperBound
      if text[whole] == "%%" {
        result += "%"
        continue
      }
      if text[whole].hasPrefix("%#@") {
        result += text[whole]  // a substitution, expanded by StringVariant
        continue
      }
      let conversion = Range(match.range(at: 1), in: text).map { text[$0] } ?? ""
      switch conversion {
      case "@", "s", "S": result += "Alex"
      case "c", "C": result += "A"
      default: result += number ?? "3"
      }
    }
    return result + text[last...]
  }
}
