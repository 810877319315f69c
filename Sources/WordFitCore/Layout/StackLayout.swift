/// Labels in boxes stacked vertically, all at one common font size, with equal box heights: the
/// fitting engine's answer for ``BoxLines``, and where each box goes.
///
/// It has the shape of ``WordStackLayout``: the ``fit`` (sizes, limit, truncation, from the same
/// ``Fitter`` search) and the placed elements inside ``availableBox``.
public struct StackLayout: Sendable, Equatable {
  /// The fitting engine's answer (one line per label; fewer when `truncate` dropped some).
  public var fit: FitResult
  /// The area the boxes must stay inside (the canvas minus the insets).
  public var availableBox: PixelBox
  /// The boxes, top to bottom (fewer than the labels when `truncate` dropped some).
  public var boxes: [StackBox]
  /// Each wrapped label's lines (empty for one line per label).
  var labelLines: [[FittedLine]] = []

  /// The common font size, in pixels.
  public var size: Double { fit.size }
  /// What limited the size.
  public var limit: FitLimit { fit.limit }
  /// The label that limited the size, when a width did.
  public var limitingLabelIndex: Int? { fit.limitingWordIndex }
  /// The number of labels asked for.
  public var labelCount: Int { fit.words.count }
  /// How many sizes were measured.
  public var measuredSizeCount: Int { fit.measuredSizeCount }
  /// The box height shared by every box, in pixels.
  public var boxHeight: Int { boxes.first?.frame.height ?? 0 }

  /// Fits and places `request`'s labels, measuring with `measurer`.
  ///
  /// The common size is the fitting engine's (``Fitter/fit(_:lines:)`` with ``BoxLines``): the
  /// largest on the 1/64 px grid at which the widest label plus padding fits across, and `n`
  /// boxes of equal height (the tallest line box or ink, plus padding) plus spacing fit down.
  ///
  /// Wrapped labels (``StackRequest/wraps``) may also break at hyphenation points: `hyphenate`
  /// gives each label's segments with its points (``LineSegment/endsWithHyphenationPoint``), and
  /// they are used only where they let the labels fit at a larger common size, in only the words
  /// that size needs (see ``Fitter/fitHyphenating(_:segments:hyphenate:)``, the same rule).
  ///
  /// - Throws: ``WordFitError`` `.usage` for no labels or no room; `.invalidData` under the
  ///   `fail` overflow policy or when not even "…" fits; what `hyphenate` throws.
  /// - Complexity: O(*n* log *S*) measurements for *n* labels and *S* size steps; with
  ///   hyphenation that helps, a second fit and one layout of the stack per word tried whole.
  public init<Measurer: WordMeasuring>(
    _ request: StackRequest, measurer: Measurer, hyphenate: (([[LineSegment]]) throws -> [[LineSegment]])? = nil
  ) throws {
    guard !request.labels.isEmpty else {
      throw WordFitError(
        .usage, "no labels; give at least one \(Parameter.labels)",
        reason: .malformed(.labels, value: "", expected: "at least one label"))
    }
    let box = request.availableBox
    guard box.width > 2 * request.horizontalPadding, box.height > 2 * request.verticalPadding else {
      throw WordFitError(
        .usage,
        "\(Parameter.padding) \(request.verticalPadding),\(request.horizontalPadding) leaves no room for text in \(box.width)x\(box.height) px; use less padding, smaller insets or a larger canvas",
        reason: .outOfRange(
          .padding, value: "\(request.verticalPadding),\(request.horizontalPadding)",
          range: "less than half of \(box.width)x\(box.height) px"))
    }
    availableBox = box
    if request.wraps {
      let labelLines = try Self.fitWrappedHyphenating(request, measurer: measurer, hyphenate: hyphenate)
      fit = labelLines.fit
      self.labelLines = labelLines.lines
      boxes = Self.placeWrapped(labelLines.lines, texts: fit.lines.map(\.text), request: request)
      return
    }
    let lines = request.lines
    fit = try Fitter(measurer: measurer).fit(request.fitRequest, lines: lines)
    boxes = Self.place(fit, lines: lines, request: request)
  }

  /// Measures every line again with `measure` — given the line and the width its text may take
  /// (its span less the padding) — and places the boxes again with what it returns: each label
  /// relaxing a tightening it needs less of, its box sized and its text centred by the width it
  /// is drawn at.
  ///
  /// - Complexity: O(lines) calls of `measure`, plus placing the boxes.
  public mutating func remeasure(_ request: StackRequest, _ measure: (FittedLine, Int) -> FittedLine) {
    let widths = boxes.map { $0.availableWidth - 2 * request.horizontalPadding }
    guard labelLines.isEmpty else {
      for label in labelLines.indices where widths.indices.contains(label) {
        labelLines[label] = labelLines[label].map { measure($0, widths[label]) }
        let widest = labelLines[label].max { $0.metrics.extentWidth < $1.metrics.extentWidth }
        if let widest, fit.lines.indices.contains(label) { fit.lines[label].metrics = widest.metrics }
      }
      boxes = Self.placeWrapped(labelLines, texts: fit.lines.map(\.text), request: request)
      return
    }
    for index in fit.lines.indices where widths.indices.contains(index) {
      fit.lines[index] = measure(fit.lines[index], widths[index])
    }
    boxes = Self.place(fit, lines: request.lines, request: request)
  }

