/// The fitting engine: finds the largest size at which lines of text, stacked, fit a box.
///
/// Pure Swift over a ``WordMeasuring``, generic in what a line is (``LineStacking``): words one
/// per line (``WordLines``) or labels in padded boxes (``BoxLines``); both layouts use this one
/// search, limit rule and overflow policy. Sizes live on a 1/64 px grid. The search starts from a
/// closed-form estimate (unscaled advances and line heights), refines it with the ratio of
/// available to measured space, then brackets and bisects so the answer `s` always satisfies:
/// `s` was measured and fits, and `s + 1/64` was measured and does not (unless `s` is the
/// maximum). No size is returned that was not verified.
public struct Fitter<Measurer: WordMeasuring> {
  /// The measurer every size is checked with.
  public let measurer: Measurer

  /// Creates a fitter measuring with `measurer`.
  public init(measurer: Measurer) {
    self.measurer = measurer
  }

  /// Fits `request`.
  ///
  /// - Throws: ``WordFitError`` (`.usage`) for an impossible request (no words, no space, a
  ///   size or scale out of range); (`.invalidData`) when the minimum size does not fit and the
  ///   policy is `fail`, or when not even "…" fits.
  /// At most ``InputLimits/wordsPerText`` words are fitted: with more, the rest are dropped as
  /// lines that do not fit (under `truncate` the last line kept ends in "…"; under `fail` the
  /// request is refused), so no text costs more than that many words.
  ///
  /// - Complexity: O(*n* · log *S*) measurements of *n* ≤ ``InputLimits/wordsPerText`` words,
  ///   *S* the number of 1/64 px steps between the minimum and maximum size; typically 1–6
  ///   sizes are measured.
  public func fit(_ request: FitRequest) throws -> FitResult {
    try fit(request, lines: request.wordLines)
  }

  /// Fits `request`'s texts as `lines` (word lines, padded boxes …): the largest size at which
  /// every text plus the line's horizontal overhead fits across, and the stacked lines fit
  /// down. Individual sizing always stacks word lines.
  ///
  /// - Throws: as ``fit(_:)``.
  /// - Complexity: as ``fit(_:)``.
  public func fit<Lines: LineStacking>(_ request: FitRequest, lines: Lines) throws -> FitResult {
    try validate(request)
    let limit = InputLimits.wordsPerText
    guard request.words.count > limit else { return try fitWords(request, lines: lines) }
    if request.overflow == .fail {
      throw WordFitError(
        .invalidData,
        "the text has \(request.words.count) words; at most \(limit) are fitted (\(Parameter.overflow) truncate keeps the first \(limit))",
        reason: .doesNotFit
      )
    }
    var capped = request
    capped.words = Array(request.words.prefix(limit))
    var result = try fitWords(capped, lines: lines)
    result.words = request.words
    if request.overflow == .truncate, let last = result.lines.popLast() {
      result.lines.append(
        truncated(last, width: request.availableWidth - lines.horizontalOverhead, forceEllipsis: true))
    }
    return result
  }

  private func fitWords<Lines: LineStacking>(_ request: FitRequest, lines: Lines) throws -> FitResult {
    switch request.sizing {
    case .common: return try fitCommon(request, lines: lines)
    case .individual: return try fitIndividually(request)
    }
  }

  /// Whether every word of `request` fits at `size` pixels by the common-size rule (advance
  /// and ink boxes across, line boxes and ink down). Useful to check a size chosen elsewhere.
  ///
  /// - Complexity: O(*n*) measurements.
  public func fits(_ request: FitRequest, atSize size: Double) -> Bool {
    fits(request, atSize: size, lines: request.wordLines)
  }

  /// Whether every text of `request` fits at `size` pixels as `lines`.
  ///
  /// - Complexity: O(*n*) measurements.
  public func fits<Lines: LineStacking>(_ request: FitRequest, atSize size: Double, lines: Lines) -> Bool {
    evaluate(Int((size * 64).rounded(.down)), request, lines: lines).fits
  }

