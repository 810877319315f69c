import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// Everything that describes one `wordfit render`: every command-line option has a key here, so
/// a layout can be kept in a JSON file (`wordfit render --spec FILE.json`).
///
/// Absent keys take the defaults listed in the README. Unknown keys are an error, so a typo
/// never silently falls back to a default.
public struct RenderSpec: Sendable, Equatable, Codable, LayoutFields {
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
  /// The Dynamic Type size `style` is read in (`xSmall` … `xxxLarge`, and `Medium`, `AX1` …
  /// `AX5` on `WxH` canvases), or `nil` for the canvas's default.
  public var dynamicType: ContentSizeCategory? = nil
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
  /// How glyphs are fitted to the pixel grid (default none, as CoreText).
  public var hinting: Hinting = .none
  /// The paragraph direction of each line, or `nil` for its first strong character.
  public var direction: LineDirection? = nil
  /// Where characters the font lacks come from: `auto` (fontconfig), `none`, or fonts (files
  /// or families) separated by commas.
  public var fallback: String = "auto"
  /// The text's language (BCP 47, such as `sr` or `zh-CN`) for shaping and for choosing fallback
  /// fonts, or `nil`.
  public var language: String? = nil
  /// Whether a font family that is not installed is an error instead of a warning.
  public var strictFont: Bool = false
  /// A variable font's axes, such as `wght=650,wdth=90`, or `nil` (wght from ``weight``).
  public var variations: String? = nil
  /// What happens when a character no font has is drawn as a box: warn (default) or fail.
  public var missingGlyphs: MissingGlyphPolicy = .warn
  /// How far a render may differ from its golden under `wordfit check` (ignored by `render`).
  public var tolerance: ToleranceOverrides? = nil

  /// A spec for `text` with every default.
  public init(text: String) {
    self.text = text
  }

  /// The JSON keys this type reads, in declaration order (for the manual page).
  public static var keys: [String] { CodingKeys.allCases.map(\.rawValue) }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case text, canvas, font, faceIndex, weight, hinting, direction, fallback, language, strictFont, variations,
      missingGlyphs, style, dynamicType, maxSize,
      minScale, sizing, overflow, align,
      valign, insets,
      spacing, fg, bg, appearance, tolerance
  }

  /// Decodes a spec, rejecting unknown keys.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try SpecDecoding.rejectUnknownKeys(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    text = try container.decodeIfPresent(String.self, forKey: .text) ?? ""
    canvas = try container.decodeIfPresent(String.self, forKey: .canvas) ?? canvas
    font = try container.decodeIfPresent(String.self, forKey: .font)
    faceIndex = try container.decodeIfPresent(Int.self, forKey: .faceIndex) ?? faceIndex
    weight = try container.decodeIfPresent(FontWeight.self, forKey: .weight) ?? weight
    hinting = try container.decodeIfPresent(Hinting.self, forKey: .hinting) ?? hinting
    direction = try SpecDecoding.decodeDirection(container, .direction)
    fallback = try container.decodeIfPresent(String.self, forKey: .fallback) ?? fallback
    language = try container.decodeIfPresent(String.self, forKey: .language)
    strictFont = try container.decodeIfPresent(Bool.self, forKey: .strictFont) ?? strictFont
    variations = try container.decodeIfPresent(String.self, forKey: .variations)
    missingGlyphs = try container.decodeIfPresent(MissingGlyphPolicy.self, forKey: .missingGlyphs) ?? missingGlyphs
    style = try container.decodeIfPresent(TextStyle.self, forKey: .style) ?? style
    dynamicType = try container.decodeIfPresent(ContentSizeCategory.self, forKey: .dynamicType)
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
    _ = try validated()
  }

  /// Checks every parameter but the text and the font file (see
  /// ``LayoutFields/resolvedLayout()``, plus the line spacing).
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the parameter.
  public func validated() throws -> ResolvedLayout {
    let layout = try resolvedLayout()
    guard spacing.isFinite, spacing >= 0, spacing <= Double(CanvasSize.maximumSide) else {
      throw WordFitError.outOfRange(.spacing, spacing, range: "0…\(CanvasSize.maximumSide)", unit: "px")
    }
    return layout
  }

  /// Reads a spec from a JSON file.
  ///
  /// - Throws: ``WordFitError`` `.missingInput` for a missing file, `.invalidData` for
  ///   malformed JSON, an unknown key or a wrong type (naming the key), `.usage` for a value
  ///   out of range (naming the key).
  public static func load(contentsOf path: String) throws -> RenderSpec {
    try SpecDecoding.decode(RenderSpec.self, contentsOf: path)
  }
}