  /// The boxes of `fit`, placed inside the request's available box.
  private static func place(_ fit: FitResult, lines: BoxLines, request: StackRequest) -> [StackBox] {
    let lineMetrics = fit.lines.first?.lineMetrics ?? LineMetrics(ascender: 0, descender: 0, lineGap: 0)
    let metrics = fit.lines.map(\.metrics)
    let (boxHeight, baselineOffset) = lines.boxGeometry(of: metrics, lineMetrics: lineMetrics)
    let stackHeight = lines.height(of: metrics, lineMetrics: lineMetrics)
    let widest = metrics.map(\.extentWidth).max() ?? 0
    let spans = request.spans(of: lines.footprint(of: metrics, lineMetrics: lineMetrics))
    var y = request.stackTop(height: stackHeight)
    var boxes: [StackBox] = []
    for (line, span) in zip(fit.lines, spans) {
      let ideal = line.metrics.extentWidth
      let width = request.boxWidth(ideal: ideal, widest: widest, span: span)
      let x = request.alignment.offset(of: width, in: span.lowerBound, span.upperBound)
      let origin = PixelPoint(x: request.penX(of: line.metrics, inBoxAt: x, width: width), y: y + baselineOffset)
      var box = StackBox(
        label: line.source, text: line.text, frame: PixelBox(minX: x, minY: y, maxX: x + width, maxY: y + boxHeight),
        idealWidth: ideal, textOrigin: origin, inkBounds: line.metrics.inkBounds?.offsetBy(dx: origin.x, dy: origin.y))
      box.availableWidth = span.count
      boxes.append(box)
      y += boxHeight + request.spacing
    }
    return boxes
  }
}

extension StackLayout {
  /// Each label's lines at `units`, balanced when asked (``StackRequest/balancesLines``): a
  /// balanced label keeps to the box the greedy lines sized (ink can stack taller), else it
  /// stays greedy.
  private static func labelLines<Measurer: WordMeasuring>(
    _ search: WrappedLabelsSearch<Measurer>, at units: Int, balanced: Bool
  ) -> [[FittedLine]] {
    let evaluation = search.evaluation(units)
    return zip(search.labels, evaluation.layouts).map { label, greedy in
      var layout = greedy
      if balanced,
        let even = greedy.balanced(
          segments: label.segments, request: label.request, measurer: label.fitter.measurer, stacking: label.lines
        ).layout,
        even.stackHeight <= evaluation.contentHeight
      {
        layout = even
      }
      return layout.fittedLines(measurer: label.measurer)
    }
  }

  /// Wrapped labels' lines at the largest common size (see ``WrappedLabelsSearch``), and a
  /// ``FitResult`` with one line per label (its lines joined, the widest line's metrics).
  static func fitWrapped<Measurer: WordMeasuring>(_ request: StackRequest, measurer: Measurer) throws -> (
    fit: FitResult, lines: [[FittedLine]]
  ) {
    let fitter = Fitter(measurer: measurer)
    let checked = request.fitRequest
    try fitter.validate(checked)
    let search = WrappedLabelsSearch(fitter: fitter, request: request)
    let range = checked.minimumUnits...checked.maximumUnits
    var lines: [[FittedLine]]
    var (units, limit, scanned) = (range.lowerBound, FitLimit.minimumSize, 0)
    var limitingLabel: Int? = nil
    if let found = Fitter<Measurer>.largestFitting(
      in: range, estimate: search.estimate(), fits: { search.evaluation($0).fits }, refine: search.refine)
    {
      let searched = search.cache.count
      units = found
      var next = found + 1
      while next <= range.upperBound {
        let evaluation = search.evaluation(next)
        if evaluation.fits {
          units = next
        } else if evaluation.isSettled || (request.outline != nil && next - units > Fitter<Measurer>.outlineScanSteps) {
          break
        }
        next += 1
      }
      scanned = search.cache.count - searched
      limit = search.limit(above: units, range: range)
      if limit == .width {
        let next = search.evaluation(units + 1)
        limitingLabel = next.layouts.firstIndex { !$0.fitsWidth } ?? next.outlineLimitedIndex
      }
      lines = Self.labelLines(search, at: units, balanced: request.balancesLines && request.outline == nil)
    } else {
      lines = try search.overflow(at: units)
    }
    let summary = zip(request.labels, lines).map { label, own in
      let widest = own.max { $0.metrics.extentWidth < $1.metrics.extentWidth }
      // A label cut at the minimum size reads as its lines joined; otherwise as itself.
      let isCut = own.contains { $0.text != $0.source }
      return FittedLine(
        source: label, text: isCut ? own.map(\.text).joined(separator: " ") : label, size: Double(units) / 64,
        metrics: widest?.metrics ?? WordMetrics(advance: 0, inkBounds: nil),
        lineMetrics: widest?.lineMetrics ?? measurer.lineMetrics(atSize: Double(units) / 64))
    }
    var fit = FitResult(
      lines: summary, size: Double(units) / 64, limit: limit, limitingWordIndex: limitingLabel,
      measuredSizeCount: search.cache.count - scanned, words: request.labels)
    fit.scannedSizeCount = scanned
    return (fit, lines)
  }