  func validate(_ request: FitRequest) throws {
    guard !request.words.isEmpty else {
      throw WordFitError(
        .usage, "the text has no words; give at least one non-space character",
        reason: .malformed(.text, value: "", expected: "at least one word"))
    }
    guard request.availableWidth > 0, request.availableHeight > 0 else {
      throw WordFitError(
        .usage,
        "no room left for text (\(request.availableWidth)×\(request.availableHeight) px inside the insets); use a larger canvas or smaller insets"
      )
    }
    guard request.maximumSize.isFinite, request.maximumSize >= 1, request.maximumSize <= 4096 else {
      throw WordFitError.outOfRange(.maxSize, request.maximumSize, range: "1…4096", unit: "px")
    }
    guard request.minimumScaleFactor > 0, request.minimumScaleFactor <= 1 else {
      throw WordFitError(
        .usage, "\(Parameter.minScale) \(request.minimumScaleFactor) is out of range; use a value in (0, 1]")
    }
    guard request.lineSpacing.isFinite, request.lineSpacing >= 0 else {
      throw WordFitError.outOfRange(.spacing, request.lineSpacing, range: "0 or more", unit: "px")
    }
    if request.outline != nil, request.sizing == .individual {
      throw WordFitError(
        .usage,
        "\(Parameter.sizing) individual is not fitted to a shaped outline; use \(Parameter.sizing) common or \(Parameter.shape) rect",
        reason: .notOneOf(.sizing, value: "individual", choices: ["common"]))
    }
  }

  // MARK: Common size

  /// One measured size: every word's metrics and whether the stack fits.
  private struct Evaluation {
    var units: Int
    var lineMetrics: LineMetrics
    var words: [WordMetrics]
    /// The line that overshoots its room the most (the widest, on a rectangle), its extent
    /// and its room across, in pixels.
    var widestIndex: Int
    var widestExtent: Int
    var room: Int
    var stackHeight: Int
    var fitsWidth: Bool
    var fitsHeight: Bool
    /// False when measuring stopped at the first word too wide (the others were not measured).
    var isComplete = true
    var fits: Bool { fitsWidth && fitsHeight }
  }

  /// Measures every word at `units` (1/64 px). With `stoppingEarly`, words are measured widest
  /// first (by unscaled advance, `order`) and measuring stops at the first that does not fit
  /// across: a size that fails needs no more, and most sizes a search tries fail.
  private func evaluate<Lines: LineStacking>(
    _ units: Int, _ request: FitRequest, lines: Lines, order: [Int]? = nil
  ) -> Evaluation {
    let size = Double(units) / 64
    let lineMetrics = measurer.lineMetrics(atSize: size)
    let textWidth = request.availableWidth - lines.horizontalOverhead
    if let order {
      for index in order {
        let metrics = measurer.metrics(of: request.words[index], atSize: size)
        if metrics.extentWidth > textWidth {
          return Evaluation(
            units: units, lineMetrics: lineMetrics, words: [], widestIndex: index, widestExtent: metrics.extentWidth,
            room: textWidth, stackHeight: 0, fitsWidth: false, fitsHeight: true, isComplete: false)
        }
      }
    }
    var words: [WordMetrics] = []
    words.reserveCapacity(request.words.count)
    var widestIndex = 0
    var widestExtent = Int.min
    for (index, word) in request.words.enumerated() {
      let metrics = measurer.metrics(of: word, atSize: size)
      words.append(metrics)
      if metrics.extentWidth > widestExtent {
        widestExtent = metrics.extentWidth
        widestIndex = index
      }
    }
    let height = lines.height(of: words, lineMetrics: lineMetrics)
    var evaluation = Evaluation(
      units: units, lineMetrics: lineMetrics, words: words, widestIndex: widestIndex,
      widestExtent: widestExtent, room: textWidth, stackHeight: height,
      fitsWidth: widestExtent <= textWidth,
      fitsHeight: height <= request.availableHeight)
    if let outline = request.outline, evaluation.fits {
      // Each line against the chord at its rows, the block placed as the layout places it.
      let footprint = lines.footprint(of: words, lineMetrics: lineMetrics)
      let spans = footprint.spans(on: outline, alignment: request.verticalAlignment)
      if let worst = footprint.worstOvershoot(spans: spans), worst.overshoot > 0 {
        evaluation.fitsWidth = false
        evaluation.widestIndex = worst.index
        evaluation.widestExtent = footprint.widths[worst.index] - lines.horizontalOverhead
        evaluation.room = spans[worst.index].count - lines.horizontalOverhead
      }
    }
    return evaluation
  }

