import Foundation

/// Strict JSON decoding with one-line errors that name the key and the expected type.
enum SpecDecoding {
  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Throws when the decoder's object has a key outside `known`.
  static func rejectUnknownKeys(in decoder: Decoder, known: [String]) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    let unknown = container.allKeys.map(\.stringValue).filter { !known.contains($0) }.sorted()
    if let first = unknown.first {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath + [AnyKey(stringValue: first)],
          debugDescription: "unknown key '\(first)'; known keys: \(known.joined(separator: ", "))"))
    }
  }

  static func decode<T: Decodable>(_ type: T.Type, contentsOf path: String) throws -> T {
    guard FileManager.default.fileExists(atPath: path) else {
      throw WordFitError(.missingInput, "spec file \(path) does not exist; check the path")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw WordFitError(.missingInput, "spec file \(path) cannot be read; check its permissions")
    }
    return try decode(type, from: data, source: "spec file \(path)")
  }

  static func decode<T: Decodable>(_ type: T.Type, from data: Data, source: String) throws -> T {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch let error as DecodingError {
      throw WordFitError(.invalidData, "\(source): \(describe(error))")
    } catch let error as WordFitError {
      throw WordFitError(error.kind, "\(source): \(error.message)")
    } catch {
      throw WordFitError(.invalidData, "\(source): \(error)")
    }
  }

  static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
      return keys.isEmpty ? "the top level" : "key '\(keys.joined(separator: "."))'"
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
    "width": StackWidth.allCases.map(\.rawValue).joined(separator: ", "),
    "stylePreset": StackStylePreset.allCases.map(\.rawValue).joined(separator: ", "),
  ]

  private static func typeName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Int.Type: "a whole number"
    case is Double.Type: "a number"
    case is Bool.Type: "true or false"
    case is [Int].Type: "a number or an array of numbers"
    case is [String].Type: "an array of strings"
    default: "a \(type)"
    }
  }
}
