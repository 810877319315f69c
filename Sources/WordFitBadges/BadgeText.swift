import WordFitCore

/// Text templates such as `{first_name} {last_name}`: literals and column references; a
/// reference may name alternatives, `{given|family}`, the first with a value taking its place.
package enum BadgeText {
  /// The column names a template refers to (every alternative), in order.
  package static func columns(in template: String) -> [String] {
    references(in: template).flatMap { $0 }
  }

  /// Each `{…}` of the template as its alternatives (trimmed).
  static func references(in template: String) -> [[String]] {
    var names: [[String]] = []
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      names.append(
        rest[rest.index(after: open)..<close].split(separator: "|", omittingEmptySubsequences: false).map {
          $0.trimmingCharacters(in: .whitespaces)
        })
      rest = rest[rest.index(after: close)...]
    }
    return names
  }

  /// The template with each `{column}` replaced by the row's value (columns matched ignoring
  /// case; `fields` keys are lower-cased; of alternatives, the first that is not blank), white
  /// space runs collapsed to one space as `render` splits words — no-break spaces kept.
  static func fill(_ template: String, with fields: [String: String]) -> String {
    TextSegmentation.joinedWords(of: fillVerbatim(template, with: fields))
  }

  /// A column name or value as a look-up key: without spaces or tabs at its ends, lower-cased.
  /// ASCII without either at its ends (nearly every name and value) skips Foundation's
  /// `trimmingCharacters`, which costs more than the look-up it serves (found by `perf` on a
  /// template batch: 3% of the workers' time).
  static func key(_ text: String) -> String { key(Substring(text)) }

  /// ``key(_:)-(String)`` of a part of a string.
  static func key(_ text: Substring) -> String {
    let utf8 = text.utf8
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
    if let first = utf8.first, let last = utf8.last, !isSpace(first), !isSpace(last), utf8.allSatisfy({ $0 < 0x80 }) {
      return text.lowercased()
    }
    return text.trimmingCharacters(in: .whitespaces).lowercased()
  }

  /// ``fill(_:with:)`` without touching white space (QR data: a ticket secret as it is).
  static func fillVerbatim(_ template: String, with fields: [String: String]) -> String {
    var result = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      result += rest[..<open]
      let alternatives = rest[rest.index(after: open)..<close].split(separator: "|", omittingEmptySubsequences: false)
      result +=
        alternatives.lazy.compactMap { fields[key($0)] }
        .first { !TextSegmentation.isBlank($0) } ?? ""
      rest = rest[rest.index(after: close)...]
    }
    result += rest
    return result
  }
}