  /// The measured sizes of one common-size search, cached by size in 1/64 px.
  private final class Search<Lines: LineStacking> {
    let fitter: Fitter
    let request: FitRequest
    let lines: Lines
    let order: [Int]
    /// The widest word's advance in ems (the first estimate's input).
    let widestEms: Double
    var cache: [Int: Evaluation] = [:]

    init(fitter: Fitter, request: FitRequest, lines: Lines) {
      self.fitter = fitter
      self.request = request
      self.lines = lines
      let advances = request.words.map { fitter.measurer.unscaledAdvance(of: $0) }
      order = request.words.indices.sorted { advances[$0] > advances[$1] }
      widestEms = advances.max() ?? 0
    }

    /// A size's evaluation; `complete` measures every word even when one is too wide.
    func evaluation(_ units: Int, complete: Bool = false) -> Evaluation {
      if let known = cache[units], known.isComplete || !complete { return known }
      let fresh = fitter.evaluate(units, request, lines: lines, order: complete ? nil : order)
      cache[units] = fresh
      return fresh
    }

    /// The next size to try: interpolation between the bracket's measured overshoots, else
    /// the last size scaled by the ratio of room to measured extent.
    func refine(_ last: Int, _ low: Int?, _ high: Int?) -> Int {
      func excess(_ e: Evaluation) -> Double {
        Double(Swift.max(e.widestExtent - e.room, e.stackHeight - request.availableHeight))
      }
      if let low, let high {
        let a = excess(evaluation(low))
        let b = excess(evaluation(high))
        if b > a { return low + Int((Double(high - low) * -a / (b - a)).rounded(.down)) }
      }
      let e = evaluation(last)
      let ratio = Swift.min(
        Double(Swift.max(1, e.room)) / Double(Swift.max(1, e.widestExtent)),
        Double(request.availableHeight) / Double(Swift.max(1, e.stackHeight)))
      return Int((Double(last) * ratio).rounded(.down))
    }
  }

  private func fitCommon<Lines: LineStacking>(_ request: FitRequest, lines: Lines) throws -> FitResult {
    let range = request.minimumUnits...request.maximumUnits
    let search = Search(fitter: self, request: request, lines: lines)
    let best = Self.largestFitting(
      in: range, estimate: commonEstimate(request, lines: lines, widestEms: search.widestEms),
      fits: { search.evaluation($0).fits },
      refine: search.refine)
    guard let found = best else { return try fitAtMinimum(search, range: range) }
    let searched = search.cache.count
    let units = largestAbove(found, search: search, range: range)
    let chosen = search.evaluation(units)
    var limit = FitLimit.maximumSize
    var limitingWordIndex: Int? = nil
    if units < range.upperBound {
      let next = search.evaluation(units + 1)
      limit = next.fitsWidth ? .height : .width
      if !next.fitsWidth { limitingWordIndex = next.widestIndex }
    }
    var result = FitResult(
      lines: fittedLines(request.words, chosen), size: Double(units) / 64, limit: limit,
      limitingWordIndex: limitingWordIndex, measuredSizeCount: searched, words: request.words)
    result.scannedSizeCount = search.cache.count - searched
    return result
  }

