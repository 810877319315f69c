import Foundation
import WordFitCore

/// An Xcode String Catalog (`Localizable.xcstrings`, JSON): every key's localizations, with
/// device and plural variations (nested either way) and substitutions.
///
/// Read from the format Xcode 15+ writes (no official schema; the model follows the catalogs
/// Xcode writes and the community schema `lexrus/xcstrings.schema.json`).
public struct StringCatalog: Sendable, Equatable {
  /// One localized value: a string, or variations by device or plural category, with the
  /// substitutions its `%#@NAME@` placeholders refer to.
  public indirect enum Unit: Sendable, Equatable {
    /// A plain string and its translation state (`translated`, `needs_review`, `new`).
    case string(value: String, state: String?)
    /// Variations by device (`applewatch`, `other` …) or plural category (`one`, `other` …).
    case variations(kind: VariationKind, cases: [String: Unit])
    /// A unit whose `%#@NAME@` placeholders are filled by `substitutions`.
    case substituted(Unit, substitutions: [String: Substitution])
  }

  /// What variations vary by.
  public enum VariationKind: String, Sendable, Equatable {
    case device, plural
  }

  /// A substitution: its argument number, format specifier and plural variations.
  public struct Substitution: Sendable, Equatable {
    /// The argument it takes (1-based), when given.
    public var argumentNumber: Int?
    /// The format specifier of the number, such as `lld`.
    public var formatSpecifier: String
    /// The plural variations.
    public var cases: [String: Unit]
  }

  /// One key.
  public struct Entry: Sendable, Equatable {
    /// The key.
    public var key: String
    /// `manual`, `extracted_with_value`, `stale`, `migrated`, or `nil`.
    public var extractionState: String?
    /// Whether translators should translate it (`false`: the source string everywhere).
    public var shouldTranslate: Bool
    /// The localizations by language.
    public var localizations: [String: Unit]
  }

  /// The language the keys are written in.
  public var sourceLanguage: String
  /// The keys, sorted.
  public var entries: [Entry]

  /// Reads a catalog from JSON.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` naming the key path that is malformed.
  /// - Complexity: O(*n*) in the file's size.
  public static func decode(_ data: Data, source: String) throws -> StringCatalog {
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw WordFitError(
        .invalidData, "\(source) is not a String Catalog (a JSON object); export it from Xcode", input: source)
    }
    guard let language = root["sourceLanguage"] as? String, let strings = root["strings"] as? [String: Any] else {
      throw WordFitError(
        .invalidData, "\(source) has no sourceLanguage or strings; is it an .xcstrings file?", input: source)
    }
    var entries: [Entry] = []
    for (key, value) in strings.sorted(by: { $0.key < $1.key }) {
      let object = value as? [String: Any] ?? [:]
      var localizations: [String: Unit] = [:]
      for (language, unit) in object["localizations"] as? [String: Any] ?? [:] {
        localizations[language] = try Self.unit(unit, path: "\(key) → \(language)", source: source)
      }
      entries.append(
        Entry(
          key: key, extractionState: object["extractionState"] as? String,
          shouldTranslate: object["shouldTranslate"] as? Bool ?? true, localizations: localizations))
    }
    return StringCatalog(sourceLanguage: language, entries: entries)
  }

  /// The largest catalog read, in bytes (64 MiB).
  public static let maximumBytes = 64 << 20

  /// Reads the strings at `path`: an `.xcstrings` catalog, an XLIFF export (`.xliff`, `.xcloc`),
  /// a `.strings` or `.stringsdict` file (its language its `LANGUAGE.lproj` folder's), or a
  /// folder of `.lproj` folders;
  /// `sourceLanguage` is the language of the keys for the legacy forms (a catalog names its own).
  ///
  /// - Throws: ``WordFitError`` `.missingInput` or `.invalidData`.
  public static func load(contentsOf path: String, sourceLanguage: String) throws -> StringCatalog {
    if path.hasSuffix(".xliff") || path.hasSuffix(".xcloc") || path.hasSuffix(".xcloc/") {
      return try XLIFFStrings.catalog(at: path, sourceLanguage: sourceLanguage)
    }
    guard path.hasSuffix(".xcstrings") else {
      return try LegacyStrings.catalog(at: path, sourceLanguage: sourceLanguage)
    }
    return try load(contentsOf: path)
  }

  /// Reads the catalog at `path`.
  ///
  /// - Throws: ``WordFitError`` `.missingInput` or `.invalidData`.
  public static func load(contentsOf path: String) throws -> StringCatalog {
    try decode(Data(try InputFile.read(path, role: "string catalog", limit: maximumBytes)), source: path)
  }

  private static func unit(_ value: Any, path: String, source: String) throws -> Unit {
    guard let object = value as? [String: Any] else {
      throw WordFitError(.invalidData, "\(source): \(path) is not an object", input: source)
    }
    var unit: Unit
    if let string = object["stringUnit"] as? [String: Any] {
      unit = .string(value: string["value"] as? String ?? "", state: string["state"] as? String)
    } else if let variations = object["variations"] as? [String: Any], let (kind, cases) = variations.first,
      let variationKind = VariationKind(rawValue: kind), let caseObjects = cases as? [String: Any]
    {
      var parsed: [String: Unit] = [:]
      for (name, nested) in caseObjects {
        parsed[name] = try Self.unit(nested, path: "\(path) → \(kind).\(name)", source: source)
      }
      unit = .variations(kind: variationKind, cases: parsed)
    } else {
      throw WordFitError(
        .invalidData, "\(source): \(path) has neither a stringUnit nor device or plural variations", input: source)
    }
    if let substitutions = object["substitutions"] as? [String: Any] {
      var parsed: [String: Substitution] = [:]
      for (name, body) in substitutions {
        let body = body as? [String: Any] ?? [:]
        let plural = (body["variations"] as? [String: Any])?["plural"] as? [String: Any] ?? [:]
        var cases: [String: Unit] = [:]
        for (category, nested) in plural {
          cases[category] = try Self.unit(nested, path: "\(path) → %#@\(name)@.\(category)", source: source)
        }
        parsed[name] = Substitution(
          argumentNumber: body["argNum"] as? Int, formatSpecifier: body["formatSpecifier"] as? String ?? "lld",
          cases: cases)
      }
      unit = .substituted(unit, substitutions: parsed)
    }
    return unit
  }
}
