import Foundation
import WordFitCore

/// Reads an `.xcstrings` file straight into ``StringCatalog`` through `Decodable`: Foundation's
/// `JSONDecoder` keeps a compact map of the file and builds no object per value, where
/// `JSONSerialization` made a dictionary or string object for each (about 115 bytes of memory
/// per byte of file: a 10.6 MB, 100,000-key catalog took 1.2 GB; this reader 95 MB).
enum StringCatalogReader {
  /// A problem at a key path of the catalog, said in the catalog's own terms.
  struct Problem: Error {
    var path: String
    var message: String
  }

  /// A JSON object's keys, whatever they are.
  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init(_ name: String) { stringValue = name }
  }

  /// The file: its source language and its keys (unsorted).
  struct File: Decodable {
    var sourceLanguage: String
    var strings: [String: Entry]
  }

  /// One key's object; a value that is not an object is a key without localizations.
  struct Entry: Decodable {
    var extractionState: String?
    var shouldTranslate: Bool
    var localizations: [String: StringCatalog.Unit]

    init(from decoder: any Decoder) throws {
      guard let object = try? decoder.container(keyedBy: AnyKey.self) else {
        (extractionState, shouldTranslate, localizations) = (nil, true, [:])
        return
      }
      extractionState = try? object.decodeIfPresent(String.self, forKey: AnyKey("extractionState"))
      shouldTranslate = (try? object.decodeIfPresent(Bool.self, forKey: AnyKey("shouldTranslate"))) ?? true
      let units = try? object.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("localizations"))
      var localizations: [String: StringCatalog.Unit] = [:]
      for language in units?.allKeys ?? [] {
        localizations[language.stringValue] = try units?.decode(Unit.self, forKey: language).unit
      }
      self.localizations = localizations
    }
  }

  /// One localized value, a string or variations, with its substitutions.
  struct Unit: Decodable {
    var unit: StringCatalog.Unit

    init(from decoder: any Decoder) throws {
      let path = StringCatalogReader.path(of: decoder.codingPath)
      guard let object = try? decoder.container(keyedBy: AnyKey.self) else {
        throw Problem(path: path, message: "is not an object")
      }
      if let string = try? object.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("stringUnit")) {
        unit = .string(
          value: (try? string.decodeIfPresent(String.self, forKey: AnyKey("value"))) ?? "",
          state: try? string.decodeIfPresent(String.self, forKey: AnyKey("state")))
      } else if let variations = try? object.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("variations")),
        let kind = StringCatalog.VariationKind.allCases.first(where: { variations.contains(AnyKey($0.rawValue)) }),
        let cases = try? variations.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(kind.rawValue))
      {
        unit = .variations(kind: kind, cases: try Self.units(in: cases))
      } else {
        throw Problem(path: path, message: "has neither a stringUnit nor device or plural variations")
      }
      guard let substitutions = try? object.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("substitutions"))
      else { return }
      var parsed: [String: StringCatalog.Substitution] = [:]
      for name in substitutions.allKeys {
        let body = try? substitutions.nestedContainer(keyedBy: AnyKey.self, forKey: name)
        let plural = try? body?.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("variations"))
          .nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("plural"))
        parsed[name.stringValue] = StringCatalog.Substitution(
          argumentNumber: (try? body?.decodeIfPresent(Int.self, forKey: AnyKey("argNum"))) ?? nil,
          formatSpecifier: ((try? body?.decodeIfPresent(String.self, forKey: AnyKey("formatSpecifier"))) ?? nil)
            ?? "lld",
          cases: try plural.map(Self.units(in:)) ?? [:])
      }
      unit = .substituted(unit, substitutions: parsed)
    }

    /// Every member of `object`, each a unit.
    static func units(in object: KeyedDecodingContainer<AnyKey>) throws -> [String: StringCatalog.Unit] {
      var units: [String: StringCatalog.Unit] = [:]
      for name in object.allKeys { units[name.stringValue] = try object.decode(Unit.self, forKey: name).unit }
      return units
    }
  }

  /// A coding path in the catalog's terms: `key → language → plural.one → %#@count@.other`.
  static func path(of codingPath: [any CodingKey]) -> String {
    let names = codingPath.map(\.stringValue)
    var parts: [String] = []
    var index = names.first == "strings" ? 1 : 0
    while index < names.count {
      switch names[index] {
      case "localizations" where parts.count == 1:
        index += 1
        continue
      case "variations" where index + 2 < names.count:
        parts.append("\(names[index + 1]).\(names[index + 2])")
        index += 3
      case "substitutions" where index + 4 < names.count:
        parts.append("%#@\(names[index + 1])@.\(names[index + 4])")
        index += 5
      default:
        parts.append(names[index])
        index += 1
      }
    }
    return parts.joined(separator: " → ")
  }

  /// The catalog in `data`, its keys sorted.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` naming `source` and, for a malformed value, its
  ///   key path.
  /// - Complexity: O(*n* log *n*) in the file's size (the keys sorted); memory about 9 bytes per
  ///   byte of the file while it is read.
  static func catalog(_ data: Data, source: String) throws -> StringCatalog {
    let file: File
    do {
      file = try JSONDecoder().decode(File.self, from: data)
    } catch let problem as Problem {
      throw WordFitError(.invalidData, "\(source): \(problem.path) \(problem.message)", input: source)
    } catch is DecodingError where isObject(data) {
      throw WordFitError(
        .invalidData, "\(source) has no sourceLanguage or strings; is it an .xcstrings file?", input: source)
    } catch {
      throw WordFitError(
        .invalidData, "\(source) is not a String Catalog (a JSON object); export it from Xcode", input: source)
    }
    let entries = file.strings.sorted { $0.key < $1.key }.map {
      StringCatalog.Entry(
        key: $0.key, extractionState: $0.value.extractionState, shouldTranslate: $0.value.shouldTranslate,
        localizations: $0.value.localizations)
    }
    return StringCatalog(sourceLanguage: file.sourceLanguage, entries: entries)
  }

  /// Whether `data` is a JSON object at all (only asked when reading it failed).
  private static func isObject(_ data: Data) -> Bool {
    struct Object: Decodable {
      init(from decoder: any Decoder) throws { _ = try decoder.container(keyedBy: AnyKey.self) }
    }
    return (try? JSONDecoder().decode(Object.self, from: data)) != nil
  }
}
