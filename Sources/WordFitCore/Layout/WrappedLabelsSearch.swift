/// The fit of a stack whose labels wrap inside their boxes (`stack --layout wrap`): one common
/// size at which every label, filled greedily into lines across its box (less padding), takes
/// at most the line limit, and the boxes — all as tall as the tallest label's lines, plus
/// padding — fit down with their spacing. Each label is one ``WrapSearch``; this combines them.
final class WrappedLabelsSearch<Measurer: WordMeasuring> {
  /// One size: each label's lines, and how the boxes stack.
  struct Evaluation {
    var layouts: [WrapLayout]
    /// The tallest label's lines, ink included, in pixels.
    var contentHeight: Int
    /// The stack of boxes, in pixels.
    var stackHeight: Int
    var labelsFit: Bool
    var fits: Bool
    /// Whether no larger size can fit (see ``WrapLayout/isSettled``).
    var isSettled: Bool
    /// The box that overshoots its chord on a shaped outline the most, when one does.
    var outlineLimitedIndex: Int? = nil
  }

  let request: StackRequest
  let labels: [WrapSearch<Measurer>]
  var cache: [Int: Evaluation] = [:]

  init(fitter: Fitter<Measurer>, request: StackRequest) {
    self.request = request
    var each = FitRequest(
      words: [], availableWidth: request.availableBox.width - 2 * request.horizontalPadding,
      availableHeight: 1 << 30, maximumSize: request.maximumSize, minimumScaleFactor: request.minimumScaleFactor,
      overflow: request.overflow)
    each.lineLimit = request.lineLimit
    each.truncation = request.truncation
    labels = request.labelSegments.map { WrapSearch(fitter: fitter, request: each, segments: $0) }
  }

  /// The height of `count` boxes (all of them by default) for labels whose tallest is
  /// `contentHeight` pixels.
  func stackHeight(contentHeight: Int, count: Int? = nil) -> Int {
    let count = count ?? labels.count
    return count * (contentHeight + 2 * request.verticalPadding) + Swift.max(0, count - 1) * request.spacing
  }

  func evaluation(_ units: Int) -> Evaluation {
    if let known = cache[units] { return known }
    var layouts = labels.map { $0.evaluation(units) }
    var content = layouts.map(\.stackHeight).max() ?? 0
    var total = stackHeight(contentHeight: content)
    var labelsFit = layouts.allSatisfy(\.fits)
    var fits = labelsFit && total <= request.availableBox.height
    var outlineLimited: Int? = nil
    if fits, let outline = request.outline {
      outlineLimited = overshootingBox(layouts, contentHeight: content, stackHeight: total, outline: outline)
      // Labels wrapped at the full width may not fit the chords of their boxes' rows: wrap
      // them at those chords instead, as narrow as the rows allow, and place them again (the
      // rows move as the boxes grow), a few rounds at most.
      var round = 0
      while outlineLimited != nil, round < Self.chordRounds {
        round += 1
        let rooms = chordRooms(layouts, contentHeight: content, stackHeight: total, outline: outline)
        layouts = labels.indices.map { labels[$0].layout(units, room: rooms[$0]) }
        content = layouts.map(\.stackHeight).max() ?? 0
        total = stackHeight(contentHeight: content)
        labelsFit = layouts.allSatisfy(\.fits)
        guard labelsFit, total <= request.availableBox.height else { break }
        outlineLimited = overshootingBox(layouts, contentHeight: content, stackHeight: total, outline: outline)
      }
      fits = labelsFit && total <= request.availableBox.height && outlineLimited == nil
    }
    let breaksStand = layouts.allSatisfy { $0.tightestExactRejection > $0.exactSlack }
    let settled =
      !fits
      && (layouts.contains { !$0.fits && $0.isSettled }
        || (labelsFit && breaksStand
          && total - request.availableBox.height > Fitter<Measurer>.settledOvershoot))
    let fresh = Evaluation(
      layouts: layouts, contentHeight: content, stackHeight: total, labelsFit: labelsFit, fits: fits,
      isSettled: settled, outlineLimitedIndex: outlineLimited)
    cache[units] = fresh
    return fresh
  }