  /// Boxes of wrapped labels: each as tall as the tallest label's lines plus padding, each
  /// label's lines centred in its box, each line aligned by the text alignment.
  static func placeWrapped(_ labelLines: [[FittedLine]], texts: [String], request: StackRequest) -> [StackBox] {
    let stacks = labelLines.map { lines in
      VerticalStack(lines: lines.map { ($0.lineMetrics, $0.metrics.inkBounds) }, spacing: 0)
    }
    let content = stacks.map(\.height).max() ?? 0
    let boxHeight = content + 2 * request.verticalPadding
    let count = labelLines.count
    let stackHeight = count * boxHeight + Swift.max(0, count - 1) * request.spacing
    let widest = labelLines.joined().map(\.metrics.extentWidth).max() ?? 0
    let rows = labelLines.indices.map { index -> Range<Int> in
      let top = index * (boxHeight + request.spacing)
      return top..<(top + boxHeight)
    }
    let spans = request.spans(of: StackFootprint(top: 0, height: stackHeight, rows: rows, widths: []))
    var y = request.stackTop(height: stackHeight)
    var boxes: [StackBox] = []
    for (index, (lines, stack)) in zip(labelLines, stacks).enumerated() {
      let ideal = lines.map(\.metrics.extentWidth).max() ?? 0
      let width = request.boxWidth(ideal: ideal, widest: widest, span: spans[index])
      let x = request.alignment.offset(of: width, in: spans[index].lowerBound, spans[index].upperBound)
      let blockTop = y + request.verticalPadding + floorHalf(content - stack.height) - stack.top
      let placed = zip(lines, stack.baselines).map { line, baseline -> StackLine in
        let origin = PixelPoint(x: request.penX(of: line.metrics, inBoxAt: x, width: width), y: blockTop + baseline)
        return StackLine(
          text: line.text, origin: origin, inkBounds: line.metrics.inkBounds?.offsetBy(dx: origin.x, dy: origin.y))
      }
      let ink = placed.compactMap(\.inkBounds).reduce(nil) { (union: PixelBox?, box) in
        union.map { $0.union(box) } ?? box
      }
      var box = StackBox(
        label: request.labels[index], text: texts[index],
        frame: PixelBox(minX: x, minY: y, maxX: x + width, maxY: y + boxHeight), idealWidth: ideal,
        textOrigin: placed.first?.origin ?? PixelPoint(x: x, y: y), inkBounds: ink)
      box.lines = placed
      box.availableWidth = spans[index].count
      boxes.append(box)
      y += boxHeight + request.spacing
    }
    return boxes
  }
}

extension StackRequest {
  /// Where a stack `height` pixels tall starts, by the vertical alignment.
  func stackTop(height: Int) -> Int {
    verticalAlignment.blockOrigin(top: 0, height: height, between: availableBox.minY, availableBox.maxY)
  }

  /// Each box's columns: the available box's, or on a shaped outline the chord at its rows
  /// (`footprint`'s rows, the stack placed by the vertical alignment).
  func spans(of footprint: StackFootprint) -> [Range<Int>] {
    guard let outline else { return footprint.rows.map { _ in availableBox.minX..<availableBox.maxX } }
    return footprint.spans(on: outline, alignment: verticalAlignment)
  }

  /// A box's width for a label of extent `ideal`, the widest being `widest`, by ``width``;
  /// `fill` boxes span `span` (the available width, or their chord).
  func boxWidth(ideal: Int, widest: Int, span: Range<Int>) -> Int {
    switch width {
    case .equal: widest + 2 * horizontalPadding
    case .fill: span.count
    case .ideal: ideal + 2 * horizontalPadding
    }
  }

  /// The pen's x for a line measuring `metrics` in a box at `x`, `width` wide, by the text
  /// alignment.
  func penX(of metrics: WordMetrics, inBoxAt x: Int, width: Int) -> Int {
    let extent = metrics.horizontalExtent
    switch textAlignment {
    case .leading: return x + horizontalPadding - extent.lowerBound
    case .trailing: return x + width - horizontalPadding - extent.upperBound
    case .center: return x + floorHalf(width - metrics.extentWidth) - extent.lowerBound
    }
  }
}

extension HorizontalAlignment {
  /// Where something `width` pixels wide starts between `minX` and `maxX` under this alignment
  /// (centring rounds down).
  func offset(of width: Int, in minX: Int, _ maxX: Int) -> Int {
    switch self {
    case .leading: minX
    case .trailing: maxX - width
    case .center: minX + floorHalf(maxX - minX - width)
    }
  }
}

/// Half of `value`, rounded towards negative infinity.
func floorHalf(_ value: Int) -> Int {
  value >= 0 ? value / 2 : -((-value + 1) / 2)
}
