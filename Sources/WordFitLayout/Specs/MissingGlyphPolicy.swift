import WordFitCore

/// What a render does when some character is drawn as a box because no font has it.
public enum MissingGlyphPolicy: String, Sendable, Codable, CaseIterable {
  /// Draw the box and warn, naming the characters (exit status 0).
  case warn
  /// Fail the render (exit status 65), naming the characters; in a batch, the row fails.
  case fail
}

extension MissingGlyphPolicy {
  /// Under ``fail``, throws when `missing` is not empty.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` naming the characters no font has.
  func check(_ missing: [Unicode.Scalar]) throws {
    guard self == .fail, !missing.isEmpty else { return }
    let names = missing.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
    throw WordFitError(
      .invalidData,
      "no font available has \(names.joined(separator: " ")); install a font that covers them, or name one as a fallback",
      reason: .malformed(.text, value: names.joined(separator: " "), expected: "characters a font has"))
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
