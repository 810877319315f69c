import Foundation
import WordFitCore

extension LegacyStrings {
  /// The units of a `.stringsdict` property list (XML), by key.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` when it is not a dictionary of dictionaries.
  static func dictionaryUnits(_ data: Data, source: String) throws -> [String: StringCatalog.Unit] {
    guard let root = XMLPropertyList.parse([UInt8](data)) as? [String: Any] else {
      throw WordFitError(.invalidData, "\(source) is not a property list of strings", input: source)
    }
    var units: [String: StringCatalog.Unit] = [:]
    for (key, value) in root {
      guard let unit = Self.unit(value) else {
        throw WordFitError(
          .invalidData, "\(source): \"\(key)\" has no NSStringLocalizedFormatKey or device rule", input: source)
      }
      units[key] = unit
    }
    return units
  }

  /// A `.stringsdict` value as a catalog unit: device rules as device variations; a format key
  /// with plural variables as substitutions (a format that is one variable alone, `%#@n@`, as
  /// plain plural variations, as String Catalogs write it).
  private static func unit(_ value: Any) -> StringCatalog.Unit? {
    if let text = value as? String { return .string(value: text, state: nil) }
    guard let object = value as? [String: Any] else { return nil }
    if let devices = object["NSStringDeviceSpecificRuleType"] as? [String: Any] {
      return .variations(kind: .device, cases: devices.compactMapValues(unit))
    }
    guard let format = object["NSStringLocalizedFormatKey"] as? String else { return nil }
    var substitutions: [String: StringCatalog.Substitution] = [:]
    for (name, body) in object {
      guard let rule = body as? [String: Any], rule["NSStringFormatSpecTypeKey"] as? String == "NSStringPluralRuleType"
      else { continue }
      var cases: [String: StringCatalog.Unit] = [:]
      for category in PluralSamples.order {
        if let text = rule[category] as? String { cases[category] = .string(value: text, state: nil) }
      }
      substitutions[name] = StringCatalog.Substitution(
        argumentNumber: nil, formatSpecifier: rule["NSStringFormatValueTypeKey"] as? String ?? "lld", cases: cases)
    }
    if substitutions.count == 1, let (name, only) = substitutions.first, format == "%#@\(name)@" {
      return .variations(kind: .plural, cases: only.cases)
    }
    return .substituted(.string(value: format, state: nil), substitutions: substitutions)
  }

  /// A catalog from a folder of `LANGUAGE.lproj` folders holding `.strings` and `.stringsdict`
  /// files (a `.stringsdict` entry replaces a `.strings` one of the same key; `Base.lproj` is
  /// the source language), or from one such file, its language its folder's.
  ///
  /// - Throws: ``WordFitError`` `.missingInput` when nothing is found, `.invalidData` for a
  ///   malformed file.
  static func catalog(at path: String, sourceLanguage: String) throws -> StringCatalog {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw WordFitError(
        .missingInput,
        "no strings at \(path); give a .xcstrings, .strings or .stringsdict file, or a folder of .lproj folders",
        input: path)
    }
    var files: [(language: String, path: String)] = []
    if isFolder.boolValue {
      for folder in (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? []
      where folder.hasSuffix(".lproj") {
        let language = String(folder.dropLast(6))
        let full = (path as NSString).appendingPathComponent(folder)
        for file in (try? FileManager.default.contentsOfDirectory(atPath: full).sorted()) ?? []
        where file.hasSuffix(".strings") || file.hasSuffix(".stringsdict") {
          files.append(
            (language == "Base" ? sourceLanguage : language, (full as NSString).appendingPathComponent(file)))
        }
      }
    } else {
      let folder = PathText.lastComponent(PathText.deletingLastComponent(path))
      files.append((folder.hasSuffix(".lproj") ? String(folder.dropLast(6)) : sourceLanguage, path))
    }
    guard !files.isEmpty else {
      throw WordFitError(.missingInput, "no .strings or .stringsdict files in \(path)/*.lproj", input: path)
    }
    var localizations: [String: [String: StringCatalog.Unit]] = [:]
    // .strings first, then .stringsdict, so the dictionary's rules win.
    for (language, file) in files.sorted(by: {
      ($0.path.hasSuffix("dict") ? 1 : 0) < ($1.path.hasSuffix("dict") ? 1 : 0)
    }) {
      let bytes = try InputFile.read(file, role: "strings file", limit: StringCatalog.maximumBytes)
      if file.hasSuffix(".stringsdict") {
        for (key, unit) in try dictionaryUnits(Data(bytes), source: file) {
          localizations[key, default: [:]][language] = unit
        }
      } else {
        for (key, value) in try entries(bytes, source: file) {
          localizations[key, default: [:]][language] = .string(value: value, state: nil)
        }
      }
    }
    let entries = localizations.keys.sorted().map { key in
      StringCatalog.Entry(
        key: key, extractionState: nil, shouldTranslate: true, localizations: localizations[key] ?? [:])
    }
    return StringCatalog(sourceLanguage: sourceLanguage, entries: entries)
  }
}
