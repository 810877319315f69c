import Foundation
import WordFitCore
import WordFitDrawing
import WordFitImage
import WordFitText

/// The engine behind `wordfit render`, the library API and the golden tests: a ``RenderSpec``
/// in, a ``Rendering`` out.
///
/// A renderer keeps the fonts it opened. It is not thread-safe: give each thread its own.
public final class WordStackRenderer {
  let fonts: FontCache
  /// Line breakers and hyphenators by language, for wrapped texts.
  let breakers = TextBreakers()
  /// The last layouts resolved, by their fields and line spacing: a badge template lays out the
  /// same few regions for every row, so each is parsed and checked once (see ``resolved(_:)``).
  private var resolvedLayouts: [(fields: LayoutFields, spacing: Double, layout: ResolvedLayout)] = []
  /// Resolved layouts kept (more regions than this are resolved again in turn).
  static let resolvedLayoutLimit = 16

  /// Creates a renderer with its own fonts.
  public convenience init() {
    self.init(fonts: FontCache())
  }

  init(fonts: FontCache) {
    self.fonts = fonts
  }

  /// Resolves `spec` (canvas, colours, font, sizes), fits, lays out and draws it.
  ///
  /// - Throws: ``WordFitError`` for anything in the spec that cannot be rendered, with the
  ///   exit status the command-line tool uses for it.
  /// - Complexity: O(*width* × *height*) to fill and draw, plus O(*n* log *S*) measurements.
  public func render(_ spec: RenderSpec) throws -> Rendering {
    try draw(try layOut(spec))
  }

  /// Lays `spec` out into its drawing, for a vector painter (an output's SVG), with the
  /// rendering's report (fit, lines, fonts, warnings), whose canvas is empty.
  ///
  /// - Throws: as ``render(_:)``.
  /// - Complexity: O(*n* log *S*) measurements, plus O(glyphs).
  public func renderDrawing(_ spec: RenderSpec) throws -> (drawing: Drawing, rendering: Rendering) {
    let laidOut = try layOut(spec)
    return (laidOut.drawing(), laidOut.rendering(canvas: .placeholder))
  }

  /// Renders `spec` as an SVG (``Drawing/svg()``): the same fit, lines and glyph positions as
  /// the PNG, each glyph its outline, the text kept for search; with the rendering's report
  /// (fit, lines, fonts, warnings), whose canvas is empty unless `drawsPixels` asks for the
  /// raster too (a print sheet of the SVGs' badges), from the same layout.
  ///
  /// - Throws: as ``render(_:)``, and as ``Drawing/svg()``.
  /// - Complexity: O(*n* log *S*) measurements, plus O(glyphs + outline points); with
  ///   `drawsPixels`, plus O(*width* × *height*).
  public func renderSVG(_ spec: RenderSpec, drawsPixels: Bool = false) throws -> (svg: [UInt8], rendering: Rendering) {
    let laidOut = try layOut(spec)
    let svg = try laidOut.drawing().svg()
    return (svg, drawsPixels ? try draw(laidOut) : laidOut.rendering(canvas: .placeholder))
  }

  /// Renders `spec` as ``render(_:)`` does, with the drawing its pixels were painted from (a
  /// preview sheet's SVG embeds it).
  ///
  /// - Throws: as ``render(_:)``.
  /// - Complexity: as ``render(_:)``.
  package func renderDrawn(_ spec: RenderSpec) throws -> (rendering: Rendering, drawing: Drawing) {
    let laidOut = try layOut(spec)
    return (try draw(laidOut), laidOut.drawing())
  }

  /// Draws what ``layOut(_:)`` laid out on a canvas of its own.
  ///
  /// - Complexity: O(*width* × *height*).
  package func draw(_ laidOut: LaidOutText) throws -> Rendering {
    var canvas = Canvas(
      width: laidOut.layout.canvasWidth, height: laidOut.layout.canvasHeight,
      format: laidOut.cascade.format(for: laidOut.lines, holding: [laidOut.foreground, laidOut.background]),
      background: laidOut.background)
    try canvas.paint(laidOut.drawing(), fonts: Array(repeating: laidOut.cascade.fonts, count: laidOut.lines.count))
    return laidOut.rendering(canvas: laidOut.resolved.masked(canvas))
  }

