import Foundation
import WordFit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Writing to standard output and standard error.
enum Console {
  /// Writes one line to standard output: always one line, whatever names, keys and values it
  /// quotes. A catalog key `"a\n::error::x"` printed raw would become a line of its own, which
  /// GitHub Actions runs as a workflow command; so every control, newlines included, is escaped.
  static func out(_ line: String) {
    write(inert(escapingControls(line, keepingNewlines: false)), toError: false)
  }

  /// Writes one of WordFit's own GitHub Actions workflow commands (`::error file=…::…`, built
  /// by ``GitHubAnnotation``, which escapes what it quotes): the only line allowed to start
  /// with `::`.
  static func command(_ line: String) {
    write(escapingControls(line, keepingNewlines: false), toError: false)
  }

  /// Writes text of several lines to standard output (help, the manual, JSON documents, whose
  /// strings are escaped by the encoder): control characters but newlines escaped.
  static func outText(_ text: String) {
    write(inert(escapingControls(text, keepingNewlines: true)), toError: false)
  }

  /// Writes a line to standard error: always one line, whatever names and values it quotes.
  static func error(_ line: String) {
    write(inert(escapingControls(line, keepingNewlines: false)), toError: true)
  }

  /// Writes text of several lines (help) to standard error, control characters but newlines
  /// escaped.
  static func errorText(_ text: String) {
    write(inert(escapingControls(text, keepingNewlines: true)), toError: true)
  }

  /// `text` with every line that a CI runner would read as a command made inert: GitHub Actions
  /// runs a line of standard output or error that starts, after white space, with `::`
  /// (`::stop-commands::`, `::add-mask::`, `::error::` …) or with the older `##[`. A catalog
  /// key or a case name could start a table line so; such a line starts with a word joiner
  /// (U+2060, invisible, and not white space) instead. WordFit's own commands go through
  /// ``command(_:)``.
  static func inert(_ text: String) -> String {
    guard text.contains("::") || text.contains("##[") else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      let start = line.drop { $0.isWhitespace }
      return start.hasPrefix("::") || start.hasPrefix("##[") ? "\u{2060}" + line : String(line)
    }.joined(separator: "\n")
  }

  /// `text` with every control character a terminal would act on written as an escape: `\n`,
  /// `\r`, `\t`, `\e` (ESC), `\xHH` for the other C0 controls and DEL, `\u{HHHH}` for C1
  /// controls and the line and paragraph separators. File names, CSV cells and template keys
  /// come from users' files; printed raw, an ESC sequence could retitle or clear the terminal.
  static func escapingControls(_ text: String, keepingNewlines: Bool) -> String {
    guard text.unicodeScalars.contains(where: { needsEscape($0) && !(keepingNewlines && $0 == "\n") }) else {
      return text
    }
    var escaped = ""
    for scalar in text.unicodeScalars {
      guard needsEscape(scalar), !(keepingNewlines && scalar == "\n") else {
        escaped.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      case "\u{1B}": escaped += "\\e"
      default:
        escaped +=
          scalar.value < 0x80
          ? "\\x" + String(format: "%02x", scalar.value)
          : "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return escaped
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
  }

  /// The command-line arguments after the program name, rejecting any that are not UTF-8.
  ///
  /// Swift's `CommandLine.arguments` silently repairs invalid bytes; WordFit refuses them instead,
  /// so a mangled name is never rendered.
  static func arguments() throws(WordFitError) -> [String] {
    var result: [String] = []
    for index in 1..<Int(CommandLine.argc) {
      guard let pointer = CommandLine.unsafeArgv[index] else { continue }
      let bytes = UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) }
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw WordFitError(.invalidData, "argument \(index) is not valid UTF-8; pass text encoded as UTF-8")
      }
      result.append(text)
    }
    return result
  }
}