  /// The overshoot, in whole pixels, past which no larger size can fit. A measured extent
  /// stands within 2 px of the same extent unrounded, which only grows with the size: a line's
  /// ink width is its glyph boxes' rounded-out edges (`ceil` right, `floor` left: under +2 px
  /// over the unrounded width, never under it); the stack's height rounds baselines to the
  /// nearest pixel (±½ px) and ink bottoms out (under +1 px), so it stands in [−½, +1½). A size
  /// that fits has unrounded extents at most the room (+½ px for height); a size that overshoots
  /// by more than 2 px has unrounded extents above that, and so has every larger size.
  static var settledOvershoot: Int { 2 }

  /// On a shaped outline, how many 1/64 px steps above the largest size found to fit are
  /// checked (1 px): a line's chord changes with its rows, so no overshoot bound holds there.
  static var outlineScanSteps: Int { 64 }

  /// The largest size at or above `found` that fits, checking every 1/64 px step above it while
  /// rounding could still let one fit: `found` fits and `found + 1` does not, but pixel rounding
  /// makes fitting non-monotonic within a pixel or two. Once a size overshoots the room by more
  /// than ``settledOvershoot`` no larger size can fit, so the scan stops there.
  ///
  /// - Complexity: O(*k*) evaluations, *k* the steps until the overshoot passes the slack
  ///   (a few dozen at most; a width-limited step measures one word).
  private func largestAbove<Lines: LineStacking>(
    _ found: Int, search: Search<Lines>, range: ClosedRange<Int>
  ) -> Int {
    var best = found
    var units = found + 1
    let shaped = search.request.outline != nil
    while units <= range.upperBound {
      let evaluation = search.evaluation(units)
      if evaluation.fits {
        best = units
      } else {
        let widthOvershoot = evaluation.fitsWidth ? Int.min : evaluation.widestExtent - evaluation.room
        let heightOvershoot =
          evaluation.fitsHeight ? Int.min : evaluation.stackHeight - search.request.availableHeight
        if heightOvershoot > Self.settledOvershoot { break }
        if shaped ? units - best > Self.outlineScanSteps : widthOvershoot > Self.settledOvershoot { break }
      }
      units += 1
    }
    return best
  }

  /// The answer when even the minimum size does not fit: the overflow policy decides.
  private func fitAtMinimum<Lines: LineStacking>(_ search: Search<Lines>, range: ClosedRange<Int>) throws
    -> FitResult
  {
    let request = search.request
    let minimum = search.evaluation(range.lowerBound, complete: true)
    let limitingWordIndex = minimum.fitsWidth ? nil : minimum.widestIndex
    let overflowed = try resolveOverflow(
      fittedLines(request.words, minimum), request, lines: search.lines, lineMetrics: minimum.lineMetrics,
      limitingWordIndex: limitingWordIndex)
    return FitResult(
      lines: overflowed, size: Double(range.lowerBound) / 64, limit: .minimumSize,
      limitingWordIndex: limitingWordIndex, measuredSizeCount: search.cache.count, words: request.words)
  }

  private func fittedLines(_ words: [String], _ evaluation: Evaluation) -> [FittedLine] {
    zip(words, evaluation.words).map {
      FittedLine(
        source: $0.0, text: $0.0, size: Double(evaluation.units) / 64, metrics: $0.1,
        lineMetrics: $0.1.lineMetrics ?? evaluation.lineMetrics)
    }
  }

  /// The closed-form first guess in 1/64 px: the widest word's advance in ems (`widestEms`, 0
  /// when the width is no limit) against the width, the stack's line heights against the height.
  private func commonEstimate<Lines: LineStacking>(_ request: FitRequest, lines: Lines, widestEms: Double) -> Int {
    let lineEms = measurer.lineMetrics(atSize: 1).lineHeight
    var size = request.maximumSize
    let width = request.availableWidth - lines.horizontalOverhead
    if widestEms > 0 { size = Swift.min(size, Double(width) / widestEms) }
    if lineEms > 0 {
      size = Swift.min(
        size, lines.sizeEstimate(forHeight: request.availableHeight, lineCount: request.words.count, lineEms: lineEms))
    }
    guard size.isFinite, size > 0 else { return request.minimumUnits }
    return Int((size * 64).rounded(.down))
  }

