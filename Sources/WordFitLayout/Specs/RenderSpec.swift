import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// Everything that describes one `wordfit render`: every command-line option has a key here, so
/// a layout can be kept in a JSON file (`wordfit render --spec FILE.json`).
///
/// The layout fields (canvas, font, sizes, colours) are ``fields``'s, read from the same flat
/// object and reachable as the spec's own (`spec.maxSize`). Absent keys take the defaults
/// listed in the README. Unknown keys are an error, so a typo never silently falls back to a
/// default.
public struct RenderSpec: Sendable, Equatable, Codable, EmbedsLayout {
  /// The text; words are stacked one per line.
  public var text: String
  /// The layout fields, with a word stack's defaults (``LayoutFields/words``).
  public var fields: LayoutFields = .words
  /// One common size, or one per word.
  public var sizing: Sizing = .common
  /// Extra space between lines, in pixels.
  public var spacing: Double = 0
  /// How far a render may differ from its golden under `wordfit check` (ignored by `render`).
  public var tolerance: ToleranceOverrides? = nil

  /// A spec for `text` with every default.
  public init(text: String) {
    self.text = text
  }

  /// The JSON keys this type reads: its own, then the layout fields'.
  public static var keys: [String] { CodingKeys.allCases.map(\.rawValue) + LayoutFields.keys }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case text, sizing, spacing, tolerance
  }

  /// Decodes a spec, rejecting unknown keys.
  public init(from decoder: Decoder) throws {
    try SpecDecoding.rejectUnknownKeys(in: decoder, known: Self.keys + ["mask"])
    try self.init(from: decoder, over: RenderSpec(text: ""))
    tolerance = try ToleranceOverrides.addingSpecMask(from: decoder, to: tolerance)
  }

  /// Decodes the keys present in `decoder`'s object over `defaults` and checks the result (a
  /// template region reads its keys this way, over a region's defaults).
  ///
  /// - Throws: `DecodingError` for a wrong type, ``WordFitError`` for a value out of range.
  package init(from decoder: Decoder, over defaults: RenderSpec) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self = defaults
    text = try container.decodeIfPresent(String.self, forKey: .text) ?? text
    sizing = try container.decodeIfPresent(Sizing.self, forKey: .sizing) ?? sizing
    spacing = try container.decodeIfPresent(Double.self, forKey: .spacing) ?? spacing
    tolerance = try container.decodeIfPresent(ToleranceOverrides.self, forKey: .tolerance) ?? tolerance
    fields = try defaults.fields.decoding(from: decoder)
    _ = try validated()
  }

  /// Encodes the spec as one flat object (the layout fields beside the spec's own keys).
  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(text, forKey: .text)
    try container.encode(sizing, forKey: .sizing)
    try container.encode(spacing, forKey: .spacing)
    try container.encodeIfPresent(tolerance, forKey: .tolerance)
    try fields.encode(to: encoder)
  }

  /// Checks every parameter but the text and the font file (see ``LayoutFields/resolved()``,
  /// plus the line spacing).
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the parameter.
  public func validated() throws -> ResolvedLayout {
    let layout = try fields.resolved()
    guard spacing.isFinite, spacing >= 0, spacing <= Double(CanvasSize.maximumSide) else {
      throw WordFitError.outOfRange(.spacing, spacing, range: "0…\(CanvasSize.maximumSide)", unit: "px")
    }
    return layout
  }

  /// Reads a spec from a JSON file; relative font and fallback files are relative to its folder.
  ///
  /// - Throws: ``WordFitError`` `.missingInput` for a missing file, `.invalidData` for
  ///   malformed JSON, an unknown key or a wrong type (naming the key), `.usage` for a value
  ///   out of range (naming the key).
  public static func load(contentsOf path: String) throws -> RenderSpec {
    try SpecDecoding.decode(RenderSpec.self, contentsOf: path)
  }
}
