import Foundation
import WordFitCore

/// Xcode's older localization files, read into a ``StringCatalog``: `.strings` (`"key" =
/// "value";`, UTF-8 or UTF-16 with a byte-order mark, C escapes and `\U` code points, `/* */`
/// and `//` comments) and `.stringsdict` (a property list of plural rules,
/// `NSStringPluralRuleType`, and device rules, `NSStringDeviceSpecificRuleType`), one language per
/// `LANGUAGE.lproj` folder.
enum LegacyStrings {
  /// `.strings` text's entries, in file order.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` naming the line that is malformed.
  /// - Complexity: O(*n*) in the text's length.
  static func entries(_ bytes: [UInt8], source: String) throws -> [(key: String, value: String)] {
    let text = try decode(bytes, source: source)
    var scanner = Scanner(Array(text.unicodeScalars))
    var entries: [(String, String)] = []
    while true {
      scanner.skipSpaceAndComments()
      guard !scanner.isAtEnd else { return entries }
      guard let key = scanner.quotedOrBare() else { throw malformed(source, scanner, "a quoted key") }
      scanner.skipSpaceAndComments()
      var value = key
      if scanner.consume("=") {
        scanner.skipSpaceAndComments()
        guard let read = scanner.quotedOrBare() else { throw malformed(source, scanner, "a quoted value") }
        value = read
        scanner.skipSpaceAndComments()
      }
      guard scanner.consume(";") else { throw malformed(source, scanner, "';' after the entry") }
      entries.append((key, value))
    }
  }

  private static func decode(_ bytes: [UInt8], source: String) throws -> String {
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      let big = bytes[0] == 0xFE
      var units: [UInt16] = []
      var index = 2
      while index + 1 < bytes.count {
        let (a, b) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
        units.append(big ? a << 8 | b : b << 8 | a)
        index += 2
      }
      return String(decoding: units, as: UTF16.self)
    }
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    guard let text = String(validating: body, as: UTF8.self) else {
      throw WordFitError(.invalidData, "\(source) is neither UTF-8 nor UTF-16 with a byte-order mark", input: source)
    }
    return text
  }

  private static func malformed(_ source: String, _ scanner: Scanner, _ expected: String) -> WordFitError {
    WordFitError(
      .invalidData, "\(source):\(scanner.line): expected \(expected); fix the file or export it again from Xcode",
      input: source)
  }

  /// A cursor over the text's scalars.
  private struct Scanner {
    let scalars: [Unicode.Scalar]
    var index = 0
    var line = 1

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var isAtEnd: Bool { index >= scalars.count }

    mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
      guard !isAtEnd, scalars[index] == scalar else { return false }
      index += 1
      return true
    }

    mutating func skipSpaceAndComments() {
      while !isAtEnd {
        let scalar = scalars[index]
        if scalar.properties.isWhitespace {
          if scalar == "\n" { line += 1 }
          index += 1
        } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
          index += 2
          while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") {
            if scalars[index] == "\n" { line += 1 }
            index += 1
          }
          index = Swift.min(scalars.count, index + 2)
        } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
          while !isAtEnd, scalars[index] != "\n" { index += 1 }
        } else {
          return
        }
      }
    }

    /// A `"quoted"` string with its escapes decoded, or a bare word of letters, digits and `_.-`.
    mutating func quotedOrBare() -> String? {
      guard !isAtEnd else { return nil }
      guard consume("\"") else {
        var word = String.UnicodeScalarView()
        while !isAtEnd,
          scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index])
            || "_.-".unicodeScalars.contains(scalars[index])
        {
          word.append(scalars[index])
          index += 1
        }
        return word.isEmpty ? nil : String(word)
      }
      var out = String.UnicodeScalarView()
      while !isAtEnd {
        let scalar = scalars[index]
        index += 1
        if scalar == "\"" { return String(out) }
        if scalar == "\n" { line += 1 }
        guard scalar == "\\", !isAtEnd else {
          out.append(scalar)
          continue
        }
        let escaped = scalars[index]
        index += 1
        switch escaped {
        case "n": out.append("\n")
        case "t": out.append("\t")
        case "r": out.append("\r")
        case "U", "u":
          let digits = String(String.UnicodeScalarView(scalars[index..<Swift.min(scalars.count, index + 4)]))
          if digits.count == 4, let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) {
            out.append(decoded)
            index += 4
          } else {
            out.append(escaped)
          }
        default: out.append(escaped)
        }
      }
      return nil
    }
  }
}
