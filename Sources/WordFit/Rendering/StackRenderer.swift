import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// The engine behind `wordfit stack`: a ``StackSpec`` in, a ``StackRendering`` out.
///
/// Not thread-safe (it keeps the fonts it opened): give each thread its own.
public final class StackRenderer {
  let fonts: FontCache
  /// Line breakers by language, for wrapped labels.
  private var breakers: [String: LineBreaker] = [:]

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
    for label in labels { try InputLimits.checkLayoutText(label, .labels) }
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
    let labels = try Self.checkedLabels(spec.labels)
    let resolved = try spec.validated()
    let (canvasSize, shape, fills) = (resolved.layout.canvas, resolved.shape, resolved.fills)
    let (foreground, background) = (resolved.layout.foreground, resolved.layout.background)
    let (cascade, fontWarnings) = try fonts.cascade(for: resolved.layout.fonts)
    _ = cascade.takeProblems()

    let request = try stackRequest(spec, labels: labels, resolved: resolved)
    let layout = try StackLayout(request, measurer: TextMeasurer(cascade: cascade, direction: spec.direction))

    var warnings = fontWarnings + [resolved.layout.fontScaleWarning].compactMap { $0 }
    var radius = 0.0
    if let first = layout.boxes.first {
      radius = shape.radius(width: first.frame.width, height: first.frame.height)
      if case .rounded(let asked) = shape, asked > radius {
        warnings.append(
          "radius \(TextFormatting.pixels(asked)) px is more than half the box (\(first.frame.width)x\(first.frame.height) px); clamped to \(TextFormatting.pixels(radius)) px"
        )
      }
    }
    // A wrapped label's lines are shaped each, in the label's paragraph direction.
    let shapedLabels = layout.boxes.map { box in
      box.lines.isEmpty
        ? [cascade.shape(box.text, atSize: layout.size, direction: spec.direction)]
        : box.lines.map {
          cascade.shape(
            $0.text, atSize: layout.size, direction: spec.direction ?? LineDirection.ofParagraph(box.label))
        }
    }
    var canvas = Canvas(
      width: canvasSize.width, height: canvasSize.height,
      format: cascade.format(for: shapedLabels.flatMap { $0 }, holding: [foreground, background] + fills),
      background: background)
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
      let origins = box.lines.isEmpty ? [box.textOrigin] : box.lines.map(\.origin)
      for (shaped, origin) in zip(shapedLabels[index], origins) {
        missing.append(contentsOf: shaped.missingCharacters.filter { !missing.contains($0) })
        canvas.draw(shaped, fonts: cascade.fonts, at: origin, color: foreground)
      }
    }
    try spec.missingGlyphs.check(missing)
    let font = cascade.primary
    var rendering = StackRendering(
      layout: layout, canvas: resolved.layout.masked(canvas), cornerRadius: radius,
      fontName: "\(font.familyName) \(font.styleName)", fontVersion: font.version,
      freeTypeVersion: font.freeTypeVersion, missingCharacters: missing, shape: resolved.layout.shape,
      warnings: warnings + cascade.takeProblems())
    (rendering.fonts, rendering.lineFonts) = Self.usage(cascade, shapedLabels)
    return rendering
  }

  /// The fitting engine's request for `spec`'s checked `labels`: wrapped labels cut at their
  /// line-break opportunities.
  private func stackRequest(_ spec: StackSpec, labels: [String], resolved: ResolvedStack) throws -> StackRequest {
    var request = StackRequest(
      labels: labels, availableBox: resolved.layout.availableBox, maximumSize: resolved.layout.maximumSize,
      minimumScaleFactor: spec.minScale, spacing: resolved.spacing, horizontalPadding: resolved.horizontalPadding,
      verticalPadding: resolved.verticalPadding, width: spec.width, alignment: spec.align,
      textAlignment: spec.textAlign, verticalAlignment: spec.valign, overflow: spec.overflow)
    request.outline = resolved.layout.outline
    switch spec.layout {
    case .wrap:
      (request.wraps, request.lineLimit, request.truncation) = (true, spec.lineLimit, spec.truncation)
      request.labelSegments = try labels.map { try breaker(for: spec.language).segments(of: $0) }
    case .words, .line:
      break
    }
    return request
  }

  /// The fonts drawn with, and for each box the fonts of all its lines.
  private static func usage(_ cascade: FontCascade, _ shapedLabels: [[ShapedText]]) -> (
    fonts: [FontUsage], lineFonts: [[Int]]
  ) {
    let (fonts, lineFonts) = cascade.usage(of: shapedLabels.flatMap { $0 })
    var next = 0
    let byBox = shapedLabels.map { lines in
      defer { next += lines.count }
      return lineFonts[next..<(next + lines.count)].reduce(into: [Int]()) { merged, own in
        for font in own where !merged.contains(font) { merged.append(font) }
      }
    }
    return (fonts, byBox)
  }

  /// ICU's line breaker for `language`, opened once per renderer.
  private func breaker(for language: String?) throws -> LineBreaker {
    if let known = breakers[language ?? ""] { return known }
    let fresh = try LineBreaker(language: language)
    breakers[language ?? ""] = fresh
    return fresh
  }
}
