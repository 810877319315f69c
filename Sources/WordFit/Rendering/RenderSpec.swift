import Foundation

/// Which bundled font to use when no font file is given.
public enum FontWeight: String, Sendable, Codable, CaseIterable {
  /// DejaVu Sans Bold (the seed's `.fontWeight(.bold)`).
  case bold
  /// DejaVu Sans.
  case regular

  /// The bundled file for this weight.
  public var bundledFileName: String {
    switch self {
    case .bold: "DejaVuSans-Bold.ttf"
    case .regular: "DejaVuSans.ttf"
    }
  }
}

/// Everything that describes one `wordfit render`: every command-line option has a key here, so
/// a layout can be kept in a JSON file (`wordfit render --spec FILE.json`).
///
/// Absent keys take the defaults listed in the README. Unknown keys are an error, so a typo
/// never silently falls back to a default.
public struct RenderSpec: Sendable, Equatable, Codable {
  /// The text; words are stacked one per line.
  public var text: String
  /// A watch preset (`45mm`) or `WIDTHxHEIGHT` in pixels.
  public var canvas: String = WatchCanvas.defaultName
  /// A font file; `nil` uses the bundled font of ``weight``.
  public var font: String? = nil
  /// The face in a font collection.
  public var faceIndex: Int = 0
  /// The bundled font's weight, when ``font`` is `nil`.
  public var weight: FontWeight = .bold
  /// The text style that sets the maximum size, in the canvas's Dynamic Type category.
  public var style: TextStyle = .largeTitle
  /// The maximum size in pixels; overrides ``style``.
  public var maxSize: Double? = nil
  /// The smallest scale of the maximum size allowed, in (0, 1].
  public var minScale: Double = 0.01
  /// One common size, or one per word.
  public var sizing: Sizing = .common
  /// What happens when the minimum size does not fit.
  public var overflow: OverflowPolicy = .truncate
  /// Horizontal alignment of each line.
  public var align: HorizontalAlignment = .leading
  /// Vertical alignment of the block.
  public var valign: VerticalAlignment = .center
  /// Insets in pixels: 1, 2 (vertical, horizontal) or 4 (top, leading, bottom, trailing) values.
  public var insets: [Int] = [8]
  /// Extra space between lines, in pixels.
  public var spacing: Double = 0
  /// Text colour.
  public var fg: String = "white"
  /// Background colour (`transparent` allowed).
  public var bg: String = "black"
  /// Picks the light or dark value of system colour names.
  public var appearance: Appearance = .dark
  /// How far a render may differ from its golden under `wordfit check` (ignored by `render`).
  public var tolerance: ToleranceOverrides? = nil

  /// A spec for `text` with every default.
  public init(text: String) {
    self.text = text
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case text, canvas, font, faceIndex, weight, style, maxSize, minScale, sizing, overflow, align, valign, insets,
      spacing, fg, bg, appearance, tolerance
  }

  /// Decodes a spec, rejecting unknown keys.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try SpecDecoding.rejectUnknownKeys(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    text = try container.decode(String.self, forKey: .text)
    canvas = try container.decodeIfPresent(String.self, forKey: .canvas) ?? canvas
    font = try container.decodeIfPresent(String.self, forKey: .font)
    faceIndex = try container.decodeIfPresent(Int.self, forKey: .faceIndex) ?? faceIndex
    weight = try container.decodeIfPresent(FontWeight.self, forKey: .weight) ?? weight
    style = try container.decodeIfPresent(TextStyle.self, forKey: .style) ?? style
    maxSize = try container.decodeIfPresent(Double.self, forKey: .maxSize)
    minScale = try container.decodeIfPresent(Double.self, forKey: .minScale) ?? minScale
    sizing = try container.decodeIfPresent(Sizing.self, forKey: .sizing) ?? sizing
    overflow = try container.decodeIfPresent(OverflowPolicy.self, forKey: .overflow) ?? overflow
    align = try container.decodeIfPresent(HorizontalAlignment.self, forKey: .align) ?? align
    valign = try container.decodeIfPresent(VerticalAlignment.self, forKey: .valign) ?? valign
    insets = try SpecDecoding.decodeNumbers(container, .insets) ?? insets
    spacing = try container.decodeIfPresent(Double.self, forKey: .spacing) ?? spacing
    fg = try container.decodeIfPresent(String.self, forKey: .fg) ?? fg
    bg = try container.decodeIfPresent(String.self, forKey: .bg) ?? bg
    appearance = try container.decodeIfPresent(Appearance.self, forKey: .appearance) ?? appearance
    tolerance = try container.decodeIfPresent(ToleranceOverrides.self, forKey: .tolerance)
  }

  /// Reads a spec from a JSON file.
  ///
  /// - Throws: ``WordFitError`` `.missingInput` for a missing file, `.invalidData` for JSON
  ///   that is malformed, has an unknown key, or a value of the wrong type (naming the key and
  ///   the type expected).
  public static func load(contentsOf path: String) throws -> RenderSpec {
    try SpecDecoding.decode(RenderSpec.self, contentsOf: path)
  }
}

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
