import Foundation
import WordFitCore
import WordFitDrawing
import WordFitImage
import WordFitText

/// The engine behind `wordfit stack`: a ``StackSpec`` in, a ``StackRendering`` out.
///
/// Not thread-safe (it keeps the fonts it opened): give each thread its own.
public final class StackRenderer {
  let fonts: FontCache
  /// Line breakers by language, for wrapped labels.
  private let breakers = TextBreakers()

  /// Creates a renderer with its own fonts.
  public convenience init() {
    self.init(fonts: FontCache())
  }

  init(fonts: FontCache) {
    self.fonts = fonts
  }

  /// The labels, normalised to NFC and trimmed; at least one, none empty.
  static func checkedLabels(_ labels: [String]) throws -> [String] {
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
    let laidOut = try layOut(spec)
    return try laidOut.rendering(canvas: laidOut.raster())
  }

  /// Renders `spec` as ``render(_:)`` does, with the drawing its pixels were painted from.
  ///
  /// - Throws: as ``render(_:)``.
  /// - Complexity: as ``render(_:)``.
  package func renderDrawn(_ spec: StackSpec) throws -> (rendering: StackRendering, drawing: Drawing) {
    let laidOut = try layOut(spec)
    return (try laidOut.rendering(canvas: laidOut.raster()), laidOut.drawing)
  }

  /// Renders `spec` as an SVG (``Drawing/svg()``) of the same drawing the PNG is painted from,
  /// with the rendering, whose pixels the report reads.
  ///
  /// - Throws: as ``render(_:)``, and as ``Drawing/svg()``.
  /// - Complexity: as ``render(_:)``, plus O(glyphs + outline points).
  public func renderSVG(_ spec: StackSpec) throws -> (svg: [UInt8], rendering: StackRendering) {
    let laidOut = try layOut(spec)
    return (try laidOut.drawing.svg(), try laidOut.rendering(canvas: laidOut.raster()))
  }

  /// Resolves, fits, lays out and shapes `spec` into its drawing: each box (when the style
  /// fills them) and its label's lines, in order. `asList`: as a Wear OS list's items instead
  /// (``renderScroll(_:)``): fitted to the screen's width less the list's side padding, with
  /// no height limit but a screen a label, top down, the screen's outline not applied.
  func layOut(_ spec: StackSpec, asList: Bool = false) throws -> LaidOutStack {
    let labels = try Self.checkedLabels(spec.labels)
    if let height = spec.fields.edgeButton {
      throw WordFitError(
        .usage,
        "\(Parameter.edgeButton) \(height) puts one label on one screen's button, not a stack of boxes; preview each label as a text, or set the labels side by side on their buttons (stack, as a PNG)",
        reason: .malformed(.edgeButton, value: String(height), expected: "no edge button in a stack of boxes"))
    }
    if let positions = spec.scroll, !asList {
      throw WordFitError(
        .usage,
        "\(Parameter.scroll) \(positions) draws the stack as a Wear OS list at its scroll positions, side by side, as pixels; write it as a PNG or a WebP, one stack at a time",
        reason: .malformed(.scroll, value: String(positions), expected: "a list written as pixels"))
    }
    let resolved = try spec.validated()
    let (canvasSize, shape, fills) = (resolved.layout.canvas, resolved.shape, resolved.fills)
    let (foreground, background) = (resolved.layout.foreground, resolved.layout.background)
    let (cascade, fontWarnings) = try fonts.cascade(for: resolved.layout.fonts)
    _ = cascade.takeProblems()

    var warnings = fontWarnings + [resolved.layout.fontScaleWarning].compactMap { $0 }
    var request = try stackRequest(spec, labels: labels, resolved: resolved, warnings: &warnings)
    if asList { Self.makeList(&request, canvas: canvasSize, items: labels.count) }
    if resolved.layout.widthAxis != nil {
      warnings.append("\(Parameter.widthAxis) is not applied to a stack yet; the labels keep the font's width")
    }
    let (layout, lineTracking, tracking) = try trackedLayout(
      request, layout: resolved.layout, cascade: cascade, warnings: &warnings)
    let shapeLine = { (text: String, direction: LineDirection?) in
      cascade.shape(
        text, atSize: layout.size, direction: direction ?? resolved.layout.direction,
        tracking: lineTracking[text].map { Double($0) / 64 } ?? tracking.pixels(atSize: layout.size))
    }
    let radius = Self.cornerRadius(shape, of: layout, warnings: &warnings)
    // A wrapped label's lines are shaped each, in the label's paragraph direction.
    let shapedLabels = layout.boxes.map { box in
      box.lines.isEmpty
        ? [shapeLine(box.text, nil)]
        : box.lines.map { shapeLine($0.text, resolved.layout.direction ?? LineDirection.ofParagraph(box.label)) }
    }
    var drawing = Drawing(width: canvasSize.width, height: canvasSize.height, background: background)
    drawing.shape = resolved.layout.shape
    var missing: [Unicode.Scalar] = []
    for (index, box) in layout.boxes.enumerated() {
      if !fills.isEmpty { drawing.marks.append(.box(box.frame, shape, fills[index % fills.count])) }
      let origins = box.lines.isEmpty ? [box.textOrigin] : box.lines.map(\.origin)
      for (shaped, origin) in zip(shapedLabels[index], origins) {
        missing.append(contentsOf: shaped.missingCharacters.filter { !missing.contains($0) })
        let identities = cascade.fonts.map { $0.identity(atSize: shaped.size) }
        drawing.marks.append(.text(Drawing.Line(shaped: shaped, origin: origin, fonts: identities), foreground))
      }
    }
    try resolved.layout.missingGlyphs.check(missing)
    return LaidOutStack(
      drawing: drawing, layout: layout, resolved: resolved, cascade: cascade, shapedLabels: shapedLabels,
      format: cascade.format(for: shapedLabels.flatMap { $0 }, holding: [foreground, background] + fills),
      cornerRadius: radius, missing: missing, warnings: warnings)
  }

