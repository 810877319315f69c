/// Text templates such as `{first_name} {last_name}`: literals and column references.
enum BadgeText {
  /// The column names a template refers to, in order.
  static func columns(in template: String) -> [String] {
    var names: [String] = []
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      names.append(String(rest[rest.index(after: open)..<close]).trimmingCharacters(in: .whitespaces))
      rest = rest[rest.index(after: close)...]
    }
    return names
  }

  /// The template with each `{column}` replaced by the row's value (columns matched ignoring
  /// case; `fields` keys are lower-cased), white space runs collapsed.
  static func fill(_ template: String, with fields: [String: String]) -> String {
    var result = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      result += rest[..<open]
      let name = String(rest[rest.index(after: open)..<close]).trimmingCharacters(in: .whitespaces).lowercased()
      result += fields[name] ?? ""
      rest = rest[rest.index(after: close)...]
    }
    result += rest
    return result.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
