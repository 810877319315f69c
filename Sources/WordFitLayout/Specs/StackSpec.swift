import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// Everything that describes one `wordfit stack`: each command-line option has a key, so a
/// stack can be kept in a JSON file (`wordfit stack --spec FILE.json`). Unknown keys are an
/// error. Lengths are pixels; absent lengths take defaults given in points (× 2 on watch
/// canvases, × 1 on `WxH` canvases). The layout fields are ``fields``'s, read from the same
/// flat object and reachable as the spec's own (`spec.canvas`).
public struct StackSpec: Sendable, Equatable, Codable, EmbedsLayout {
  /// The labels, top to bottom.
  public var labels: [String]
  /// The layout fields, with a box stack's defaults (``LayoutFields/stack``); `align` places
  /// boxes narrower than the available width.
  public var fields: LayoutFields = .stack
  /// How wide the boxes are.
  public var width: StackWidth = .equal
  /// Where a label sits inside its box.
  public var textAlign: HorizontalAlignment = .center
  /// Space between boxes in pixels; default 8 pt.
  public var spacing: Int? = nil
  /// Padding inside each box: 1 value or 2 (vertical, horizontal), in pixels; default from the preset.
  public var padding: [Int]? = nil
  /// Corner radius in pixels; default from the preset. Larger than half the box height is
  /// clamped (with a warning).
  public var radius: Double? = nil
  /// The boxes' outline: `capsule`, `rounded` or `rectangle`; default from the preset and
  /// canvas. (The screen's outline is the layout field `shape`.)
  public var boxShape: String? = nil
  /// Box fills, cycled over the boxes; default from the preset.
  public var fill: [String]? = nil
  /// The look of the boxes.
  public var stylePreset: StackStylePreset = .borderedProminent
  /// How far a render may differ from its golden under `wordfit check`.
  public var tolerance: ToleranceOverrides? = nil
  /// Draw the stack as a Wear OS list scrolled to this many positions (1…``ScrollRendering/maximumPositions``),
  /// top to end, each screen side by side; `nil` for the stack on one screen. Round screens only.
  public var scroll: Int? = nil
  /// With ``scroll``: the list as under Reduce Motion (no scaling or fading).
  public var reduceMotion = false

  /// A spec for `labels` with every default.
  public init(labels: [String]) {
    self.labels = labels
  }