  /// The largest `u` in `range` such that `fits(u)` and not `fits(u + 1)` (or `u` is the upper
  /// bound), or `nil` when no size at or below the first one tried fits down to the lower bound.
  ///
  /// Every measured size narrows a bracket (largest size known to fit, smallest known not to,
  /// above it). The next size is `refine`'s guess from the last measurement and the bracket
  /// (interpolation between the bracket's measured extents, or the ratio of room to measured
  /// extent) when it falls strictly inside the bracket; otherwise the search gallops
  /// towards the missing side or bisects. So it holds where fitting is not monotonic, and a good
  /// estimate needs two or three measurements.
  ///
  /// - Complexity: O(log *S*) calls to `fits` for a range of *S* steps.
  static func largestFitting(
    in range: ClosedRange<Int>, estimate: Int, fits: (Int) -> Bool,
    refine: (_ last: Int, _ low: Int?, _ high: Int?) -> Int
  ) -> Int? {
    func clamped(_ u: Int) -> Int { Swift.min(range.upperBound, Swift.max(range.lowerBound, u)) }
    var low: Int? = nil
    var high: Int? = nil
    var candidate = clamped(estimate)
    var step = 1
    // A step of one unit up from a size that fits (the lines re-break just below the width at
    // each size, and the next size would be one more): the search gallops up instead.
    var (creeps, stride) = (0, 2)
    for _ in 0..<128 {
      let fitted = fits(candidate)
      if fitted {
        if low.map({ candidate > $0 }) ?? true { low = candidate }
        if candidate == range.upperBound { return candidate }
      } else if high.map({ candidate < $0 }) ?? true {
        high = candidate
      }
      if let l = low, let h = high, h <= l { high = nil }
      if let l = low, let h = high, h == l + 1 { return l }
      if low == nil, high == range.lowerBound { return nil }
      var next = clamped(refine(candidate, low, high))
      let floor = low ?? (range.lowerBound - 1)
      let ceiling = high ?? (range.upperBound + 1)
      (creeps, stride) = fitted && next == candidate + 1 ? (creeps + 1, stride) : (0, 2)
      if creeps >= 1 {
        next = Swift.min(ceiling - 1, candidate + stride)
        stride *= 2
      }
      if next <= floor || next >= ceiling || next == candidate {
        if let l = low, let h = high {
          next = l + (h - l) / 2
        } else if let l = low {
          next = Swift.min(range.upperBound, l + step)
          step *= 2
        } else if let h = high {
          next = Swift.max(range.lowerBound, h - step)
          step *= 2
        }
      }
      candidate = next
    }
    return low
  }

  // MARK: Individual sizes

  private func fitIndividually(_ request: FitRequest) throws -> FitResult {
    let range = request.minimumUnits...request.maximumUnits
    var measured = Set<Int>()
    let wordLines = request.wordLines
    guard var heightCap = heightCap(request, lines: wordLines, measured: &measured) else {
      // The stack is too tall even at the minimum size: fit widths at the minimum, then overflow.
      var common = request
      common.sizing = .common
      var result = try fitCommon(common, lines: wordLines)
      result.measuredSizeCount += measured.count
      return result
    }
    // Each word alone against the width, under the cap; lower the cap until the mixed stack fits.
    for _ in 0..<64 {
      var lines: [FittedLine] = []
      var limitingWordIndex: Int? = nil
      var overflowing: [Int] = []
      for (index, word) in request.words.enumerated() {
        let (units, metrics) = largestSize(of: word, in: range.lowerBound...heightCap, request, measured: &measured)
        if metrics.extentWidth > request.availableWidth { overflowing.append(index) }
        if units < heightCap, limitingWordIndex == nil { limitingWordIndex = index }
        let size = Double(units) / 64
        lines.append(
          FittedLine(
            source: word, text: word, size: size, metrics: metrics,
            lineMetrics: metrics.lineMetrics ?? measurer.lineMetrics(atSize: size)))
      }
      let height = VerticalStack(
        lines: lines.map { ($0.lineMetrics, $0.metrics.inkBounds) }, spacing: request.lineSpacing, trim: request.trim
      ).height
      if height > request.availableHeight, heightCap > range.lowerBound {
        heightCap -= 1
        continue
      }
      let largest = lines.map(\.size).max() ?? 0
      if !overflowing.isEmpty || height > request.availableHeight {
        let resolved = try resolveOverflowIndividually(lines, request, limitingWordIndex: overflowing.first)
        return FitResult(
          lines: resolved, size: largest, limit: .minimumSize, limitingWordIndex: overflowing.first,
          measuredSizeCount: measured.count, words: request.words)
      }
      let limit: FitLimit =
        limitingWordIndex != nil ? .width : (heightCap < range.upperBound ? .height : .maximumSize)
      return FitResult(
        lines: lines, size: largest, limit: limit, limitingWordIndex: limitingWordIndex,
        measuredSizeCount: measured.count, words: request.words)
    }
    var common = request
    common.sizing = .common
    return try fitCommon(common, lines: wordLines)
  }

