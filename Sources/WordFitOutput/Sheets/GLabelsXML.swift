/// Reads gLabels' template XML: a flat list of elements whose attributes say everything
/// (`<Template brand part size>`, `<Label-rectangle width height>`, `<Layout nx ny x0 y0 dx dy>`),
/// so a scanner of start tags and their attributes is all it takes.
enum GLabelsXML {
  /// A start tag: its name and attributes (entities decoded).
  struct Tag {
    var name: String
    var attributes: [String: String]
  }

  /// The start (and empty-element) tags of `text`, in order; comments and declarations skipped.
  ///
  /// - Complexity: O(*n*) in the text's length.
  static func tags(in text: String) -> [Tag] {
    var tags: [Tag] = []
    let bytes = Array(text.utf8)
    var index = 0
    while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
      if bytes[open...].starts(with: Array("<!--".utf8)) {
        index = find(Array("-->".utf8), in: bytes, from: open) ?? bytes.count
        continue
      }
      var end = open + 1
      var quote: UInt8? = nil
      while end < bytes.count, quote != nil || bytes[end] != UInt8(ascii: ">") {
        if bytes[end] == UInt8(ascii: "\"") || bytes[end] == UInt8(ascii: "'") {
          quote = quote == nil ? bytes[end] : (quote == bytes[end] ? nil : quote)
        }
        end += 1
      }
      if let tag = parseTag(bytes[(open + 1)..<end]) { tags.append(tag) }
      index = Swift.min(bytes.count, end + 1)
    }
    return tags
  }

  private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    while index + needle.count <= bytes.count {
      if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index + needle.count }
      index += 1
    }
    return nil
  }

  /// A tag's name and attributes from the bytes between `<` and `>`; `nil` for end tags,
  /// declarations and processing instructions.
  private static func parseTag(_ body: ArraySlice<UInt8>) -> Tag? {
    guard let first = body.first, first != UInt8(ascii: "/"), first != UInt8(ascii: "?"), first != UInt8(ascii: "!")
    else { return nil }
    let text = String(decoding: body, as: UTF8.self)
    let name = String(text.prefix { !$0.isWhitespace && $0 != "/" })
    var attributes: [String: String] = [:]
    var rest = Substring(text.dropFirst(name.count))
    while let equals = rest.firstIndex(of: "=") {
      let key = rest[..<equals].trimmingCharacters(in: .whitespaces)
      var after = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
      guard let quote = after.first, quote == "\"" || quote == "'" else { break }
      after = after.dropFirst()
      guard let close = after.firstIndex(of: quote) else { break }
      attributes[key] = decodeEntities(String(after[..<close]))
      rest = after[after.index(after: close)...]
    }
    return Tag(name: name, attributes: attributes)
  }

  private static func decodeEntities(_ value: String) -> String {
    guard value.contains("&") else { return value }
    return value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&")
  }

  /// A length in mm from gLabels' units (`mm`, `cm`, `in`, `pt`, `pc`; points when bare).
  static func millimetres(_ text: String?) -> Double? {
    guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
    let units: [(String, Double)] = [("mm", 1), ("cm", 10), ("in", 25.4), ("pt", 25.4 / 72), ("pc", 25.4 / 6)]
    for (suffix, factor) in units where text.hasSuffix(suffix) {
      return Double(text.dropLast(suffix.count)).map { $0 * factor }
    }
    return Double(text).map { $0 * 25.4 / 72 }
  }

  /// Paper sizes by id (`A4`, `US-Letter`, …), in mm.
  static func paperSizes(_ text: String) -> [String: (width: Double, height: Double)] {
    var sizes: [String: (width: Double, height: Double)] = [:]
    for tag in tags(in: text) where tag.name == "Paper-size" {
      if let id = tag.attributes["id"], let width = millimetres(tag.attributes["width"]),
        let height = millimetres(tag.attributes["height"])
      {
        sizes[id] = (width, height)
      }
    }
    return sizes
  }
}
