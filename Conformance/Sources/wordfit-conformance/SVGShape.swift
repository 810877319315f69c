import Foundation

/// The parts of a text-rendering-tests SVG the suite compares, in document order: the
/// `viewBox`, each `<symbol>` (its id and its path) and each `<use>` (what it points to, `x`,
/// `y`). Read with patterns: the SVGs are the suite's own narrow format.
struct SVGShape {
  enum Element: Equatable {
    case symbol(id: String, path: [String])
    case use(href: String, x: Double, y: Double)
  }

  var viewBox: [Double]
  var elements: [Element]

  init?(_ svg: String) {
    guard let box = Self.attribute("viewBox", in: svg) else { return nil }
    viewBox = box.split(separator: " ").compactMap { Double($0) }
    var elements: [Element] = []
    guard
      let pattern = try? NSRegularExpression(
        pattern: #"<symbol\b([^>]*)>\s*<path\b([^>]*?)/?>\s*</symbol>|<use\b([^>]*?)/?>"#)
    else { return nil }
    let text = svg as NSString
    for match in pattern.matches(in: svg, range: NSRange(location: 0, length: text.length)) {
      if match.range(at: 1).location != NSNotFound {
        let (head, path) = (text.substring(with: match.range(at: 1)), text.substring(with: match.range(at: 2)))
        guard let id = Self.attribute("id", in: head), let d = Self.attribute("d", in: path) else { return nil }
        elements.append(.symbol(id: id, path: Self.simplified(d)))
      } else {
        let use = text.substring(with: match.range(at: 3))
        guard let href = Self.attribute("href", in: use) else { return nil }
        let number = { (name: String) in Self.attribute(name, in: use).flatMap(Double.init) ?? 0 }
        elements.append(.use(href: href, x: number("x"), y: number("y")))
      }
    }
    // Empty paths are dropped, with the uses that point to them (as the suite normalises).
    let empty = Set(elements.compactMap { if case .symbol(let id, let path) = $0, path.isEmpty { id } else { nil } })
    self.elements = elements.filter {
      switch $0 {
      case .symbol(let id, _): !empty.contains(id)
      case .use(let href, _, _): !empty.contains(String(href.dropFirst()))
      }
    }
  }

  /// Whether `other` draws the same within 1.0 in every number.
  func isSimilar(to other: SVGShape) -> Bool {
    guard viewBox.count == other.viewBox.count, zip(viewBox, other.viewBox).allSatisfy({ abs($0 - $1) <= 1 }),
      elements.count == other.elements.count
    else { return false }
    for (a, b) in zip(elements, other.elements) {
      switch (a, b) {
      case (.symbol(let id, let path), .symbol(let otherID, let otherPath)):
        guard id == otherID, path.count == otherPath.count else { return false }
        for (x, y) in zip(path, otherPath) {
          if let p = Double(x), let q = Double(y) {
            guard abs(p - q) <= 1 else { return false }
          } else if x != y {
            return false
          }
        }
      case (.use(let href, let x, let y), .use(let otherHref, let otherX, let otherY)):
        guard href == otherHref, abs(x - otherX) <= 1, abs(y - otherY) <= 1 else { return false }
      default: return false
      }
    }
    return true
  }

  static func attribute(_ name: String, in text: String) -> String? {
    guard
      let range = text.range(of: #"(^|[\s:])\#(name)="([^"]*)""#, options: .regularExpression)
    else { return nil }
    let found = text[range]
    guard let open = found.firstIndex(of: "\"") else { return nil }
    return String(found[found.index(after: open)..<found.index(before: found.endIndex)])
  }

  /// A path's commands and numbers, with subpaths of only moves dropped.
  static func simplified(_ d: String) -> [String] {
    var tokens: [String] = []
    var number = ""
    for character in d {
      if character.isNumber || character == "." || character == "e" || character == "E"
        || ((character == "-" || character == "+") && (number.isEmpty || number.last == "e"))
      {
        number.append(character)
      } else if character == "-" || character == "+" {
        tokens.append(number)
        number = String(character)
      } else {
        if !number.isEmpty { tokens.append(number) }
        number = ""
        if character.isLetter { tokens.append(String(character)) }
      }
    }
    if !number.isEmpty { tokens.append(number) }
    var result: [String] = []
    var subpath: [String] = []
    for token in tokens {
      subpath.append(token)
      if token == "Z" || token == "z" {
        if subpath.contains(where: { "LlHhVvCcSsQqTtAa".contains($0) }) { result += subpath }
        subpath = []
      }
    }
    return result + subpath
  }
}
