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

  /// The labels, normalised to NFC and trimmed; at least one, none empty.
  private static func checkedLabels(_ labels: [String]) throws -> [String] {
    let labels = labels.map {
      $0.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    guard !labels.isEmpty else {
      throw WordFitError(
        .usage, "no labels; give at least one \(Parameter.labels)",
        reason: .malformed(.labels, value: "", expected: "at least one label"))
    }
    if let empty = labels.firstIndex(where: \.isEmpty) {
      throw WordFitError(
        .usage, "\(Parameter.labels) \(empty + 1) is empty; every box needs text",
        reason: .malformed(.labels, value: "", expected: "non-empty labels"))
    }
    return labels
  }

  /// Resolves `spec` (preset, canvas, colours, font), fits, lays out and draws it.
  ///
  /// - Throws: ``WordFitError`` for anything in the spec that cannot be rendered.
  /// - Complexity: O(*width* × *height*) plus O(*n* log *S*) measurements.
  public func render(_ spec: StackSpec) throws -> StackRendering {
    guard spec.layout == .words else {
      throw WordFitError(
        .usage,
        "\(Parameter.layout) \(spec.layout.rawValue) is for texts; a stack lays out one label per box on one line",
        reason: .notOneOf(.layout, value: spec.layout.rawValue, choices: [LayoutKind.words.rawValue]))
    }
    let labels = try Self.checkedLabels(spec.labels)
    let resolved = try spec.validated()
    let (canvasSize, shape, fills) = (resolved.layout.canvas, resolved.shape, resolved.fills)
    let (foreground, background) = (resolved.layout.foreground, resolved.layout.background)
    let (cascade, fontWarnings) = try fonts.cascade(for: resolved.layout.fonts)
    _ = cascade.takeProblems()

    let request = StackRequest(
      labels: labels, availableBox: resolved.layout.availableBox, maximumSize: resolved.layout.maximumSize,
      minimumScaleFactor: spec.minScale, spacing: resolved.spacing, horizontalPadding: resolved.horizontalPadding,
      verticalPadding: resolved.verticalPadding, width: spec.width, alignment: spec.align,
      textAlignment: spec.textAlign, verticalAlignment: spec.valign, overflow: spec.overflow)
    let layout = try StackLayout(request, measurer: TextMeasurer(cascade: cascade, direction: spec.direction))

    var warnings = fontWarnings
    var radius = 0.0
    if let first = layout.boxes.first {
      radius = shape.radius(width: first.frame.width, height: first.frame.height)
      if case .rounded(let asked) = shape, asked > radius {
        warnings.append(
          "radius \(TextFormatting.pixels(asked)) px is more than half the box (\(first.frame.width)x\(first.frame.height) px); clamped to \(TextFormatting.pixels(radius)) px"
        )
      }
    }
    let shapedLabels = layout.boxes.map { cascade.shape($0.text, atSize: layout.size, direction: spec.direction) }
    var canvas = Canvas(
      width: canvasSize.width, height: canvasSize.height,
      format: cascade.format(for: shapedLabels, holding: [foreground, background] + fills), background: background)
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
      let shaped = shapedLabels[index]
      missing.append(contentsOf: shaped.missingCharacters.filter { !missing.contains($0) })
      canvas.draw(shaped, fonts: cascade.fonts, at: box.textOrigin, color: foreground)
    }
    try spec.missingGlyphs.check(missing)
    let font = cascade.primary
    var rendering = StackRendering(
      layout: layout, canvas: canvas, cornerRadius: radius, fontName: "\(font.familyName) \(font.styleName)",
      fontVersion: font.version, freeTypeVersion: font.freeTypeVersion, missingCharacters: missing,
      warnings: warnings + cascade.takeProblems())
    (rendering.fonts, rendering.lineFonts) = cascade.usage(of: shapedLabels)
    return rendering
  }
}