  /// Resolves, fits and shapes `spec` without drawing: what ``render(_:)`` draws, for drawing
  /// onto another canvas (a badge region). Its layout's type (``ResolvedLayout/textLayout``)
  /// cuts, fits and places the text.
  ///
  /// - Throws: as ``render(_:)``.
  package func layOut(_ spec: RenderSpec, screen: ResolvedLayout? = nil) throws -> LaidOutText {
    try InputLimits.checkLayoutText(spec.text, .text)
    let resolved = try resolved(spec, on: screen)
    return try resolved.textLayout.layOut(spec, resolved, with: self)
  }

  /// The fonts `resolved` asks for (with the warnings finding them gave) and its tracking.
  ///
  /// - Throws: as ``FontCache/cascade(for:)``.
  func fittingFonts(_ resolved: ResolvedLayout) throws -> (cascade: FontCascade, warnings: [String], tracking: Tracking)
  {
    let (cascade, warnings) = try fonts.cascade(for: resolved.fonts)
    _ = cascade.takeProblems()
    return (cascade, warnings, Self.tracking(resolved, cascade: cascade))
  }

  /// Lays out the straight lines of `kind` (`words`, `wrap`, `line`): cut and fitted as the kind
  /// says, then narrowed (width axis, tightening), shaped and stacked in the available box.
  ///
  /// - Throws: as ``render(_:)``.
  func layOutStraight(_ spec: RenderSpec, _ resolved: ResolvedLayout, as kind: some StraightLines) throws
    -> LaidOutText
  {
    let words = try kind.words(of: spec.text)
    let (cascade, fontWarnings, tracking) = try fittingFonts(resolved)
    let direction =
      kind.takesParagraphDirection ? resolved.direction ?? LineDirection.ofParagraph(spec.text) : resolved.direction
    // With a width axis the fit is made with the narrowest instance, with tightening with every
    // line tightened fully; the text widens, or each line relaxes, below.
    let narrow = try narrowest(resolved, primary: cascade.primary)
    var measurer = TextMeasurer(
      cascade: narrow?.0 ?? cascade, direction: direction,
      tracking: resolved.tightening > 0 ? .plusEm(tracking, perEm: -resolved.tightening) : tracking,
      lineBox: resolved.lineBox)
    measurer.hangingRoom = resolved.hangingRoom
    var warnings = fontWarnings
    var fit = try fitted(words, spec: spec, resolved: resolved, kind: kind, measurer: measurer, warnings: &warnings)
    let stack = { (fit: FitResult, directions: [LineDirection]) in
      WordStackLayout(
        fit: fit, canvasWidth: resolved.canvas.width, canvasHeight: resolved.canvas.height, insets: resolved.insets,
        alignment: resolved.alignment, verticalAlignment: resolved.verticalAlignment, spacing: spec.spacing,
        directions: directions, outline: resolved.outline, trim: resolved.trim)
    }
    let widths = resolved.tightening > 0 || narrow != nil ? stack(fit, []).lines.map(\.availableWidth) : []
    var (drawn, widthAxis) = (cascade, nil as Double?)
    if let narrow {
      (drawn, widthAxis) = try widest(&fit, widths: widths, narrow: narrow, direction: direction, tracking: tracking)
    }
    let lineTracking = Self.lineTracking(
      &fit, widths: widths, cascade: drawn, direction: direction, base: tracking, tightening: resolved.tightening)
    let shapedLines = zip(fit.lines, lineTracking).map {
      drawn.shape($0.text, atSize: $0.size, direction: direction, tracking: Double($1) / 64)
    }
    warnings += Self.inkContactWarnings(shapedLines, tracking: lineTracking, fonts: drawn.fonts)
    let layout = stack(fit, shapedLines.map(\.direction))
    if resolved.lineBox != .natural {
      warnings += Self.lineContactWarnings(layout, shapedLines, fonts: drawn.fonts, fields: spec.fields)
    }
    var missing: [Unicode.Scalar] = []
    for shaped in shapedLines { missing.append(contentsOf: shaped.missingCharacters.filter { !missing.contains($0) }) }
    try resolved.missingGlyphs.check(missing)
    return LaidOutText(
      spec: spec, resolved: resolved, layout: layout, lines: shapedLines, cascade: drawn, tracking: tracking,
      lineTracking: lineTracking.map { Double($0) / 64 }, widthAxis: widthAxis, missing: missing,
      warnings: warnings + drawn.takeProblems() + [resolved.fontScaleWarning].compactMap { $0 })
  }
}

