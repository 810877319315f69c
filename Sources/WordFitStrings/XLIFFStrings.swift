import Foundation
import WordFitCore

/// Xcode's XLIFF 1.2 export (`LANGUAGE.xliff`, or the `.xcloc` folder holding it) read into a
/// ``StringCatalog``: each `<trans-unit>`'s `<target>` (its `<source>` when there is none) under
/// the `<file>`'s `target-language`. Variations are flattened into ids as Xcode writes them —
/// `KEY|==|device.applewatch`, `KEY|==|plural.one`, `KEY|==|substitutions.NAME.plural.one`,
/// nested with dots — and are put back together here.
///
/// Read by a small scanner of its own (elements, attributes, text, the five entities and
/// numeric references, comments, CDATA), not an XML library: Xcode's exports use nothing more,
/// and the product links no XML library.
enum XLIFFStrings {
  /// Reads the XLIFF files at `path` (a file, an `.xcloc` folder, or a folder of them).
  ///
  /// - Throws: ``WordFitError`` `.invalidData` when a file is not XLIFF, `.missingInput` when
  ///   there is none.
  static func catalog(at path: String, sourceLanguage: String) throws -> StringCatalog {
    let files = xliffFiles(at: path)
    guard !files.isEmpty else {
      throw WordFitError(
        .missingInput, "no .xliff file at \(path); export one from Xcode (Product > Export Localizations)", input: path)
    }
    var byKey: [String: [String: StringCatalog.Unit]] = [:]
    var source = sourceLanguage
    for file in files {
      let data = try InputFile.read(file, role: "XLIFF file", limit: StringCatalog.maximumBytes)
      let document = texts(of: data)
      guard let language = document.language else {
        throw WordFitError(.invalidData, "\(file) is not an XLIFF 1.2 file with a target-language", input: file)
      }
      source = document.source ?? source
      for (key, paths) in document.texts { byKey[key, default: [:]][language] = unit(paths) }
    }
    let entries = byKey.keys.sorted().map {
      StringCatalog.Entry(key: $0, extractionState: nil, shouldTranslate: true, localizations: byKey[$0] ?? [:])
    }
    return StringCatalog(sourceLanguage: source, entries: entries)
  }

  /// One XLIFF document's texts by key and variation path, its target language (`nil` when it
  /// has none) and source language.
  ///
  /// - Complexity: O(*n*) in the document's length.
  static func texts(of bytes: [UInt8]) -> (language: String?, source: String?, texts: [String: [String: String]]) {
    var scanner = XMLScanner(bytes)
    var (language, source): (String?, String?) = (nil, nil)
    var texts: [String: [String: String]] = [:]
    var id: String? = nil
    var (sourceText, targetText): (String, String?) = ("", nil)
    var inside = ""
    while let token = scanner.next() {
      switch token {
      case .start(let name, let attributes):
        switch name {
        case "file":
          language = attributes["target-language"] ?? language
          source = attributes["source-language"] ?? source
        case "trans-unit": (id, sourceText, targetText) = (attributes["id"], "", nil)
        case "target": targetText = ""
        default: break
        }
        if name == "source" || name == "target" { inside = name }
      case .text(let text):
        if inside == "source", id != nil { sourceText += text }
        if inside == "target", targetText != nil { targetText? += text }
      case .end(let name):
        if name == "source" || name == "target" { inside = "" }
        if name == "trans-unit", let unitID = id {
          let parts = unitID.components(separatedBy: "|==|")
          texts[parts[0], default: [:]][parts.count > 1 ? parts[1] : ""] = targetText ?? sourceText
          id = nil
        }
      }
    }
    return (language, source, texts)
  }

  private static func xliffFiles(at path: String) -> [String] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
    guard isFolder.boolValue else { return path.hasSuffix(".xliff") ? [path] : [] }
    let all = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
    return all.filter { $0.hasSuffix(".xliff") }.sorted().map { (path as NSString).appendingPathComponent($0) }
  }

  /// A key's texts by variation path as one unit.
  private static func unit(_ paths: [String: String]) -> StringCatalog.Unit {
    if let plain = paths[""], paths.count == 1 { return .string(value: plain, state: nil) }
    var substitutions: [String: [String: String]] = [:]
    var rest: [String: String] = [:]
    for (path, text) in paths {
      let parts = path.split(separator: ".", maxSplits: 2).map(String.init)
      if parts.count == 3, parts[0] == "substitutions" {
        let tail = parts[2].split(separator: ".").map(String.init)
        if tail.count == 2, tail[0] == "plural" { substitutions[parts[1], default: [:]][tail[1]] = text }
      } else {
        rest[path] = text
      }
    }
    let base = variations(rest, depth: 0)
    guard !substitutions.isEmpty else { return base }
    return .substituted(
      base,
      substitutions: substitutions.mapValues { cases in
        StringCatalog.Substitution(
          argumentNumber: nil, formatSpecifier: "lld", cases: cases.mapValues { .string(value: $0, state: nil) })
      })
  }

  /// `device.applewatch`, `plural.one`, `device.applewatch.plural.one` … as nested variations
  /// (at most 8 levels; deeper paths are ignored).
  private static func variations(_ paths: [String: String], depth: Int) -> StringCatalog.Unit {
    if let plain = paths[""] { return .string(value: plain, state: nil) }
    var groups: [String: [String: String]] = [:]
    var kind = StringCatalog.VariationKind.plural
    for (path, text) in paths where depth < 8 {
      let parts = path.split(separator: ".", maxSplits: 2).map(String.init)
      guard parts.count >= 2, let found = StringCatalog.VariationKind(rawValue: parts[0]) else { continue }
      kind = found
      groups[parts[1], default: [:]][parts.count == 3 ? parts[2] : ""] = text
    }
    return .variations(kind: kind, cases: groups.mapValues { variations($0, depth: depth + 1) })
  }
}