  /// The JSON keys this type reads: its own, then the layout fields'.
  public static var keys: [String] { CodingKeys.allCases.map(\.rawValue) + LayoutFields.keys }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case labels, width, textAlign, spacing, padding, radius, boxShape, fill, stylePreset, tolerance, scroll
    case reduceMotion
  }

  /// Decodes a spec, rejecting unknown keys. `insets` and `padding` may be a number or an
  /// array, `fill` a string (comma list) or an array.
  public init(from decoder: Decoder) throws {
    try SpecDecoding.rejectUnknownKeys(in: decoder, known: Self.keys + ["mask"])
    let c = try decoder.container(keyedBy: CodingKeys.self)
    labels = try c.decode([String].self, forKey: .labels)
    fields = try LayoutFields.stack.decoding(from: decoder)
    width = try c.decodeIfPresent(StackWidth.self, forKey: .width) ?? width
    textAlign = try c.decodeIfPresent(HorizontalAlignment.self, forKey: .textAlign) ?? textAlign
    spacing = try c.decodeIfPresent(Int.self, forKey: .spacing)
    padding = try SpecDecoding.decodeNumbers(c, .padding)
    radius = try c.decodeIfPresent(Double.self, forKey: .radius)
    boxShape = try c.decodeIfPresent(String.self, forKey: .boxShape)
    if let list = try? c.decodeIfPresent(String.self, forKey: .fill) {
      fill = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    } else {
      fill = try c.decodeIfPresent([String].self, forKey: .fill)
    }
    stylePreset = try c.decodeIfPresent(StackStylePreset.self, forKey: .stylePreset) ?? stylePreset
    tolerance = try ToleranceOverrides.addingSpecMask(
      from: decoder, to: try c.decodeIfPresent(ToleranceOverrides.self, forKey: .tolerance))
    scroll = try c.decodeIfPresent(Int.self, forKey: .scroll)
    reduceMotion = try c.decodeIfPresent(Bool.self, forKey: .reduceMotion) ?? false
    _ = try validated()
  }

  /// Encodes the spec as one flat object (the layout fields beside the spec's own keys).
  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(labels, forKey: .labels)
    try c.encode(width, forKey: .width)
    try c.encode(textAlign, forKey: .textAlign)
    try c.encodeIfPresent(spacing, forKey: .spacing)
    try c.encodeIfPresent(padding, forKey: .padding)
    try c.encodeIfPresent(radius, forKey: .radius)
    try c.encodeIfPresent(boxShape, forKey: .boxShape)
    try c.encodeIfPresent(fill, forKey: .fill)
    try c.encode(stylePreset, forKey: .stylePreset)
    try c.encodeIfPresent(tolerance, forKey: .tolerance)
    try c.encodeIfPresent(scroll, forKey: .scroll)
    if reduceMotion { try c.encode(reduceMotion, forKey: .reduceMotion) }
    try fields.encode(to: encoder)
  }

  /// Reads a spec from a JSON file; relative font and fallback files are relative to its folder.
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
    let layout = try fields.resolved()
    let isProminent = stylePreset == .borderedProminent
    let scale = layout.scale
    let paddingValues = padding ?? (isProminent ? [7 * scale, 12 * scale] : [0])
    guard (1...2).contains(paddingValues.count), paddingValues.allSatisfy({ $0 >= 0 && $0 <= CanvasSize.maximumSide })
    else {
      throw WordFitError(
        .usage, "\(Parameter.padding) takes 1 value or 2 (vertical, horizontal), each 0…\(CanvasSize.maximumSide) px",
        reason: .outOfRange(
          .padding, value: paddingValues.map(String.init).joined(separator: ","),
          range: "1 or 2 values, each 0…\(CanvasSize.maximumSide)"))
    }
    let spacing = self.spacing ?? 8 * scale
    guard spacing >= 0, spacing <= CanvasSize.maximumSide else {
      throw WordFitError.outOfRange(.spacing, spacing, range: "0…\(CanvasSize.maximumSide)", unit: "px")
    }
    let fills = try (fill ?? (isProminent ? ["accent"] : [])).map {
      try Color.parse($0, appearance: fields.appearance, for: .fill)
    }
    try checkScroll(layout)
    return ResolvedStack(
      layout: layout, verticalPadding: paddingValues[0], horizontalPadding: paddingValues[paddingValues.count - 1],
      spacing: spacing,
      shape: try boxShape(isProminent: isProminent, isWatch: layout.canvas.watch != nil, scale: scale), fills: fills)
  }

  /// Throws unless ``scroll`` (when given) is 1…``ScrollRendering/maximumPositions`` positions
  /// for at most ``ScrollRendering/maximumItems`` labels; ``reduceMotion`` only with it. (The
  /// round screen is checked where the list is drawn: a `strings` stack group has no canvas of
  /// its own.)
  private func checkScroll(_ layout: ResolvedLayout) throws {
    guard let scroll else {
      guard !reduceMotion else {
        throw WordFitError(
          .usage, "\(Parameter.reduceMotion) changes how a scrolled list moves; give \(Parameter.scroll) too",
          reason: .malformed(.reduceMotion, value: "true", expected: "scroll positions"))
      }
      return
    }
    let most = ScrollRendering.maximumPositions
    guard (1...most).contains(scroll) else {
      throw WordFitError.outOfRange(.scroll, scroll, range: "1…\(most)")
    }
    guard labels.count <= ScrollRendering.maximumItems else {
      throw WordFitError(
        .usage,
        "\(labels.count) labels in a scrolled list; it draws at most \(ScrollRendering.maximumItems): split the list",
        reason: .malformed(
          .labels, value: "\(labels.count)", expected: "at most \(ScrollRendering.maximumItems) labels"))
    }
  }

  /// The box shape from `boxShape` and `radius`, else the preset's.
  private func boxShape(isProminent: Bool, isWatch: Bool, scale: Int) throws -> BoxShape {
    if let radius {
      guard radius.isFinite, radius >= 0 else {
        throw WordFitError.outOfRange(.radius, radius, range: "0 or more", unit: "px")
      }
    }
    switch boxShape?.lowercased() {
    case "capsule": return .capsule
    case "rectangle", "rect": return .rectangle
    case "rounded": return .rounded(radius: radius ?? Double(8 * scale))
    case nil:
      if let radius { return radius == 0 ? .rectangle : .rounded(radius: radius) }
      if !isProminent { return .rectangle }
      return isWatch ? .capsule : .rounded(radius: Double(8 * scale))
    case let other?:
      throw WordFitError.notOneOf(.boxShape, other, choices: ["capsule", "rounded", "rectangle"])
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