  /// The largest common size (1/64 px) at which the stack fits top to bottom, whatever the
  /// widths: the cap under which each word gets its own size.
  private func heightCap(_ request: FitRequest, lines: WordLines, measured: inout Set<Int>) -> Int? {
    let heightEstimate = commonEstimate(
      FitRequest(
        words: request.words, availableWidth: Int.max / 4, availableHeight: request.availableHeight,
        maximumSize: request.maximumSize, minimumScaleFactor: request.minimumScaleFactor,
        lineSpacing: request.lineSpacing), lines: lines, widestEms: 0)
    var sizes = Set<Int>()
    let cap = Self.largestFitting(
      in: request.minimumUnits...request.maximumUnits, estimate: heightEstimate,
      fits: { units in
        sizes.insert(units)
        return evaluate(units, request, lines: lines).fitsHeight
      },
      refine: { last, _, _ in last })
    measured.formUnion(sizes)
    return cap
  }

  /// The largest size in `range` (1/64 px) at which `word` alone fits across, and its metrics
  /// there (the lower bound when none fits); every size measured is added to `measured`.
  private func largestSize(
    of word: String, in range: ClosedRange<Int>, _ request: FitRequest, measured: inout Set<Int>
  ) -> (units: Int, metrics: WordMetrics) {
    var metricsByUnits: [Int: WordMetrics] = [:]
    func metrics(_ units: Int) -> WordMetrics {
      if let known = metricsByUnits[units] { return known }
      let fresh = measurer.metrics(of: word, atSize: Double(units) / 64)
      metricsByUnits[units] = fresh
      return fresh
    }
    let width = request.availableWidth
    let ems = measurer.unscaledAdvance(of: word)
    let estimate = ems > 0 ? Int((Double(width) / ems * 64).rounded(.down)) : range.upperBound
    let units =
      Self.largestFitting(
        in: range, estimate: estimate, fits: { metrics($0).extentWidth <= width },
        refine: { last, low, high in
          if let low, let high {
            let a = Double(metrics(low).extentWidth - width)
            let b = Double(metrics(high).extentWidth - width)
            if b > a { return low + Int((Double(high - low) * -a / (b - a)).rounded(.down)) }
          }
          let ratio = Double(width) / Double(Swift.max(1, metrics(last).extentWidth))
          return Int((Double(last) * ratio).rounded(.down))
        }) ?? range.lowerBound
    let chosen = metrics(units)
    measured.formUnion(metricsByUnits.keys)
    return (units, chosen)
  }

  // MARK: Overflow

  /// Common-size lines at the minimum size, resolved by the overflow policy.
  private func resolveOverflow<Lines: LineStacking>(
    _ fitted: [FittedLine], _ request: FitRequest, lines: Lines, lineMetrics: LineMetrics, limitingWordIndex: Int?
  ) throws -> [FittedLine] {
    try resolveOverflow(fitted, request, lines: lines, limitingWordIndex: limitingWordIndex) {
      lines.fittingPrefixCount($0.map(\.metrics), lineMetrics: lineMetrics, height: request.availableHeight)
    }
  }

