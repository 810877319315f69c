import Foundation
import WordFitCore
import WordFitDrawing
import WordFitText

extension ResolvedLayout {
  /// The circle a `curved` line follows: the round screen's content outline (the screen less its
  /// insets; the inset box's shorter side when it is not square), the sweep in radians, the side.
  public var arcFrame: ArcFrame {
    let box = availableBox
    return ArcFrame(
      centreX: Double(box.minX + box.maxX) / 2, centreY: Double(box.minY + box.maxY) / 2,
      radius: Double(min(box.width, box.height)) / 2, sweep: sweep * .pi / 180, side: arc)
  }
}

extension WordStackRenderer {
  /// Fits, shapes and places a `curved` text: one line (newlines read as spaces) at the largest
  /// size whose advance takes at most the sweep and whose glyphs stay inside the circle
  /// (``ArcFitter``), each glyph placed along the arc and turned with it.
  ///
  /// - Throws: as ``ArcFitter/fit(_:on:maximumSize:minimumSize:overflow:)``, and for a character
  ///   no font has when the missing-glyph policy is `fail`.
  /// - Complexity: O(log *S*) shapings of the line.
  func layOutCurved(_ spec: RenderSpec, _ resolved: ResolvedLayout) throws -> LaidOutText {
    guard resolved.shape == .circle else {
      throw WordFitError(
        .usage,
        "\(Parameter.layout) curved follows the edge of a round screen; use a round canvas (such as wear-large) or \(Parameter.shape) circle",
        reason: .malformed(.layout, value: "curved", expected: "a round screen (shape circle)"))
    }
    let (cascade, warnings, tracking) = try fittingFonts(resolved)
    // One paragraph: the direction of its first strong character, unless one is asked for.
    let measurer = TextMeasurer(
      cascade: cascade, direction: resolved.direction ?? LineDirection.ofParagraph(spec.text), tracking: tracking)
    let text = CurvedLayout.oneLine(spec.text).map(\.text).joined()
    let frame = resolved.arcFrame
    let fitted = try ArcFitter(measurer: measurer).fit(
      text, on: frame, maximumSize: resolved.maximumSize,
      minimumSize: resolved.maximumSize * resolved.minimumScaleFactor, overflow: resolved.overflow)
    let shaped = measurer.shape(fitted.text, atSize: fitted.size)
    let (line, pivots) = cascade.arcLine(of: shaped)
    let baseline = frame.baselineRadius(of: line) ?? frame.radius
    let placements = zip(shaped.glyphs, pivots).map { glyph, pivot in
      let place = frame.penOrigin(
        pen: Double(glyph.x) + Double(glyph.phase) / 4, drop: Double(glyph.y), pivot: pivot, advance: shaped.advance,
        baseline: baseline)
      return Drawing.GlyphPlacement(x: place.x, y: place.y, angle: place.angle)
    }
    let lineMetrics = shaped.lineMetrics ?? cascade.lineMetrics(atSize: fitted.size)
    let fit = fitted.result(source: text, metrics: shaped.metrics, lineMetrics: lineMetrics)
    var layout = WordStackLayout(
      fit: fit, canvasWidth: resolved.canvas.width, canvasHeight: resolved.canvas.height, insets: resolved.insets,
      alignment: .center, verticalAlignment: .center, spacing: 0, directions: [shaped.direction])
    if let first = placements.first {
      layout.lines[0].origin = PixelPoint(x: Int(first.x.rounded(.down)), y: Int(first.y.rounded(.down)))
    }
    layout.lines[0].inkBounds = frame.inkBounds(of: line)
    layout.lines[0].availableWidth = Int((frame.sweep * baseline).rounded(.down))
    try resolved.missingGlyphs.check(shaped.missingCharacters)
    var laidOut = LaidOutText(
      spec: spec, resolved: resolved, layout: layout, lines: [shaped], cascade: cascade, tracking: tracking,
      lineTracking: [tracking.pixels(atSize: fitted.size)], widthAxis: nil, missing: shaped.missingCharacters,
      warnings: warnings + cascade.takeProblems() + [resolved.fontScaleWarning].compactMap { $0 })
    laidOut.placements = [placements]
    return laidOut
  }
}
