import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// Strict JSON decoding with one-line errors that name the key and the expected type.
package enum SpecDecoding {
  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Throws when the decoder's object has a key outside `known`.
  package static func rejectUnknownKeys(in decoder: Decoder, known: [String]) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    let unknown = container.allKeys.map(\.stringValue).filter { !known.contains($0) }.sorted()
    if let first = unknown.first {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath + [AnyKey(stringValue: first)],
          debugDescription: "unknown key '\(first)'; known keys: \(known.joined(separator: ", "))"))
    }
  }

  package static func decode<T: Decodable>(_ type: T.Type, contentsOf path: String) throws -> T {
    let data = Data(try InputFile.read(path, role: "spec file", limit: InputLimits.specBytes))
    return resolvingPaths(try decode(type, from: data, source: "spec file \(path)"), namedIn: path)
  }

  /// `spec` with relative font and fallback files made relative to the folder of `path`, the
  /// file that named them (when `spec` has layout fields).
  static func resolvingPaths<T>(_ spec: T, namedIn path: String) -> T {
    guard var fields = spec as? any EmbedsLayout else { return spec }
    fields.fields.resolvePaths(inFolder: PathText.deletingLastComponent(path))
    return fields as? T ?? spec
  }

  package static func decode<T: Decodable>(_ type: T.Type, from data: Data, source: String) throws -> T {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch let error as DecodingError {
      if let number = wholeNumberProblem(in: data) { throw WordFitError(.invalidData, "\(source): \(number)") }
      throw WordFitError(.invalidData, "\(source): \(describe(error))")
    } catch let error as WordFitError {
      throw WordFitError(
        error.kind, "\(source): \(keyed(error))", reason: error.reason, input: source, underlying: error.underlying)
    } catch {
      throw WordFitError(.invalidData, "\(source): \(error)")
    }
  }

  /// A parameter error from a decoded spec, naming the parameter by its key
  /// (`key 'canvas': '55mm' is not one of …`).
  package static func keyed(_ error: WordFitError, in object: String? = nil) -> String {
    guard let parameter = error.text.leadingParameter, parameter.isSpecKey else { return error.message }
    let path = object.map { "\($0).\(parameter.key)" } ?? parameter.key
    return "key '\(path)': \(error.text.droppingLeadingParameter)"
  }

  /// A coding path as a key path: `regions[1].box`.
  package static func keyPath(_ codingPath: [CodingKey]) -> String {
    codingPath.reduce(into: "") { path, key in
      if let index = key.intValue {
        path += "[\(index)]"
      } else {
        path += (path.isEmpty ? "" : ".") + key.stringValue
      }
    }
  }

  static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      context.codingPath.isEmpty ? "the top level" : "key '\(keyPath(context.codingPath))'"
    }
    switch error {
    case .typeMismatch(let type, let context):
      return "\(path(context)) must be \(typeName(type)); fix the value"
    case .valueNotFound(let type, let context):
      return "\(path(context)) must be \(typeName(type)), not null"
    case .keyNotFound(let key, _):
      return "key '\(key.stringValue)' is required"
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        return "not valid JSON (\(context.underlyingError.map { "\($0)" } ?? context.debugDescription)); fix the syntax"
      }
      if context.debugDescription.hasPrefix("unknown key") { return context.debugDescription }
      if let key = context.codingPath.last?.stringValue, let choices = choices[key] {
        return "\(path(context)) must be one of \(choices)"
      }
      return "\(path(context)) has an invalid value: \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }

  /// The keys whose values are whole numbers (or arrays of them).
  static let wholeNumberKeys: Set<String> = [
    "faceIndex", "insets", "spacing", "padding", "maxDiffPixels", "maxChannelDelta",
  ]

  /// The first key that takes whole numbers but holds a fraction or a number beyond ±2⁵³, named
  /// with the value. Foundation's decoder reports those as invalid JSON without the key; the
  /// JSON is valid, so WordFit finds the key itself.
  static func wholeNumberProblem(in data: Data) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
    func problem(_ value: Any) -> String? {
      if let array = value as? [Any] { return array.lazy.compactMap(problem).first }
      guard let number = value as? NSNumber, !(value is Bool) else { return nil }
      let double = number.doubleValue
      guard double.isFinite, double == double.rounded(), abs(double) <= 9_007_199_254_740_992 else {
        return number.stringValue
      }
      return nil
    }
    func search(_ object: [String: Any], path: String) -> String? {
      for key in object.keys.sorted() {
        let value = object[key]!
        let name = path.isEmpty ? key : "\(path).\(key)"
        if let nested = value as? [String: Any], let found = search(nested, path: name) { return found }
        if wholeNumberKeys.contains(key), let bad = problem(value) {
          return "key '\(name)' must be a whole number, not \(bad)"
        }
      }
      return nil
    }
    return search(object, path: "")
  }

  /// The valid values of the keys that take a fixed set of words, for error messages.
  static let choices: [String: String] = [
    "weight": FontWeight.allCases.map(\.rawValue).joined(separator: ", "),
    "style": TextStyle.allCases.map(\.rawValue).joined(separator: ", "),
    "sizing": Sizing.allCases.map(\.rawValue).joined(separator: ", "),
    "overflow": OverflowPolicy.allCases.map(\.rawValue).joined(separator: ", "),
    "align": HorizontalAlignment.allCases.map(\.rawValue).joined(separator: ", "),
    "textAlign": HorizontalAlignment.allCases.map(\.rawValue).joined(separator: ", "),
    "valign": VerticalAlignment.allCases.map(\.rawValue).joined(separator: ", "),
    "appearance": Appearance.allCases.map(\.rawValue).joined(separator: ", "),
    "hinting": Hinting.allCases.map(\.rawValue).joined(separator: ", "),
    "direction": "auto, " + LineDirection.allCases.map(\.rawValue).joined(separator: ", "),
    "width": StackWidth.allCases.map(\.rawValue).joined(separator: ", "),
    "stylePreset": StackStylePreset.allCases.map(\.rawValue).joined(separator: ", "),
    "ecc": QRCode.ErrorCorrection.allCases.map(\.rawValue).joined(separator: ", "),
    "layout": LayoutKind.allCases.map(\.rawValue).joined(separator: ", "),
    "truncation": TruncationMode.allCases.map(\.rawValue).joined(separator: ", "),
  ]

  private static func typeName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Int.Type: "a whole number"
    case is Double.Type: "a number"
    case is Bool.Type: "true or false"
    case is [Int].Type: "a number or an array of numbers"
    case is [String].Type: "an array of strings"
    default:
      String(describing: type).hasPrefix("Array")
        ? "an array" : String(describing: type).hasPrefix("Dictionary") ? "an object" : "a value of another type"
    }
  }
}

extension SpecDecoding {
  /// A number or an array of whole numbers at `key`, as an array.
  static func decodeNumbers<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> [Int]? {
    if let single = try? container.decodeIfPresent(Int.self, forKey: key) { return [single] }
    return try container.decodeIfPresent([Int].self, forKey: key)
  }

  /// A direction key: `auto` (or absent, or null) for the first strong character, else `ltr` or
  /// `rtl`.
  static func decodeDirection<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws
    -> LineDirection?
  {
    guard let text = try container.decodeIfPresent(String.self, forKey: key), text != "auto" else { return nil }
    guard let direction = LineDirection(rawValue: text) else {
      throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not a direction")
    }
    return direction
  }
}