extension WordStackRenderer {
  /// The fit of `words` (one a line) or of the paragraph `spec.text` as `kind` fits it, with a
  /// warning appended when balancing was over its budget.
  func fitted(
    _ words: [String], spec: RenderSpec, resolved: ResolvedLayout, kind: some StraightLines, measurer: TextMeasurer,
    warnings: inout [String]
  ) throws -> FitResult {
    let request = Self.fitRequest(words, spec: spec, resolved: resolved)
    let fit = try kind.fit(spec.text, request, resolved, measurer: measurer, breakers: breakers, warnings: &warnings)
    if fit.balance?.isOverBudget == true {
      warnings.append(
        "the lines were not balanced: balancing \(fit.lines.count) lines of this text would measure more than \(LineBalance.characterBudget) characters; they stay as filled greedily"
      )
    }
    return fit
  }

  /// The fitting engine's request for `words` under `resolved`.
  static func fitRequest(_ words: [String], spec: RenderSpec, resolved: ResolvedLayout) -> FitRequest {
    var request = FitRequest(
      words: words, availableWidth: resolved.availableBox.width, availableHeight: resolved.availableBox.height,
      maximumSize: resolved.maximumSize, minimumScaleFactor: resolved.minimumScaleFactor, lineSpacing: spec.spacing,
      sizing: spec.sizing, overflow: resolved.overflow)
    request.lineLimit = resolved.lineLimit
    request.truncation = resolved.truncation
    request.balancesLines = resolved.balancesLines
    request.outline = resolved.outline?.offsetBy(dx: -resolved.availableBox.minX, dy: -resolved.availableBox.minY)
    request.verticalAlignment = resolved.verticalAlignment
    request.trim = resolved.trim
    (request.overlongWords, request.legibleSize) = (resolved.overlongWords, resolved.legibleSize)
    return request
  }

  /// `spec`'s resolved layout; a part laid out on a canvas of its own (an edge button's label
  /// window) takes the system font, and the points it is measured in, of the `screen` it sits on.
  func resolved(_ spec: RenderSpec, on screen: ResolvedLayout?) throws -> ResolvedLayout {
    var resolved = try resolved(spec)
    if let screen, resolved.fonts.name == nil {
      (resolved.fonts.system, resolved.fonts.pointsPerPixel) = (screen.fonts.system, screen.fonts.pointsPerPixel)
    }
    return resolved
  }

  /// `spec.validated()`, from the layouts this renderer resolved before when its fields and
  /// spacing are the same (the text does not enter into it).
  ///
  /// - Throws: as ``RenderSpec/validated()``.
  /// - Complexity: O(``resolvedLayoutLimit``) comparisons of fields.
  func resolved(_ spec: RenderSpec) throws -> ResolvedLayout {
    if let known = resolvedLayouts.first(where: { $0.spacing == spec.spacing && $0.fields == spec.fields }) {
      return known.layout
    }
    let fresh = try spec.validated()
    if resolvedLayouts.count >= Self.resolvedLayoutLimit { resolvedLayouts.removeFirst() }
    resolvedLayouts.append((spec.fields, spec.spacing, fresh))
    return fresh
  }
}