  /// `request` as a Wear OS list's: the screen's width less Material 3's side padding, a
  /// screen's height per item, top down, no outline.
  private static func makeList(_ request: inout StackRequest, canvas: CanvasSize, items: Int) {
    let side = Int((Double(canvas.width) * ScrollRendering.contentPadding.horizontal).rounded(.up))
    request.availableBox = PixelBox(minX: side, minY: 0, maxX: canvas.width - side, maxY: canvas.height * items)
    request.outline = nil
    request.verticalAlignment = .top
  }

  /// The corner radius of the boxes (all one size), warning when the style asks for more than
  /// half a box.
  private static func cornerRadius(_ shape: BoxShape, of layout: StackLayout, warnings: inout [String]) -> Double {
    guard let first = layout.boxes.first else { return 0 }
    let radius = shape.radius(width: first.frame.width, height: first.frame.height)
    if case .rounded(let asked) = shape, asked > radius {
      warnings.append(
        "radius \(TextFormatting.pixels(asked)) px is more than half the box (\(first.frame.width)x\(first.frame.height) px); clamped to \(TextFormatting.pixels(radius)) px"
      )
    }
    return radius
  }

  /// The fitting engine's request for `spec`'s checked `labels`: wrapped labels cut at their
  /// line-break opportunities.
  private func stackRequest(
    _ spec: StackSpec, labels: [String], resolved: ResolvedStack, warnings: inout [String]
  ) throws -> StackRequest {
    var request = StackRequest(
      labels: labels, availableBox: resolved.layout.availableBox, maximumSize: resolved.layout.maximumSize,
      minimumScaleFactor: resolved.layout.minimumScaleFactor, spacing: resolved.spacing,
      horizontalPadding: resolved.horizontalPadding, verticalPadding: resolved.verticalPadding, width: spec.width,
      alignment: resolved.layout.alignment, textAlignment: spec.textAlign,
      verticalAlignment: resolved.layout.verticalAlignment, overflow: resolved.layout.overflow)
    request.outline = resolved.layout.outline
    try resolved.layout.textLayout.prepare(
      &request, labels: labels, resolved.layout, breakers: breakers, warnings: &warnings)
    return request
  }

  /// Each wrapped label cut at its hyphenation points as well, when ``ResolvedLayout/hyphenation``
  /// is `auto` and a dictionary serves the language (else `nil`; a missing language or
  /// dictionary is a warning).
  private func hyphenator(
    _ request: StackRequest, _ layout: ResolvedLayout, warnings: inout [String]
  ) -> (([[LineSegment]]) throws -> [[LineSegment]])? {
    guard request.wraps, layout.hyphenation == .auto else { return nil }
    let (dictionary, warning) = breakers.hyphenationDictionary(for: layout.language)
    if let warning { warnings.append(warning) }
    guard let dictionary else { return nil }
    return { labels in
      let hyphenator = try Hyphenator.shared(contentsOf: dictionary)
      return labels.map { hyphenator.hyphenated($0) }
    }
  }

  /// The fonts drawn with, and for each box the fonts of all its lines.
  static func usage(_ cascade: FontCascade, _ shapedLabels: [[ShapedText]]) -> (
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
}

extension StackRenderer {
  /// The stack fitted with its tracking: with tightening, fitted with every label fully
  /// tightened, then each label's lines relaxed to the least tightening they need (their
  /// tracking in 26.6 px by text) and the boxes placed again; with the base tracking.
  func trackedLayout(
    _ request: StackRequest, layout resolved: ResolvedLayout, cascade: FontCascade, warnings: inout [String]
  ) throws -> (StackLayout, [String: Int], Tracking) {
    let tracking = WordStackRenderer.tracking(resolved, cascade: cascade)
    let tightening = resolved.tightening
    let measurer = TextMeasurer(
      cascade: cascade, direction: resolved.direction,
      tracking: tightening > 0 ? .plusEm(tracking, perEm: -tightening) : tracking, lineBox: resolved.lineBox)
    var layout = try StackLayout(
      request, measurer: measurer, hyphenate: hyphenator(request, resolved, warnings: &warnings))
    var lineTracking: [String: Int] = [:]
    guard tightening > 0 else { return (layout, lineTracking, tracking) }
    layout.remeasure(request) { line, width in
      let relaxed = WordStackRenderer.relaxed(
        line.text, atSize: line.size, width: width, cascade: cascade, direction: resolved.direction, base: tracking,
        tightening: tightening)
      lineTracking[line.text] = Swift.min(lineTracking[line.text] ?? .max, relaxed.units)
      var remeasured = line
      remeasured.metrics = relaxed.metrics
      return remeasured
    }
    return (layout, lineTracking, tracking)
  }
}
