import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// Everything that describes one `wordfit stack`: each command-line option has a key, so a
/// stack can be kept in a JSON file (`wordfit stack --spec FILE.json`). Unknown keys are an
/// error. Lengths are pixels; absent lengths take defaults given in points (× 2 on watch
/// canvases, × 1 on `WxH` canvases).
public struct StackSpec: Sendable, Equatable, Codable {
  /// The labels, top to bottom.
  public var labels: [String]
  /// A watch preset or `WIDTHxHEIGHT` in pixels.
  public var canvas: String = WatchCanvas.defaultName
  /// A font file; `nil` uses the bundled font of ``weight``.
  public var font: String? = nil
  /// The face in a font collection.
  public var faceIndex: Int = 0
  /// The bundled font's weight when ``font`` is `nil`.
  public var weight: FontWeight = .regular
  /// The text style that sets the maximum size.
  public var style: TextStyle = .body
  /// The maximum size in pixels; overrides ``style``.
  public var maxSize: Double? = nil
  /// The smallest scale of the maximum size allowed, in (0, 1].
  public var minScale: Double = 0.01
  /// What happens when the minimum size does not fit.
  public var overflow: OverflowPolicy = .truncate
  /// How wide the boxes are.
  public var width: StackWidth = .equal
  /// Where boxes narrower than the available width sit.
  public var align: HorizontalAlignment = .center
  /// Where a label sits inside its box.
  public var textAlign: HorizontalAlignment = .center
  /// Where the stack sits vertically.
  public var valign: VerticalAlignment = .center
  /// Insets: 1, 2 (vertical, horizontal) or 4 (top, leading, bottom, trailing) values, in pixels.
  public var insets: [Int] = [8]
  /// Space between boxes in pixels; default 8 pt.
  public var spacing: Int? = nil
  /// Padding inside each box: 1 value or 2 (vertical, horizontal), in pixels; default from the preset.
  public var padding: [Int]? = nil
  /// Corner radius in pixels; default from the preset. Larger than half the box height is
  /// clamped (with a warning).
  public var radius: Double? = nil
  /// `capsule`, `rounded` or `rectangle`; default from the preset and canvas.
  public var shape: String? = nil
  /// Box fills, cycled over the boxes; default from the preset.
  public var fill: [String]? = nil
  /// Text colour.
  public var fg: String = "white"
  /// Canvas background.
  public var bg: String = "black"
  /// Picks the light or dark value of system colour names.
  public var appearance: Appearance = .dark
  /// The look of the boxes.
  public var stylePreset: StackStylePreset = .borderedProminent
  /// How far a render may differ from its golden under `wordfit check`.
  public var tolerance: ToleranceOverrides? = nil

  /// A spec for `labels` with every default.
  public init(labels: [String]) {
    self.labels = labels
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case labels, canvas, font, faceIndex, weight, style, maxSize, minScale, overflow, width, align, textAlign, valign,
      insets, spacing, padding, radius, shape, fill, fg, bg, appearance, stylePreset, tolerance
  }

  /// Decodes a spec, rejecting unknown keys. `insets` and `padding` may be a number or an
  /// array, `fill` a string (comma list) or an array.
  public init(from decoder: Decoder) throws {
    try SpecDecoding.rejectUnknownKeys(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    let c = try decoder.container(keyedBy: CodingKeys.self)
    labels = try c.decode([String].self, forKey: .labels)
    canvas = try c.decodeIfPresent(String.self, forKey: .canvas) ?? canvas
    font = try c.decodeIfPresent(String.self, forKey: .font)
    faceIndex = try c.decodeIfPresent(Int.self, forKey: .faceIndex) ?? faceIndex
    weight = try c.decodeIfPresent(FontWeight.self, forKey: .weight) ?? weight
    style = try c.decodeIfPresent(TextStyle.self, forKey: .style) ?? style
    maxSize = try c.decodeIfPresent(Double.self, forKey: .maxSize)
    minScale = try c.decodeIfPresent(Double.self, forKey: .minScale) ?? minScale
    overflow = try c.decodeIfPresent(OverflowPolicy.self, forKey: .overflow) ?? overflow
    width = try c.decodeIfPresent(StackWidth.self, forKey: .width) ?? width
    align = try c.decodeIfPresent(HorizontalAlignment.self, forKey: .align) ?? align
    textAlign = try c.decodeIfPresent(HorizontalAlignment.self, forKey: .textAlign) ?? textAlign
    valign = try c.decodeIfPresent(VerticalAlignment.self, forKey: .valign) ?? valign
    insets = try SpecDecoding.decodeNumbers(c, .insets) ?? insets
    spacing = try c.decodeIfPresent(Int.self, forKey: .spacing)
    padding = try SpecDecoding.decodeNumbers(c, .padding)
    radius = try c.decodeIfPresent(Double.self, forKey: .radius)
    shape = try c.decodeIfPresent(String.self, forKey: .shape)
    if let list = try? c.decodeIfPresent(String.self, forKey: .fill) {
      fill = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    } else {
      fill = try c.decodeIfPresent([String].self, forKey: .fill)
    }
    fg = try c.decodeIfPresent(String.self, forKey: .fg) ?? fg
    bg = try c.decodeIfPresent(String.self, forKey: .bg) ?? bg
    appearance = try c.decodeIfPresent(Appearance.self, forKey: .appearance) ?? appearance
    stylePreset = try c.decodeIfPresent(StackStylePreset.self, forKey: .stylePreset) ?? stylePreset
    tolerance = try c.decodeIfPresent(ToleranceOverrides.self, forKey: .tolerance)
  }

  /// Reads a spec from a JSON file.
  ///
  /// - Throws: ``WordFitError`` `.missingInput` for a missing file, `.invalidData` for
  ///   malformed JSON, an unknown key or a wrong type (naming the key).
  public static func load(contentsOf path: String) throws -> StackSpec {
    try SpecDecoding.decode(StackSpec.self, contentsOf: path)
  }
}

extension SpecDecoding {
  /// A number or an array of whole numbers at `key`, as an array.
  static func decodeNumbers<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> [Int]? {
    if let single = try? container.decodeIfPresent(Int.self, forKey: key) { return [single] }
    return try container.decodeIfPresent([Int].self, forKey: key)
  }
}
