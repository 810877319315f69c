import WordFitCore
import WordFitDrawing
import WordFitImage
import WordFitText

extension StackRenderer {
  /// Draws `spec` as a Wear OS list (`TransformingLazyColumn` with its default transformation)
  /// scrolled to ``StackSpec/scroll`` positions from its top to its end, the screens side by
  /// side: the labels fitted at one size to the screen's width less the list's side padding
  /// (the list scrolls, so the screen's height does not limit them), each item placed, scaled
  /// about its top centre and faded as ``ListScroll`` says, the screen masked to its outline;
  /// and for each item at each position where it is judged, how many of its label's pixels
  /// fall outside the round screen.
  ///
  /// - Throws: ``WordFitError`` for anything the stack throws for, no scroll positions, a screen
  ///   that is not round, and a strip wider than an image may be.
  /// - Complexity: O(*K* × (*n* items' area + the screen's area)) for *K* positions.
  public func renderScroll(_ spec: StackSpec) throws -> ScrollRendering {
    guard let count = spec.scroll else {
      throw WordFitError(
        .usage, "no \(Parameter.scroll) to draw the list at",
        reason: .malformed(.scroll, value: "", expected: "1…\(ScrollRendering.maximumPositions)"))
    }
    let laidOut = try layOut(spec, asList: true)
    let layout = laidOut.resolved.layout
    guard case .circle = layout.shape else {
      throw WordFitError(
        .usage,
        "\(Parameter.scroll) draws a Wear OS list, which scrolls on a round screen; choose a round canvas (wear-small, wear-large) or a circular \(Parameter.shape)",
        reason: .malformed(.scroll, value: String(count), expected: "a round screen"))
    }
    let (width, height) = (layout.canvas.width, layout.canvas.height)
    let stripWidth = EdgeButtonStrip.width(of: count, screensOf: width)
    guard stripWidth <= CanvasSize.maximumSide else {
      throw WordFitError(
        .usage,
        "\(count) scroll positions on \(spec.fields.canvas) make a strip \(stripWidth) px wide, over the \(CanvasSize.maximumSide) px an image may have; ask for fewer positions",
        reason: .malformed(.scroll, value: "\(count)", expected: "a strip within \(CanvasSize.maximumSide) px"))
    }
    let items = try laidOut.listItems()
    let list = ListScroll.List(
      heights: laidOut.layout.boxes.map(\.frame.height), spacing: laidOut.resolved.spacing,
      padding: Int((Double(height) * ScrollRendering.contentPadding.vertical).rounded(.up)), screenHeight: height)
    let transformation = ListTransformation.forScreen(
      heightInDP: Double(height) / Double(layout.canvas.pixelsPerPoint), reduceMotion: spec.reduceMotion)
    var strip = Canvas(width: stripWidth, height: height, format: .rgba, background: .transparent)
    var positions: [ScrollRendering.Position] = []
    for (index, offset) in list.offsets(count: count).enumerated() {
      let scroll = ListScroll(list, offset: offset, transformation: transformation)
      var screen = Canvas(width: width, height: height, format: .rgba, background: layout.background)
      let drawn = scroll.placements.map { items[$0.index].draw($0, on: &screen, list: list) }
      let x = index * (width + EdgeButtonStrip.gap)
      strip.copy(layout.masked(screen), atX: x)
      positions.append(
        ScrollRendering.Position(
          offset: offset, frame: PixelBox(minX: x, minY: 0, maxX: x + width, maxY: height), items: drawn))
    }
    return ScrollRendering(
      stack: try laidOut.rendering(canvas: strip), transformation: transformation, list: list, positions: positions,
      canvas: strip)
  }
}

extension Canvas {
  /// Copies `screen` (RGBA, of this canvas's height) into this RGBA canvas with its left edge
  /// at `x`: its own pixels, the rim's alpha included.
  ///
  /// - Complexity: O(the screen's area).
  mutating func copy(_ screen: Canvas, atX x: Int) {
    let rgba = ImageComparator.rgba(screen)
    for row in 0..<Swift.min(height, screen.height) {
      let (source, target) = (row * screen.width * 4, (row * width + x) * 4)
      pixels.replaceSubrange(target..<(target + screen.width * 4), with: rgba[source..<(source + screen.width * 4)])
    }
  }
}
