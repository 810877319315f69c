import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// Everything that describes one `wordfit stack`: each command-line option has a key, so a
/// stack can be kept in a JSON file (`wordfit stack --spec FILE.json`). Unknown keys are an
/// error. Lengths are pixels; absent lengths take defaults given in points (× 2 on watch
/// canvases, × 1 on `WxH` canvases).
public struct StackSpec: Sendable, Equatable, Codable, LayoutFields {
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
  /// The Dynamic Type size `style` is read in (`xSmall` … `xxxLarge`, and `Medium`, `AX1` …
  /// `AX5` on `WxH` canvases), or `nil` for the canvas's default.
  public var dynamicType: ContentSizeCategory? = nil
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
  /// The look of the boxes.
  public var stylePreset: StackStylePreset = .borderedProminent
  /// How far a render may differ from its golden under `wordfit check`.
  public var tolerance: ToleranceOverrides? = nil

  /// A spec for `labels` with every default.
  public init(labels: [String]) {
    self.labels = labels
  }

  /// The JSON keys this type reads, in declaration order (for the manual page).
  public static var keys: [String] { CodingKeys.allCases.map(\.rawValue) }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case labels, canvas, font, faceIndex, weight, hinting, direction, fallback, language, strictFont, variations,
      missingGlyphs, style, dynamicType, maxSize,
      minScale, overflow, width, align,
      textAlign, valign,
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
    hinting = try c.decodeIfPresent(Hinting.self, forKey: .hinting) ?? hinting
    direction = try SpecDecoding.decodeDirection(c, .direction)
    fallback = try c.decodeIfPresent(String.self, forKey: .fallback) ?? fallback
    language = try c.decodeIfPresent(String.self, forKey: .language)
    strictFont = try c.decodeIfPresent(Bool.self, forKey: .strictFont) ?? strictFont
    variations = try c.decodeIfPresent(String.self, forKey: .variations)
    missingGlyphs = try c.decodeIfPresent(MissingGlyphPolicy.self, forKey: .missingGlyphs) ?? missingGlyphs
    style = try c.decodeIfPresent(TextStyle.self, forKey: .style) ?? style
    dynamicType = try c.decodeIfPresent(ContentSizeCategory.self, forKey: .dynamicType)
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
    _ = try validated()
  }

  /// Reads a spec from a JSON file.
  ///
  /// - Throws: ``WordFitError`` `.missingInput` for a missing file, `.invalidData` for
  ///   malformed JSON, an unknown key or a wrong type (naming the key).
  public static func load(contentsOf path: String) throws -> StackSpec {
    try SpecDecoding.decode(StackSpec.self, contentsOf: path)
  }
}

extension StackSpec {
  /// Checks every parameter but the labels and the font file, and resolves the preset's
  /// defaults (padding, spacing, shape, fills) on the canvas.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the parameter.
  public func validated() throws -> ResolvedStack {
    let layout = try resolvedLayout()
    let isProminent = stylePreset == .borderedProminent
    let scale = layout.scale
    let paddingValues = padding ?? (isProminent ? [7 * scale, 12 * scale] : [0])
    guard (1...2).contains(paddingValues.count), paddingValues.allSatisfy({ $0 >= 0 && $0 <= CanvasSize.maximumSide })
    else {
      throw WordFitError(
        .usage, "padding takes 1 value or 2 (vertical, horizontal), each 0…\(CanvasSize.maximumSide) px",
        reason: .outOfRange(
          .padding, value: paddingValues.map(String.init).joined(separator: ","),
          range: "1 or 2 values, each 0…\(CanvasSize.maximumSide)"))
    }
    let spacing = self.spacing ?? 8 * scale
    guard spacing >= 0, spacing <= CanvasSize.maximumSide else {
      throw WordFitError.outOfRange(.spacing, spacing, range: "0…\(CanvasSize.maximumSide)", unit: "px")
    }
    let fills = try (fill ?? (isProminent ? ["accent"] : [])).map {
      try Color.parse($0, appearance: appearance, for: .fill)
    }
    return ResolvedStack(
      layout: layout, verticalPadding: paddingValues[0], horizontalPadding: paddingValues[paddingValues.count - 1],
      spacing: spacing,
      shape: try boxShape(isProminent: isProminent, isWatch: layout.canvas.watch != nil, scale: scale), fills: fills)
  }

  /// The box shape from `shape` and `radius`, else the preset's.
  private func boxShape(isProminent: Bool, isWatch: Bool, scale: Int) throws -> BoxShape {
    if let radius {
      guard radius.isFinite, radius >= 0 else {
        throw WordFitError.outOfRange(.radius, radius, range: "0 or more", unit: "px")
      }
    }
    switch shape?.lowercased() {
    case "capsule": return .capsule
    case "rectangle", "rect": return .rectangle
    case "rounded": return .rounded(radius: radius ?? Double(8 * scale))
    case nil:
      if let radius { return radius == 0 ? .rectangle : .rounded(radius: radius) }
      if !isProminent { return .rectangle }
      return isWatch ? .capsule : .rounded(radius: Double(8 * scale))
    case let other?:
      throw WordFitError.notOneOf(.shape, other, choices: ["capsule", "rounded", "rectangle"])
    }
  }
}

/// A stack spec's parameters, parsed and checked, with the preset's defaults applied.
public struct ResolvedStack: Sendable, Equatable {
  /// The shared layout parameters.
  public var layout: ResolvedLayout
  /// Padding above and below each label, in pixels.
  public var verticalPadding: Int
  /// Padding left and right of each label, in pixels.
  public var horizontalPadding: Int
  /// Space between boxes, in pixels.
  public var spacing: Int
  /// The boxes' outline.
  public var shape: BoxShape
  /// The box fills, cycled over the boxes (none: no fill).
  public var fills: [Color]
}
