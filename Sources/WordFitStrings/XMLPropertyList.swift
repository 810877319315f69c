/// An XML property list (`.stringsdict`) read with ``XMLScanner``: `dict`, `array`, `string`,
/// `key`, `integer`, `real`, `true`, `false`. Binary property lists are not read (Xcode keeps
/// `.stringsdict` sources as XML). Foundation's `PropertyListSerialization` is not used: it
/// leaks an error object on every malformed input.
enum XMLPropertyList {
  /// The document's root value (`[String: Any]`, `[Any]`, `String`, `Int`, `Double`, `Bool`),
  /// or `nil` when it is not an XML property list.
  ///
  /// - Complexity: O(*n*) in the document's length; nesting deeper than 64 levels is refused.
  static func parse(_ bytes: [UInt8]) -> Any? {
    var scanner = XMLScanner(bytes)
    var stack: [Container] = []
    var root: Any? = nil
    var text = ""
    var sawPlist = false
    while let token = scanner.next() {
      switch token {
      case .start(let name, _):
        text = ""
        if name == "plist" { sawPlist = true }
        if name == "dict" || name == "array" {
          guard stack.count < 64 else { return nil }
          stack.append(Container(isDictionary: name == "dict"))
        }
      case .text(let piece):
        text += piece
      case .end(let name):
        let value: Any?
        switch name {
        case "dict", "array":
          guard let done = stack.popLast() else { return nil }
          value = done.isDictionary ? done.dictionary : done.array
        case "key":
          stack.indices.last.map { stack[$0].pendingKey = text }
          value = nil
        case "string": value = text
        case "integer": value = Int(text.trimmingCharacters(in: .whitespaces))
        case "real": value = Double(text.trimmingCharacters(in: .whitespaces))
        case "true": value = true
        case "false": value = false
        default: value = nil
        }
        text = ""
        guard let value else { continue }
        if stack.isEmpty {
          root = root ?? value
        } else {
          stack[stack.count - 1].add(value)
        }
      }
    }
    return sawPlist ? root : nil
  }

  /// A dictionary or array being read.
  private struct Container {
    let isDictionary: Bool
    var dictionary: [String: Any] = [:]
    var array: [Any] = []
    var pendingKey: String? = nil

    mutating func add(_ value: Any) {
      if isDictionary {
        if let key = pendingKey { dictionary[key] = value }
        pendingKey = nil
      } else {
        array.append(value)
      }
    }
  }
}