/// A text fitted, laid out and shaped, not yet drawn.
package struct LaidOutText {
  let spec: RenderSpec
  package let resolved: ResolvedLayout
  package let layout: WordStackLayout
  package let lines: [ShapedText]
  package let cascade: FontCascade
  /// The tracking the lines were measured and shaped with.
  package let tracking: Tracking
  /// Each line's tracking as drawn, in px (with tightening, what it tightened to).
  package let lineTracking: [Double]
  /// The `wdth` the text was drawn at with a width axis, or `nil`.
  package let widthAxis: Double?
  let missing: [Unicode.Scalar]
  let warnings: [String]
  /// Each line's glyph placements when it is set along a curve (the `curved` layout), else `nil`.
  var placements: [[Drawing.GlyphPlacement]]? = nil
  /// What is drawn under the text (an edge button's container).
  var backdrop: [Drawing.Mark] = []

  package var foreground: Color { resolved.foreground }
  package var background: Color { resolved.background }

  /// The text as a drawing of the canvas's size: the background (in the screen's shape) and
  /// each line where the layout put it.
  func drawing() -> Drawing {
    var drawing = Drawing(width: layout.canvasWidth, height: layout.canvasHeight, background: background)
    drawing.shape = resolved.shape
    drawing.marks += backdrop + textMarks()
    return drawing
  }

  /// Each line as a mark of text in the foreground colour, moved `dx`, `dy` px (a badge region's
  /// place): from its origin, or glyph by glyph along its curve.
  ///
  /// - Complexity: O(lines), plus O(glyphs) for curved lines.
  package func textMarks(dx: Int = 0, dy: Int = 0) -> [Drawing.Mark] {
    zip(layout.lines, lines).enumerated().map { index, pair in
      let (line, shaped) = pair
      let fonts = cascade.fonts.map { $0.identity(atSize: shaped.size) }
      if let placements = placements?[index] {
        let curved = Drawing.CurvedLine(shaped: shaped, fonts: fonts, placements: placements)
        return .curvedText(curved.offsetBy(dx: Double(dx), dy: Double(dy)), foreground)
      }
      return .text(
        Drawing.Line(shaped: shaped, origin: PixelPoint(x: line.origin.x + dx, y: line.origin.y + dy), fonts: fonts),
        foreground)
    }
  }

  /// The rendering, with `canvas` as its pixels.
  package func rendering(canvas: Canvas) -> Rendering {
    let font = cascade.primary
    var rendering = Rendering(
      layout: layout, canvas: canvas, fontName: "\(font.familyName) \(font.styleName)", fontVersion: font.version,
      freeTypeVersion: font.freeTypeVersion, missingCharacters: missing, warnings: warnings + cascade.takeProblems(),
      hinting: resolved.hinting, lines: lines)
    (rendering.fonts, rendering.lineFonts) = cascade.usage(of: lines)
    rendering.category = resolved.category
    (rendering.shape, rendering.fontScale) = (resolved.shape, resolved.fontScale)
    (rendering.layoutKind, rendering.textLayout) = (resolved.kind, resolved.textLayout)
    rendering.lineLimit = resolved.lineLimit
    (rendering.tracking, rendering.lineTracking) = (tracking, lineTracking)
    rendering.widthAxis = widthAxis
    return rendering
  }
}

extension FontCascade {
  /// The pixel format for drawing `lines` in `colors`: the smallest that holds the colours, and
  /// RGB at least when a colour glyph (an emoji) is drawn.
  func format(for lines: [ShapedText], holding colors: [Color]) -> PixelFormat {
    let format = PixelFormat.smallest(holding: colors)
    let colored = lines.contains { $0.fonts.contains { fonts[$0].isColor } }
    return colored && format == .grey ? .rgb : format
  }

}
