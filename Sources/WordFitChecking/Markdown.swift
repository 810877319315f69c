/// Text from users' files (catalog keys, languages, paths) set in Markdown that GitHub renders:
/// a job summary or a pull-request comment.
package enum Markdown {
  /// `text` as an inline code span, safe in a table cell: nothing in it is read as Markdown or
  /// HTML (`<details>`, `<img>`, links, emphasis, headings), autolinked, or ends the cell or the
  /// row. Line breaks (LF, CR, U+0085, U+2028, U+2029) and other controls are written as
  /// escapes (`\n`, `\u{2028}`), a pipe as `\|` (GitHub's tables split cells on it even inside
  /// code), and the fence is one backtick longer than the longest run inside. Empty text is
  /// empty.
  ///
  /// - Complexity: O(*n*) in the text's length.
  package static func code(_ text: String) -> String {
    guard !text.isEmpty else { return "" }
    var body = ""
    var (run, longest) = (0, 0)
    for scalar in text.unicodeScalars {
      run = scalar == "`" ? run + 1 : 0
      longest = Swift.max(longest, run)
      switch scalar {
      case "\n": body += "\\n"
      case "\r": body += "\\r"
      case "\t": body += "\\t"
      case "|": body += "\\|"
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}" {
          body += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
          body.unicodeScalars.append(scalar)
        }
      }
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padding = body.hasPrefix("`") || body.hasSuffix("`") || body.hasPrefix(" ") ? " " : ""
    return fence + padding + body + padding + fence
  }
}
