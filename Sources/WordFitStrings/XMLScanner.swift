/// A forward scanner over XML bytes for the subset XLIFF exports use: start and end tags with
/// attributes, text with the five named entities and numeric character references, comments,
/// processing instructions and CDATA. Malformed input ends the scan; nothing is validated.
struct XMLScanner {
  /// One piece of the document.
  enum Token: Equatable {
    case start(String, [String: String])
    case end(String)
    case text(String)
  }

  private let bytes: [UInt8]
  private var index = 0
  /// An element that closed itself (`<a/>`), reported as its end next.
  private var pendingEnd: String? = nil

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The next token, or `nil` at the end (or at malformed markup).
  ///
  /// - Complexity: O(*k*) for a token of *k* bytes.
  mutating func next() -> Token? {
    if let name = pendingEnd {
      pendingEnd = nil
      return .end(name)
    }
    // Comments, processing instructions and declarations are skipped in a loop (not by
    // recursion: a file of a million comments must not exhaust the stack).
    while index < bytes.count, bytes[index] == UInt8(ascii: "<"), !starts(with: "<![CDATA["),
      starts(with: "<!") || starts(with: "<?")
    {
      let marker = starts(with: "<!--") ? "-->" : starts(with: "<?") ? "?>" : ">"
      guard skip(past: marker) else { return nil }
    }
    guard index < bytes.count else { return nil }
    guard bytes[index] == UInt8(ascii: "<") else {
      let start = index
      while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
      return .text(Self.decode(bytes[start..<index]))
    }
    if starts(with: "<![CDATA[") {
      let start = index + 9
      guard skip(past: "]]>") else { return nil }
      return .text(String(decoding: bytes[start..<(index - 3)], as: UTF8.self))
    }
    let tagStart = index + 1
    guard skip(past: ">") else { return nil }
    var tag = Array(bytes[tagStart..<(index - 1)])
    if tag.first == UInt8(ascii: "/") { return .end(Self.name(tag.dropFirst())) }
    let selfClosing = tag.last == UInt8(ascii: "/")
    if selfClosing { tag.removeLast() }
    let name = Self.name(tag[...])
    if selfClosing { pendingEnd = name }
    return .start(name, Self.attributes(tag.dropFirst(name.utf8.count)))
  }

  private func starts(with text: String) -> Bool {
    bytes[index...].starts(with: text.utf8)
  }

  /// Moves past the next `marker`; false when there is none.
  private mutating func skip(past marker: String) -> Bool {
    let pattern = Array(marker.utf8)
    var cursor = index
    while cursor + pattern.count <= bytes.count {
      if bytes[cursor..<(cursor + pattern.count)].elementsEqual(pattern) {
        index = cursor + pattern.count
        return true
      }
      cursor += 1
    }
    index = bytes.count
    return false
  }

  private static func name(_ tag: ArraySlice<UInt8>) -> String {
    String(decoding: tag.prefix { !isSpace($0) && $0 != UInt8(ascii: "/") }, as: UTF8.self)
  }

  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

  /// `name="value"` pairs (single or double quotes).
  private static func attributes(_ text: ArraySlice<UInt8>) -> [String: String] {
    var result: [String: String] = [:]
    var cursor = text.startIndex
    while cursor < text.endIndex {
      while cursor < text.endIndex, isSpace(text[cursor]) { cursor += 1 }
      let nameStart = cursor
      while cursor < text.endIndex, text[cursor] != UInt8(ascii: "="), !isSpace(text[cursor]) { cursor += 1 }
      let name = String(decoding: text[nameStart..<cursor], as: UTF8.self)
      while cursor < text.endIndex, isSpace(text[cursor]) || text[cursor] == UInt8(ascii: "=") { cursor += 1 }
      guard cursor < text.endIndex, text[cursor] == 0x22 || text[cursor] == 0x27 else { break }
      let quote = text[cursor]
      cursor += 1
      let valueStart = cursor
      while cursor < text.endIndex, text[cursor] != quote { cursor += 1 }
      if !name.isEmpty { result[name] = decode(text[valueStart..<cursor]) }
      cursor = Swift.min(text.endIndex, cursor + 1)
    }
    return result
  }

  /// Text with `&lt; &gt; &amp; &quot; &apos;` and `&#N;` / `&#xN;` decoded.
  static func decode(_ raw: ArraySlice<UInt8>) -> String {
    let text = String(decoding: raw, as: UTF8.self)
    guard text.contains("&") else { return text }
    var out = ""
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
      out += rest[..<amp]
      guard let semicolon = rest[amp...].prefix(12).firstIndex(of: ";") else {
        out += rest[amp...]
        return out
      }
      let entity = rest[rest.index(after: amp)..<semicolon]
      switch entity {
      case "lt": out += "<"
      case "gt": out += ">"
      case "amp": out += "&"
      case "quot": out += "\""
      case "apos": out += "'"
      default:
        let number =
          entity.hasPrefix("#x")
          ? UInt32(entity.dropFirst(2), radix: 16)
          : entity.hasPrefix("#") ? UInt32(entity.dropFirst(), radix: 10) : nil
        if let number, let scalar = Unicode.Scalar(number) {
          out.unicodeScalars.append(scalar)
        } else {
          out += rest[amp...semicolon]
        }
      }
      rest = rest[rest.index(after: semicolon)...]
    }
    return out + rest
  }
}