  /// The box that overshoots its chord on `outline` the most, or `nil` when every box fits:
  /// labels wrap across the full width, then each box (its label's widest line plus padding,
  /// or the shared width) must fit the chord at its rows.
  private func overshootingBox(_ layouts: [WrapLayout], contentHeight: Int, stackHeight: Int, outline: ContentOutline)
    -> Int?
  {
    let own = layouts.map { ($0.lines.map(\.metrics.extentWidth).max() ?? 0) + 2 * request.horizontalPadding }
    let widest = own.max() ?? 0
    let boxHeight = contentHeight + 2 * request.verticalPadding
    let rows = layouts.indices.map { index -> Range<Int> in
      let top = index * (boxHeight + request.spacing)
      return top..<(top + boxHeight)
    }
    let footprint = StackFootprint(
      top: 0, height: stackHeight, rows: rows, widths: request.width == .equal ? own.map { _ in widest } : own)
    let spans = footprint.spans(on: outline, alignment: request.verticalAlignment)
    guard let worst = footprint.worstOvershoot(spans: spans), worst.overshoot > 0 else { return nil }
    return worst.index
  }

  /// How many times a stack on a shaped outline re-wraps its labels at their boxes' chords.
  static var chordRounds: Int { 4 }

  /// The room each label has across on `outline`: its box's chord at the box's rows, less the
  /// padding; with boxes of one width, the narrowest of them for every label.
  private func chordRooms(_ layouts: [WrapLayout], contentHeight: Int, stackHeight: Int, outline: ContentOutline)
    -> [Int]
  {
    let boxHeight = contentHeight + 2 * request.verticalPadding
    let rows = layouts.indices.map { index -> Range<Int> in
      let top = index * (boxHeight + request.spacing)
      return top..<(top + boxHeight)
    }
    let full = request.availableBox.width
    let footprint = StackFootprint(
      top: 0, height: stackHeight, rows: rows, widths: layouts.map { _ in full })
    let rooms = footprint.spans(on: outline, alignment: request.verticalAlignment).map {
      Swift.max(1, $0.count - 2 * request.horizontalPadding)
    }
    return request.width == .equal ? rooms.map { _ in rooms.min() ?? 1 } : rooms
  }

  /// The first guess: the smallest of the labels' own guesses.
  func estimate() -> Int { labels.map { $0.estimate() }.min() ?? request.fitRequest.minimumUnits }

  /// The next size after `last`: the labels' own guesses, and the room over the stack's height.
  func refine(_ last: Int, _ low: Int?, _ high: Int?) -> Int {
    let current = evaluation(last)
    let heightRatio = Double(request.availableBox.height) / Double(Swift.max(1, current.stackHeight))
    let byHeight = Int((Double(last) * heightRatio).rounded(.down))
    if current.fits {
      return Swift.max(last + 1, Swift.min(byHeight, labels.map { $0.refine(last, low, high) }.min() ?? byHeight))
    }
    var next = labels.indices.filter { !current.layouts[$0].fits }.map { labels[$0].refine(last, low, high) }.min()
    if current.labelsFit { next = Swift.min(next ?? byHeight, byHeight) }
    return next ?? last
  }

  /// What stopped the size at `units`: the next size's failure.
  func limit(above units: Int, range: ClosedRange<Int>) -> FitLimit {
    guard units < range.upperBound else { return .maximumSize }
    let next = evaluation(units + 1)
    if next.layouts.contains(where: { !$0.fitsWidth }) || next.outlineLimitedIndex != nil { return .width }
    if next.layouts.contains(where: { !$0.isComplete || $0.lines.count > (request.lineLimit ?? Int.max) }) {
      return .lineLimit
    }
    return next.labelsFit ? .height : .width
  }

  /// Each label's lines at the minimum size `units`, resolved by the overflow policy: labels
  /// cut by their own limit and width, then, under `truncate`, the boxes that do not fit down
  /// dropped.
  func overflow(at units: Int) throws -> [[FittedLine]] {
    var lines = try labels.map { label -> [FittedLine] in
      let layout = label.evaluation(units)
      return layout.fits ? layout.fittedLines(measurer: label.measurer) : try label.overflow(at: units).lines
    }
    guard request.overflow == .truncate else {
      if request.overflow == .fail, evaluation(units).labelsFit {
        throw WordFitError(
          .invalidData,
          "\(labels.count) boxes do not fit top to bottom even at the minimum size \(TextFormatting.pixels(Double(units) / 64)) px (\(Parameter.overflow) fail); use a larger canvas, a smaller \(Parameter.minScale) or \(Parameter.overflow) truncate",
          reason: .doesNotFit)
      }
      return lines
    }
    let stacking = WordLines(spacing: 0)
    let lineMetrics = labels.first?.measurer.lineMetrics(atSize: Double(units) / 64)
    while lines.count > 1, let lineMetrics {
      let content = lines.map { stacking.height(of: $0.map(\.metrics), lineMetrics: lineMetrics) }.max() ?? 0
      if stackHeight(contentHeight: content, count: lines.count) <= request.availableBox.height { break }
      lines.removeLast()
    }
    return lines
  }
}