  /// Individually sized word lines (each with its own line metrics), resolved by the policy.
  private func resolveOverflowIndividually(
    _ fitted: [FittedLine], _ request: FitRequest, limitingWordIndex: Int?
  ) throws -> [FittedLine] {
    try resolveOverflow(
      fitted, request, lines: request.wordLines, limitingWordIndex: limitingWordIndex
    ) {
      VerticalStack.fittingPrefixCount(
        $0.map { ($0.lineMetrics, $0.metrics.inkBounds) }, spacing: request.lineSpacing, trim: request.trim,
        height: request.availableHeight)
    }
  }

  /// What the overflow policy draws when the minimum size does not fit: everything (`clip`),
  /// nothing (`fail` throws), or (`truncate`) each text too wide ended in "…", then the lines
  /// that do not fit the height dropped and the last one kept ended in "…".
  private func resolveOverflow<Lines: LineStacking>(
    _ fitted: [FittedLine], _ request: FitRequest, lines: Lines, limitingWordIndex: Int?,
    fittingCount: ([FittedLine]) -> Int
  ) throws -> [FittedLine] {
    let width = request.availableWidth - lines.horizontalOverhead
    let size = TextFormatting.pixels(Double(request.minimumUnits) / 64)
    switch request.overflow {
    case .clip:
      return fitted
    case .fail:
      let what =
        limitingWordIndex.map { "the \(lines.textNoun) \"\(request.words[$0])\" does not fit across" }
        ?? "\(request.words.count) \(lines.lineNoun == "box" ? "boxes" : "lines") do not fit top to bottom"
      throw WordFitError(
        .invalidData,
        "\(what) even at the minimum size \(size) px (\(Parameter.overflow) fail); use a larger canvas, a smaller \(Parameter.minScale) or \(Parameter.overflow) truncate",
        reason: .doesNotFit)
    case .truncate:
      var kept = fitted.map { $0.metrics.extentWidth > width ? truncated($0, width: width) : $0 }
      if kept.contains(where: { $0.metrics.extentWidth > width }) {
        throw WordFitError(
          .invalidData,
          "not even \"…\" fits across \(width) px at \(size) px; use a larger canvas, less padding or smaller insets",
          reason: .doesNotFit)
      }
      let fitting = fittingCount(kept)
      guard fitting > 0 else {
        throw WordFitError(
          .invalidData,
          "not even one \(lines.lineNoun) fits in \(request.availableHeight) px of height at the minimum size \(size) px; use a larger canvas or smaller insets",
          reason: .doesNotFit)
      }
      if fitting < kept.count {
        kept.removeLast(kept.count - fitting)
        let last = kept.removeLast()
        kept.append(truncated(last, width: width, forceEllipsis: true))
      }
      if let outline = request.outline {
        kept = cut(kept, to: outline, lines: lines, alignment: request.verticalAlignment) {
          truncated($0, width: $1, forceEllipsis: $0.isTruncated)
        }
      }
      return kept
    }
  }

  /// `fitted` (one size) with each line too wide for its chord on `outline` cut by `cutting`
  /// to its room: a few rounds, since a cut line's ink can move the rows; a line no "…" fits
  /// is left for the clip.
  func cut<Lines: LineStacking>(
    _ fitted: [FittedLine], to outline: ContentOutline, lines: Lines, alignment: VerticalAlignment,
    cutting: (FittedLine, Int) -> FittedLine
  ) -> [FittedLine] {
    var kept = fitted
    for _ in 0..<3 {
      let metrics = kept.map { line -> WordMetrics in
        var own = line.metrics
        own.lineMetrics = line.lineMetrics
        return own
      }
      guard let first = kept.first else { return kept }
      let footprint = lines.footprint(of: metrics, lineMetrics: first.lineMetrics)
      let spans = footprint.spans(on: outline, alignment: alignment)
      let narrowest = spans.map(\.count).min() ?? 0
      var changed = false
      for index in kept.indices where footprint.widths[index] > spans[index].count {
        // Boxes of one shared width all take the narrowest chord.
        let span = (lines as? BoxLines)?.sharesWidth == true ? narrowest : spans[index].count
        let room = Swift.max(0, span - lines.horizontalOverhead)
        let cutLine = cutting(kept[index], room)
        if cutLine != kept[index] { (kept[index], changed) = (cutLine, true) }
      }
      if !changed { break }
    }
    return kept
  }

