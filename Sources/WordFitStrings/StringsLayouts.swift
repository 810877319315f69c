import Foundation
import WordFitCore
import WordFitLayout

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How each catalog key is laid out (`wordfit-strings.json` beside the catalog): a default layout
/// — any `render` spec key — and overrides by exact key or glob (`fnmatch`: `*`, `?`, `[…]`),
/// applied in the file's order, an exact key last.
///
/// ```json
/// { "default": { "style": "body", "layout": "wrap", "lineLimit": 2 },
///   "keys": { "title.*": { "style": "headline" }, "Start workout": { "layout": "line" } } }
/// ```
///
/// Keys shown together as buttons are a `stacks` group: laid out as one equal-width stack
/// (`wordfit stack`, any stack key but `labels`), a label per key:
///
/// ```json
/// { "stacks": [{ "keys": ["Start", "Pause", "End"], "stylePreset": "bordered" }] }
/// ```
///
/// Without a file: ``defaultLayout`` — `body`, regular, `wrap`, `lineLimit` 2, `minScale` 0.8.
public struct StringsLayouts: Sendable {
  /// Keys laid out together as one stack of boxes, a label per key.
  public struct StackGroup: Sendable {
    /// The keys, top to bottom.
    public var keys: [String]
    /// The stack's keys (JSON), without `labels`.
    fileprivate var object: Data
  }

  /// The layout keys a stack takes from `default`: the font and how it is drawn, not the
  /// text's layout (a box's label is one line unless the group says otherwise).
  static let inheritedByStacks: Set<String> = [
    "font", "faceIndex", "fallback", "hinting", "strictFont", "missingGlyphs", "fontScale", "shape", "appearance",
  ]

  /// The layout every key starts from, as spec keys (JSON).
  public static let defaultLayout =
    #"{"style": "body", "layout": "wrap", "lineLimit": 2, "minScale": 0.8}"#

  /// The file name looked for beside a catalog.
  public static let fileName = "wordfit-strings.json"

  /// The default layout and each override, as JSON objects.
  private let base: Data
  private let overrides: [(pattern: String, keys: Data)]
  private let source: String
  /// The stacks, in the file's order; no key is in two.
  public private(set) var stacks: [StackGroup] = []

  /// The built-in default and no overrides.
  public init() {
    (base, overrides, source) = (Data(Self.defaultLayout.utf8), [], "the default layout")
  }

  /// Reads a layouts file.
  ///
  /// - Throws: ``WordFitError`` `.missingInput`, or `.invalidData` naming what is malformed.
  public init(contentsOf path: String) throws {
    let data = Data(try InputFile.read(path, role: "strings layout file", limit: 1 << 20))
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw WordFitError(
        .invalidData, "\(path) is not a JSON object; see the README's \"String catalogs\"", input: path)
    }
    let unknown = Set(root.keys).subtracting(["default", "keys", "stacks"])
    guard unknown.isEmpty else {
      throw WordFitError(
        .invalidData, "\(path): unknown key '\(unknown.sorted()[0])'; known keys: default, keys, stacks",
        input: path)
    }
    var base = Self.object(Data(Self.defaultLayout.utf8))
    for (key, value) in root["default"] as? [String: Any] ?? [:] { base[key] = value }
    let keys = root["keys"] as? [String: Any] ?? [:]
    // Globs first (in name order), exact keys last, so the most specific wins.
    let ordered = keys.keys.sorted { (Self.isGlob($0) ? 0 : 1, $0) < (Self.isGlob($1) ? 0 : 1, $1) }
    overrides = try ordered.map { pattern in
      (pattern, try JSONSerialization.data(withJSONObject: keys[pattern] as? [String: Any] ?? [:]))
    }
    self.base = try JSONSerialization.data(withJSONObject: base)
    source = path
    _ = try spec(forKey: "", text: "x")  // the default itself must be a valid spec
    stacks = try Self.stackGroups(root["stacks"], inheriting: base, path: path)
    for group in stacks { _ = try stackSpec(group, labels: group.keys.map { _ in "x" }) }
  }

  /// The `stacks` array: each an object with a non-empty `keys` list, no key in two groups.
  private static func stackGroups(_ value: Any?, inheriting base: [String: Any], path: String) throws -> [StackGroup] {
    guard let value else { return [] }
    let malformed = WordFitError(
      .invalidData,
      "\(path): \"stacks\" must be a list of objects, each with \"keys\": [\"KEY\", …] and any stack key but labels",
      input: path)
    guard let list = value as? [[String: Any]] else { throw malformed }
    var seen: Set<String> = []
    return try list.map { group in
      guard let keys = group["keys"] as? [String], !keys.isEmpty, group["labels"] == nil else { throw malformed }
      if let twice = keys.first(where: { !seen.insert($0).inserted }) {
        throw WordFitError(.invalidData, "\(path): key \"\(twice)\" is in two stacks; give each key one", input: path)
      }
      var object = base.filter { inheritedByStacks.contains($0.key) }
      for (name, value) in group where name != "keys" { object[name] = value }
      return StackGroup(keys: keys, object: try JSONSerialization.data(withJSONObject: object))
    }
  }

  /// The stack spec of `group` showing `labels` (a label per key).
  ///
  /// - Throws: ``WordFitError`` `.invalidData` naming the malformed stack key.
  public func stackSpec(_ group: StackGroup, labels: [String]) throws -> StackSpec {
    var object = Self.object(group.object)
    object["labels"] = labels
    let data = try JSONSerialization.data(withJSONObject: object)
    return try SpecDecoding.decode(
      StackSpec.self, from: data, source: "\(source) for the stack of \"\(group.keys.joined(separator: "\", \""))\"")
  }

  /// The render spec for `key`, laying out `text`.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` naming the malformed layout key.
  public func spec(forKey key: String, text: String) throws -> RenderSpec {
    var object = Self.object(base)
    for (pattern, keys) in overrides where Self.matches(pattern, key) {
      for (name, value) in Self.object(keys) { object[name] = value }
    }
    object["text"] = text
    let data = try JSONSerialization.data(withJSONObject: object)
    return try SpecDecoding.decode(RenderSpec.self, from: data, source: "\(source) for \"\(key)\"")
  }

  private static func object(_ data: Data) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
  }

  private static func isGlob(_ pattern: String) -> Bool { pattern.contains { "*?[".contains($0) } }

  private static func matches(_ pattern: String, _ key: String) -> Bool {
    isGlob(pattern) ? fnmatch(pattern, key, 0) == 0 : pattern == key
  }
}
