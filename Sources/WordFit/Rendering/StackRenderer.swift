import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// The engine behind `wordfit stack`: a ``StackSpec`` in, a ``StackRendering`` out.
///
/// Not thread-safe (it keeps the fonts it opened): give each thread its own.
public final class StackRenderer {
  let fonts: FontCache

  /// Creates a renderer with its own fonts.
  public convenience init() {
    self.init(fonts: FontCache())
  }

  init(fonts: FontCache) {
    self.fonts = fonts
  }

  /// Resolves `spec` (preset, canvas, colours, font), fits, lays out and draws it.
  ///
  /// - Throws: ``WordFitError`` for anything in the spec that cannot be rendered.
  /// - Complexity: O(*width* × *height*) plus O(*n* log *S*) measurements.
  public func render(_ spec: StackSpec) throws -> StackRendering {
    let labels = spec.labels.map {
      $0.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    guard !labels.isEmpty else {
      throw WordFitError(
        .usage, "no labels; give at least one label",
        reason: .malformed(.labels, value: "", expected: "at least one label"))
    }
    if let empty = labels.firstIndex(where: \.isEmpty) {
      throw WordFitError(
        .usage, "label \(empty + 1) is empty; every box needs text",
        reason: .malformed(.labels, value: "", expected: "non-empty labels"))
    }
    let canvasSize = try CanvasSize.parse(spec.canvas)
    let scale = RenderSetup.scale(of: canvasSize)
    let available = try RenderSetup.availableBox(canvasSize, insets: try EdgeInsets(values: spec.insets))
    try RenderSetup.validate(minimumScale: spec.minScale)
    let maximumSize = try RenderSetup.maximumSize(spec.maxSize, style: spec.style, canvas: canvasSize)
    let isProminent = spec.stylePreset == .borderedProminent

    let paddingValues = spec.padding ?? (isProminent ? [7 * scale, 12 * scale] : [0])
    guard (1...2).contains(paddingValues.count), paddingValues.allSatisfy({ $0 >= 0 && $0 <= CanvasSize.maximumSide })
    else {
      throw WordFitError(
        .usage, "padding takes 1 value or 2 (vertical, horizontal), each 0…\(CanvasSize.maximumSide) px",
        reason: .outOfRange(
          .padding, value: spec.padding.map { $0.map(String.init).joined(separator: ",") } ?? "",
          range: "1 or 2 values, each 0…\(CanvasSize.maximumSide)"))
    }
    let spacing = spec.spacing ?? 8 * scale
    guard spacing >= 0, spacing <= CanvasSize.maximumSide else {
      throw WordFitError.outOfRange(.spacing, spacing, range: "0…\(CanvasSize.maximumSide)", unit: "px")
    }
    let shape = try Self.shape(spec, isProminent: isProminent, isWatch: canvasSize.watch != nil, scale: scale)
    let fillNames = spec.fill ?? (isProminent ? ["accent"] : [])
    let fills = try fillNames.map { try Color.parse($0, appearance: spec.appearance, for: .fill) }
    let foreground = try Color.parse(spec.fg, appearance: spec.appearance)
    let background = try Color.parse(spec.bg, appearance: spec.appearance, for: .background)
    let font = try fonts.font(path: spec.font, faceIndex: spec.faceIndex, weight: spec.weight)
    _ = font.takeProblems()

    let request = StackRequest(
      labels: labels, availableBox: available, maximumSize: maximumSize, minimumScaleFactor: spec.minScale,
      spacing: spacing, horizontalPadding: paddingValues[paddingValues.count - 1], verticalPadding: paddingValues[0],
      width: spec.width, alignment: spec.align, textAlignment: spec.textAlign, verticalAlignment: spec.valign,
      overflow: spec.overflow)
    let layout = try StackLayout(request, measurer: font)

    var warnings: [String] = []
    var radius = 0.0
    if let first = layout.boxes.first {
      radius = shape.radius(width: first.frame.width, height: first.frame.height)
      if case .rounded(let asked) = shape, asked > radius {
        warnings.append(
          "radius \(TextFormatting.pixels(asked)) px is more than half the box (\(first.frame.width)x\(first.frame.height) px); clamped to \(TextFormatting.pixels(radius)) px"
        )
      }
    }
    var canvas = Canvas(
      width: canvasSize.width, height: canvasSize.height,
      format: .smallest(holding: [foreground, background] + fills), background: background)
    var missing: [Unicode.Scalar] = []
    for (index, box) in layout.boxes.enumerated() {
      if !fills.isEmpty {
        let fill = fills[index % fills.count]
        let mask = shape.coverage(width: box.frame.width, height: box.frame.height)
        canvas.composite(
          coverage: mask, maskWidth: box.frame.width, maskHeight: box.frame.height, atX: box.frame.minX,
          y: box.frame.minY,
          color: fill)
      }
      let shaped = font.shape(box.text, atSize: layout.size)
      missing.append(contentsOf: shaped.missingCharacters)
      canvas.draw(shaped, font: font, at: box.textOrigin, color: foreground)
    }
    return StackRendering(
      layout: layout, canvas: canvas, cornerRadius: radius, fontName: "\(font.familyName) \(font.styleName)",
      fontVersion: font.version, freeTypeVersion: font.freeTypeVersion, missingCharacters: missing,
      warnings: warnings + font.takeProblems())
  }

  /// The box shape from the spec's `shape` and `radius`, else the preset's.
  static func shape(_ spec: StackSpec, isProminent: Bool, isWatch: Bool, scale: Int) throws -> BoxShape {
    if let radius = spec.radius {
      guard radius.isFinite, radius >= 0 else {
        throw WordFitError.outOfRange(.radius, radius, range: "0 or more", unit: "px")
      }
    }
    switch spec.shape?.lowercased() {
    case "capsule": return .capsule
    case "rectangle", "rect": return .rectangle
    case "rounded": return .rounded(radius: spec.radius ?? Double(8 * scale))
    case nil:
      if let radius = spec.radius { return radius == 0 ? .rectangle : .rounded(radius: radius) }
      if !isProminent { return .rectangle }
      return isWatch ? .capsule : .rounded(radius: Double(8 * scale))
    case let other?:
      throw WordFitError.notOneOf(.shape, other, choices: ["capsule", "rounded", "rectangle"])
    }
  }
}