  /// The line with its word truncated to fit `width` (see ``WordMeasuring/truncation(of:atSize:toWidth:forcingEllipsis:)``).
  private func truncated(_ line: FittedLine, width: Int, forceEllipsis: Bool = false) -> FittedLine {
    var line = line
    (line.text, line.metrics) = measurer.truncation(
      of: line.source, atSize: line.size, toWidth: width, forcingEllipsis: forceEllipsis)
    return line
  }
}

extension WordMeasuring {
  /// `text` itself when it fits `width` pixels at `size`; otherwise cut by `mode`: the longest
  /// start (`tail`), end (`head`) or both ends (`middle`) of whole characters with "…" where the
  /// rest was, whose extent fits; just "…" when nothing more fits. With `forcingEllipsis` the
  /// text always shows "…" (after the whole text for `tail`).
  ///
  /// - Complexity: O(log *n*) measurements for a text of *n* characters.
  public func truncation(
    of text: String, atSize size: Double, toWidth width: Int, mode: TruncationMode, forcingEllipsis: Bool = false
  ) -> (text: String, metrics: WordMetrics) {
    guard mode != .tail else {
      return truncation(of: text, atSize: size, toWidth: width, forcingEllipsis: forcingEllipsis)
    }
    let characters = Array(text)
    if !forcingEllipsis {
      let whole = metrics(of: text, atSize: size)
      if whole.extentWidth <= width { return (text, whole) }
    }
    func candidate(_ kept: Int) -> (String, WordMetrics) {
      let end = mode == .head ? kept : kept / 2
      let start = mode == .head ? 0 : kept - end
      let cut = String(characters[0..<start]) + "…" + String(characters[(characters.count - end)...])
      return (cut, metrics(of: cut, atSize: size))
    }
    var (low, high) = (0, forcingEllipsis ? Swift.max(0, characters.count - 1) : characters.count - 1)
    var best = candidate(0)
    while low < high {
      let middle = (low + high + 1) / 2
      let attempt = candidate(middle)
      if attempt.1.extentWidth <= width {
        (low, best) = (middle, attempt)
      } else {
        high = middle - 1
      }
    }
    return best
  }

  /// `word` itself when it fits `width` pixels at `size`; otherwise the longest prefix of
  /// `word` (whole characters) followed by "…" whose extent fits, and its metrics; just "…"
  /// when no prefix fits. With `forcingEllipsis` the text always ends in "…", the whole word
  /// plus "…" tried first (for a line after which lines were dropped).
  ///
  /// - Complexity: O(log *n*) measurements for a word of *n* characters.
  public func truncation(of word: String, atSize size: Double, toWidth width: Int, forcingEllipsis: Bool = false)
    -> (text: String, metrics: WordMetrics)
  {
    let characters = Array(word)
    func candidate(_ count: Int) -> (String, WordMetrics) {
      let text = String(characters[0..<count]) + "…"
      return (text, metrics(of: text, atSize: size))
    }
    if forcingEllipsis {
      let whole = candidate(characters.count)
      if whole.1.extentWidth <= width { return whole }
    } else {
      let whole = metrics(of: word, atSize: size)
      if whole.extentWidth <= width { return (word, whole) }
    }
    var low = 0
    var high = characters.count
    var best = candidate(0)
    while low < high {
      let middle = (low + high + 1) / 2
      let attempt = candidate(middle)
      if attempt.1.extentWidth <= width {
        low = middle
        best = attempt
      } else {
        high = middle - 1
      }
    }
    return best
  }
}
