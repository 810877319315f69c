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
  public enum VariationKind: String, Sendable, Equatable, CaseIterable {
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

  /// Reads a catalog from JSON. A unit with both device and plural variations takes the device
  /// ones.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` naming the key path that is malformed.
  /// - Complexity: O(*n* log *n*) in the file's size; memory about 9 bytes per byte of the file
  ///   while it is read (`StringCatalogReader`).
  public static func decode(_ data: Data, source: String) throws -> StringCatalog {
    try StringCatalogReader.catalog(data, source: source)
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
}
