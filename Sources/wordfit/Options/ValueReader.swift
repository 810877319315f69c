import Foundation
import WordFit

/// How an option's text becomes a value; errors name the flag and what it takes.
struct ValueReader<Value>: Sendable {
  /// Reads `text` given to the option `flag` (`--jobs`).
  var read: @Sendable (_ text: String, _ flag: String) throws -> Value
}

extension ValueReader where Value == String {
  /// The text as it is.
  static var string: ValueReader { ValueReader { text, _ in text } }
}

extension ValueReader where Value == Int {
  /// A whole number in `range`.
  static func integer(in range: ClosedRange<Int> = Int.min...Int.max) -> ValueReader {
    ValueReader { text, flag in
      guard let number = Int(text) else { throw WordFitError(.usage, "\(flag) takes a whole number, not '\(text)'") }
      guard range.contains(number) else {
        throw WordFitError(.usage, "\(flag) \(number) is out of range; use \(range.lowerBound)…\(range.upperBound)")
      }
      return number
    }
  }
}

extension ValueReader where Value == Double {
  /// A finite number.
  static var number: ValueReader {
    ValueReader { text, flag in
      guard let number = Double(text), number.isFinite else {
        throw WordFitError(.usage, "\(flag) takes a number, not '\(text)'")
      }
      return number
    }
  }
}

extension ValueReader where Value == [Int] {
  /// Whole pixels separated by commas (`8`, `4,12`, `1,2,3,4`).
  static var pixels: ValueReader {
    ValueReader { text, flag in
      let values = text.split(separator: ",", omittingEmptySubsequences: false).map {
        Int($0.trimmingCharacters(in: .whitespaces))
      }
      guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else {
        throw WordFitError(
          .usage,
          "\(flag) takes whole pixels separated by commas (PX, V,H or TOP,LEADING,BOTTOM,TRAILING), not '\(text)'")
      }
      return values.compactMap { $0 }
    }
  }
}

extension ValueReader where Value == [String] {
  /// Values separated by commas, trimmed.
  static var list: ValueReader {
    ValueReader { text, _ in
      text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }
  }
}

extension ValueReader
where Value: RawRepresentable & CaseIterable & Sendable, Value.AllCases: Sendable, Value.RawValue == String {
  /// One of the enumeration's raw values, case-insensitive.
  static var choice: ValueReader {
    ValueReader { text, flag in
      if let match = Value.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) { return match }
      let valid = Value.allCases.map(\.rawValue).joined(separator: ", ")
      throw WordFitError(.usage, "\(flag) takes one of \(valid), not '\(text)'")
    }
  }
}

extension ValueReader {
  /// A value parsed by a library function that throws ``WordFitError`` (its message is kept).
  static func parsed(_ parse: @escaping @Sendable (String) throws -> Value) -> ValueReader {
    ValueReader { text, _ in try parse(text) }
  }
}

extension ValueReader where Value == LabelPrinter {
  /// A printer language: `zpl` or `zpl:DPI`.
  static var printer: ValueReader { ValueReader { text, _ in try LabelPrinter.parse(text) } }
}
