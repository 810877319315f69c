/// A line of the stack placed on the canvas.
public struct PositionedLine: Sendable, Equatable {
  /// The text the layout put on this line, before any truncation (``FittedLine/source``).
  public var source: String
  /// The text drawn (``source``, or its truncation ending in "…").
  public var text: String
  /// The size it is drawn at, in pixels.
  public var size: Double
  /// The pen origin on the baseline, in canvas pixels.
  public var origin: PixelPoint
  /// The pen advance, in pixels.
  public var advance: Double
  /// The ink as drawn, in canvas pixels, or `nil` when nothing inks.
  public var inkBounds: PixelBox?
  /// The width the line had to fit in, in pixels: the available width, or on a shaped outline
  /// the chord at the line's rows.
  public var availableWidth = 0
  /// The top of the line's box, in canvas pixels (not rounded): its baseline falls
  /// ``lineBoxBaseline`` below, and the next line's box starts its height (plus spacing) below.
  public var lineBoxTop = 0.0
  /// Where the baseline falls below ``lineBoxTop`` before it is rounded to the pixel grid
  /// (``origin``'s `y`), in pixels: the line box's ascender.
  public var lineBoxBaseline = 0.0
  /// Whether ``text`` is a truncation of ``source``.
  public var isTruncated: Bool { text != source }
}

/// Words stacked one per line on a canvas: the fit and where each line goes.
public struct WordStackLayout: Sendable, Equatable {
  /// Canvas width, in pixels.
  public var canvasWidth: Int
  /// Canvas height, in pixels.
  public var canvasHeight: Int
  /// The area lines must stay inside (the canvas minus the insets).
  public var availableBox: PixelBox
  /// The outline lines stay inside, in canvas pixels, or `nil` for ``availableBox``.
  public var outline: ContentOutline?
  /// The fitting core's answer.
  public var fit: FitResult
  /// The lines, placed.
  public var lines: [PositionedLine]

  /// Places the lines of `fit` inside the canvas minus `insets`; `directions` gives each line's
  /// direction (left to right when absent), which `leading` and `trailing` follow.
  ///
  /// Each line's box (its advance joined with its ink) is aligned horizontally — within the
  /// chord at its rows on a shaped `outline` (canvas pixels, the one the fit used); the block of
  /// lines (line boxes joined with ink, see the README's fitting rule) is aligned vertically.
  /// Centring rounds down to whole pixels.
  ///
  /// - Complexity: O(*n*) for *n* lines.
  public init(
    fit: FitResult, canvasWidth: Int, canvasHeight: Int, insets: EdgeInsets,
    alignment: HorizontalAlignment, verticalAlignment: VerticalAlignment, spacing: Double,
    directions: [LineDirection] = [], outline: ContentOutline? = nil, trim: TextBoxTrim = .none
  ) {
    self.outline = outline
    self.canvasWidth = canvasWidth
    self.canvasHeight = canvasHeight
    self.fit = fit
    let available = PixelBox(
      minX: insets.leading, minY: insets.top, maxX: canvasWidth - insets.trailing,
      maxY: canvasHeight - insets.bottom)
    availableBox = available
    let entries = fit.lines.map { ($0.lineMetrics, $0.metrics.inkBounds) }
    let stack = VerticalStack(lines: entries, spacing: spacing, trim: trim)
    let lineTops = VerticalStack.lineTops(entries, spacing: spacing)
    var blockOrigin = verticalAlignment.blockOrigin(
      top: stack.top, height: stack.height, between: available.minY, available.maxY)
    // Where the first baseline falls before pixel rounding, when the block is aligned by its
    // trimmed box; else the line boxes' own.
    var exactFirstBaseline: Double? = nil
    if trim != .none, outline == nil, let first = fit.lines.first {
      (blockOrigin, exactFirstBaseline) = Self.trimmedOrigin(
        stack, capHeight: first.lineMetrics.capHeight, alignment: verticalAlignment, in: available)
    }
    let spans =
      outline.map {
        WordLines.footprint(entries, widths: [], spacing: spacing, trim: trim).spans(
          on: $0, alignment: verticalAlignment)
      } ?? fit.lines.map { _ in available.minX..<available.maxX }
    lines = zip(fit.lines, stack.baselines).enumerated().map { index, pair in
      let (line, baseline) = pair
      let span = spans[index]
      // Leading and trailing follow each line's direction, as SwiftUI's do.
      let isRightToLeft = directions.indices.contains(index) && directions[index] == .rightToLeft
      let extent = line.metrics.horizontalExtent
      let extentWidth = extent.upperBound - extent.lowerBound
      let x: Int
      switch alignment.resolved(rightToLeft: isRightToLeft) {
      case .leading: x = span.lowerBound - extent.lowerBound
      case .trailing: x = span.upperBound - extent.upperBound
      case .center: x = span.lowerBound + floorHalf(span.count - extentWidth) - extent.lowerBound
      }
      let origin = PixelPoint(x: x, y: blockOrigin + baseline)
      var positioned = PositionedLine(
        source: line.source, text: line.text, size: line.size, origin: origin, advance: line.metrics.advance,
        inkBounds: line.metrics.inkBounds?.offsetBy(dx: origin.x, dy: origin.y))
      positioned.availableWidth = span.count
      // Under trim, the line boxes sit where the exact trimmed placement puts them (the drawn
      // baselines are those rounded, unless the ink moved the block).
      let boxOrigin =
        exactFirstBaseline.map { $0 - lineTops[0] - fit.lines[0].lineMetrics.ascender } ?? Double(blockOrigin)
      (positioned.lineBoxTop, positioned.lineBoxBaseline) = (
        boxOrigin + lineTops[index], line.lineMetrics.ascender
      )
      return positioned
    }
  }

  /// Where a block aligned by its trimmed box goes: the box (the first line's cap height to the
  /// last baseline) placed in 1/64 px as CSS places it, the first baseline rounded once to a
  /// whole pixel, then moved only as far as keeps the ink inside `available`; with the first
  /// baseline before rounding.
  static func trimmedOrigin(
    _ stack: VerticalStack, capHeight cap: Double, alignment: VerticalAlignment, in available: PixelBox
  ) -> (origin: Int, exactFirstBaseline: Double) {
    let (first, last) = (stack.baselines.first ?? 0, stack.baselines.last ?? 0)
    let exact =
      alignment.exactBlockTop(height: cap + Double(last - first), between: available.minY, available.maxY) + cap
    let origin = Int(exact.rounded()) - first
    return (Swift.max(Swift.min(origin, available.maxY - stack.bottom), available.minY - stack.top), exact)
  }

  /// The union of all ink, in canvas pixels, or `nil` when nothing inks.
  public var inkBounds: PixelBox? {
    let boxes = lines.compactMap(\.inkBounds)
    guard let first = boxes.first else { return nil }
    return boxes.dropFirst().reduce(first) { $0.union($1) }
  }
}
