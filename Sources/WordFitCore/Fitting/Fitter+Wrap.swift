extension Fitter {
  /// The most 1/64 px steps a wrapped text's scan goes above the largest size its search found
  /// to fit (16 px). Rounding settles the scan within a few steps; a tracking that grows with the
  /// size (`auto`, tightening) rounds once per cluster, so a long line's width can wobble by
  /// more than the rounding bound allows for, and this keeps the scan bounded.
  static var wrapScanSteps: Int { 1_024 }

  /// Fits a text broken into lines at `segments`' ends: the largest size (1/64 px grid, at
  /// most the maximum and at least the minimum) at which the text, filled greedily into lines
  /// at that size as CoreText does, takes at most ``FitRequest/lineLimit`` lines, every line
  /// fits across and the block fits down. At the minimum size the overflow policy decides: under
  /// `truncate` the last line kept holds the rest of the text cut with "…" by
  /// ``FitRequest/truncation``. `request.words` is ignored. With
  /// ``FitRequest/balancesLines`` (not on an outline), the lines at the size found are then
  /// balanced: the same size and line count, the longest line as short as any break set allows,
  /// ties by the least Σ slack² (a dynamic program over the segments, exact for any line count).
  ///
  /// As for words, `s` fits and no size above it does: above the size the search settles on,
  /// sizes are checked until every line break is decided by more than rounding could undo.
  ///
  /// - Throws: as ``fit(_:)``.
  /// - Complexity: O(*n* log *n*) characters measured per size for a text of *n* characters
  ///   (each line's end found by galloping and bisecting over its segments), O(log *S*) sizes
  ///   plus the scan, *S* the 1/64 px steps between the sizes.
  public func fitWrapped(_ request: FitRequest, segments: [LineSegment]) throws -> FitResult {
    try validateWrapped(request, segments: segments)
    let segments = Array(segments.prefix(InputLimits.wordsPerText))
    if request.outline != nil { return try fitOnOutline(request, segments: segments) }
    let search = WrapSearch(fitter: self, request: request, segments: segments)
    let range = request.minimumUnits...request.maximumUnits
    guard
      let found = Self.largestFitting(
        in: range, estimate: search.estimate(), fits: { search.evaluation($0).fits }, refine: search.refine)
    else { return try search.overflow(at: range.lowerBound) }
    let searched = search.cache.count
    var units = found
    var next = found + 1
    while next <= range.upperBound {
      let evaluation = search.evaluation(next)
      if evaluation.fits {
        units = next
      } else if evaluation.isSettled || next - found > Self.wrapScanSteps || search.noLargerSizeFits(from: next) {
        break
      }
      next += 1
    }
    var result = search.result(at: units, limit: search.limit(above: units, range: range))
    result.measuredSizeCount = searched
    result.scannedSizeCount = search.cache.count - searched
    return result
  }
}

extension Fitter {
  /// Checks a wrapped text's request as ``fitWrapped(_:segments:)`` does.
  ///
  /// - Throws: as ``fit(_:)``, and ``WordFitError`` for a line limit below 1.
  func validateWrapped(_ request: FitRequest, segments: [LineSegment]) throws {
    var checked = request
    checked.words = segments.map(\.text)
    try validate(checked)
    if let limit = request.lineLimit, limit < 1 {
      throw WordFitError.outOfRange(.lineLimit, limit, range: "1 or more (or none)")
    }
    let characters = segments.reduce(0) { $0 + $1.text.unicodeScalars.count }
    if request.outline != nil, characters > InputLimits.shapedWrapCharacters {
      throw WordFitError(
        .invalidData,
        "a wrapped text on a round or rounded screen takes at most \(InputLimits.shapedWrapCharacters) characters, and this one has \(characters): shorten it, or fit it on a rectangle",
        reason: .malformed(
          .shape, value: "\(characters) characters", expected: "at most \(InputLimits.shapedWrapCharacters) characters")
      )
    }
  }
}

/// One wrapped text's search: each size's greedy layout, cached by size in 1/64 px.
final class WrapSearch<Measurer: WordMeasuring> {
  let fitter: Fitter<Measurer>
  let request: FitRequest
  let segments: [LineSegment]
  let lines: WordLines
  var cache: [Int: WrapLayout] = [:]
  /// Candidate lines (by segments) rejected beyond rounding, with the smallest size (1/64 px)
  /// that showed it: at every larger size they are rejected without being measured.
  var rejections: [Range<Int>: Int] = [:]

  /// On a shaped outline, the one line count whose block's chords the text is filled into
  /// (``Fitter/fitOnOutline(_:segments:)``); without one, lines are filled at the full width.
  let lineCount: Int?
  /// Lines measured by the searches of every line count, shared.
  let measures: LineMeasures?
  /// The lines this search measured, and where each line ended (the hint the next size's
  /// layout starts from): ``measures`` on an outline, its own on a rectangle.
  let ends: LineMeasures

  init(
    fitter: Fitter<Measurer>, request: FitRequest, segments: [LineSegment], lineCount: Int? = nil,
    measures: LineMeasures? = nil
  ) {
    self.measures = measures
    ends = measures ?? LineMeasures()
    self.fitter = fitter
    self.request = request
    self.segments = segments
    self.lines = request.wordLines
    self.lineCount = lineCount
  }

  var measurer: Measurer { fitter.measurer }

  func evaluation(_ units: Int) -> WrapLayout {
    if let known = cache[units] { return known }
    let fresh: WrapLayout
    if let outline = request.outline, let lineCount {
      fresh = shapedLayout(units, outline: outline, lineCount: lineCount)
    } else {
      fresh = WrapLayout(
        units: units, segments: segments, request: request, measurer: measurer, lines: lines, rejections: &rejections,
        measures: ends)
    }
    cache[units] = fresh
    return fresh
  }

  /// The layout at `units` on a shaped outline in `count` lines: the text filled greedily into
  /// the chords of a block of that many empty lines, each line leaving a segment for every line
  /// after it, then checked against the chords at its real rows (ink included). Real rows move
  /// the block (a line's ink can reach past its box), so when the check fails the text is filled
  /// again into the chords of the lines just laid out, up to ``roomRounds`` times: a line the
  /// empty block's chord refused may fit its real one. A layout of another line count does not
  /// fit.
  ///
  /// - Complexity: at most ``roomRounds`` greedy layouts.
  func shapedLayout(_ units: Int, outline: ContentOutline, lineCount count: Int) -> WrapLayout {
    let lineMetrics = measurer.lineMetrics(atSize: Double(units) / 64)
    let alignment = request.verticalAlignment
    let blank = [WordMetrics](repeating: WordMetrics(advance: 0, inkBounds: nil), count: count)
    var rooms = lines.footprint(of: blank, lineMetrics: lineMetrics).spans(on: outline, alignment: alignment).map(
      \.count)
    var unused: [Range<Int>: Int] = [:]
    var layout = WrapLayout(
      units: units, segments: segments, request: request, measurer: measurer, lines: lines, rejections: &unused,
      rooms: rooms, fillsEveryRoom: true, measures: measures)
    for round in 1...Self.roomRounds {
      guard layout.lines.count == count else {
        layout.fits = false
        break
      }
      if layout.isComplete {
        layout.check(on: outline, stacking: lines, alignment: alignment)
        if layout.fits { return layout }
      }
      let real = lines.footprint(of: layout.lines.map(\.metrics), lineMetrics: lineMetrics).spans(
        on: outline, alignment: alignment
      ).map(\.count)
      if real == rooms || round == Self.roomRounds { break }
      rooms = real
      layout = WrapLayout(
        units: units, segments: segments, request: request, measurer: measurer, lines: lines, rejections: &unused,
        rooms: rooms, fillsEveryRoom: true, measures: measures)
    }
    layout.isSettled = false
    return layout
  }

  /// How many times a layout on an outline is filled again into its real lines' chords.
  static var roomRounds: Int { 3 }

  /// The greedy layout at `units` with every line `room` pixels wide (a stack's box on a shaped
  /// outline, narrower than the full width), not cached.
  func layout(_ units: Int, room: Int) -> WrapLayout {
    var narrow = request
    narrow.availableWidth = Swift.max(1, room)
    var unused: [Range<Int>: Int] = [:]
    return WrapLayout(
      units: units, segments: segments, request: narrow, measurer: measurer, lines: lines, rejections: &unused)
  }

  /// Whether no size at or above `units` can fit, by a bound that holds however close single
  /// breaks are: the greedy layout at `units` with every line allowed its unrounded extent up to
  /// the width plus the rounding slack. A line that fits at a larger size fits that relaxed
  /// width here (unrounded extents only grow with the size, rounding takes back at most the
  /// slack), and greedy filling never takes more lines with more room, so the relaxed line count
  /// and its block's height are lower bounds for every larger size. Past the line limit, or
  /// taller than the room by more than ``Fitter/settledOvershoot``, the search is settled.
  ///
  /// Without it, a text of many short segments (Thai or CJK clusters, hundreds of lines) almost
  /// always had some rejected line within the slack, so every size above was laid out: 315 sizes
  /// for 14,000 Thai characters.
  ///
  /// - Complexity: one greedy layout, O(*n* log *n*) characters measured.
  func noLargerSizeFits(from units: Int) -> Bool {
    let layout = evaluation(units)
    guard !layout.fits, layout.fitsWidth else { return false }
    var unused: [Range<Int>: Int] = [:]
    let relaxed = WrapLayout(
      units: units, segments: segments, request: request, measurer: measurer, lines: lines, rejections: &unused,
      complete: true, relaxation: WrapLayout.exactSlack(positionStep: measurer.positionStep))
    if relaxed.lines.count > (request.lineLimit ?? Int.max) { return true }
    return relaxed.stackHeight - request.availableHeight > Fitter<Measurer>.settledOvershoot
  }

  /// The first guess: the widest segment against the width, the whole text against the lines
  /// the limit allows, and the block's area against the room.
  func estimate() -> Int {
    let width = Double(request.availableWidth)
    let lineEms = measurer.lineMetrics(atSize: 1).lineHeight
    let advances = segments.map { measurer.unscaledAdvance(of: $0.text) }
    let total = advances.reduce(0, +)
    var size = request.maximumSize
    if let widest = advances.max(), widest > 0 { size = Swift.min(size, width / widest) }
    if total > 0, lineEms > 0 {
      let lineCount = Double(request.lineLimit ?? Int.max)
      size = Swift.min(size, lineCount * width / total)
      size = Swift.min(size, (Double(request.availableHeight) * width / (total * lineEms)).squareRoot())
    }
    guard size.isFinite, size > 0 else { return request.minimumUnits }
    return Int((size * 64).rounded(.down))
  }

  /// The next size to try after `last`. Below a size that fits: up to where the tightest
  /// rejected line would fit, its extent scaled with the size. Above one that does not: down by
  /// the room over what overflowed (a segment too wide, the block too tall), or to where the
  /// tightest rejected line would fit (too many lines), the line that decides the count.
  func refine(_ last: Int, _ low: Int?, _ high: Int?) -> Int {
    let layout = evaluation(last)
    let width = Double(request.availableWidth)
    if layout.fits {
      let ratio = Swift.min(
        Double(Swift.max(1, layout.limitingRoom)) / Double(Swift.max(1, layout.widestExtent)),
        (Double(request.availableHeight) / Double(Swift.max(1, layout.stackHeight))).squareRoot())
      return Swift.max(last + 1, Int((Double(last) * ratio).rounded(.down)))
    }
    var ratio = 1.0
    if !layout.fitsWidth {
      ratio = Swift.min(ratio, Double(Swift.max(1, layout.limitingRoom)) / Double(layout.widestExtent))
    }
    if layout.isComplete, layout.stackHeight > request.availableHeight {
      ratio = Swift.min(ratio, (Double(request.availableHeight) / Double(layout.stackHeight)).squareRoot())
    }
    if !layout.isComplete || layout.lines.count > (request.lineLimit ?? Int.max), layout.tightestRejection < Int.max {
      ratio = Swift.min(ratio, width / (width + Double(layout.tightestRejection)))
    }
    return ratio < 1 ? Int((Double(last) * ratio).rounded(.down)) : last
  }

  /// What stopped the size at `units`: the next size's failure.
  func limit(above units: Int, range: ClosedRange<Int>) -> FitLimit {
    guard units < range.upperBound else { return .maximumSize }
    let next = evaluation(units + 1)
    if !next.fitsWidth { return .width }
    if !next.isComplete || next.lines.count > (request.lineLimit ?? Int.max) { return .lineLimit }
    return next.stackHeight > request.availableHeight ? .height : .width
  }

  /// The result at `units` (a size that fits).
  func result(at units: Int, limit: FitLimit) -> FitResult {
    var layout = evaluation(units)
    var overBudget = false
    if request.balancesLines, request.outline == nil {
      switch layout.balanced(segments: segments, request: request, measurer: fitter.measurer, stacking: lines) {
      case .balanced(let balanced): layout = balanced
      case .unchanged: break
      case .overBudget: overBudget = true
      }
    }
    let fitted = layout.fittedLines(measurer: measurer)
    var result = FitResult(
      lines: fitted, size: Double(units) / 64, limit: limit,
      limitingWordIndex: limit == .width ? evaluation(units + 1).widestIndex : nil, measuredSizeCount: 0,
      words: fitted.map(\.source))
    if let index = result.limitingWordIndex, !fitted.indices.contains(index) {
      // The next size broke into more lines; the line past this layout's is not one of its words.
      result.limitingWordIndex = nil
    }
    (result.breakOffsets, result.breakKinds) = breaks(layout.lines.dropLast().map(\.segments.upperBound))
    if request.outline == nil {
      result.balance = LineBalance(
        extents: layout.lines.map(\.metrics.exactExtentWidth), width: request.availableWidth,
        hyphens: result.breakKinds.filter { $0 == .hyphen }.count)
      result.balance?.isOverBudget = overBudget
    }
    return result
  }

  /// The character offsets of the segment ends `ends` (segments never split a cluster, so
  /// their characters add up), and what kind of break each is.
  func breaks(_ ends: [Int]) -> (offsets: [Int], kinds: [LineBreakKind]) {
    var offsets: [Int] = []
    var (count, index) = (0, 0)
    for end in ends {
      while index < end {
        count += segments[index].text.count
        index += 1
      }
      offsets.append(count)
    }
    return (offsets, ends.map { $0 > 0 ? segments[$0 - 1].breakKind : .word })
  }

  /// The answer when even the minimum size does not fit: the overflow policy decides.
  func overflow(at units: Int) throws -> FitResult {
    var rejections = self.rejections
    let layout = WrapLayout(
      units: units, segments: segments, request: request, measurer: measurer, lines: lines, rejections: &rejections,
      complete: true)
    let all = layout.fittedLines(measurer: measurer)
    let size = TextFormatting.pixels(Double(units) / 64)
    var result = FitResult(
      lines: all, size: Double(units) / 64, limit: .minimumSize, limitingWordIndex: nil,
      measuredSizeCount: cache.count, words: all.map(\.source))
    switch request.overflow {
    case .clip:
      (result.breakOffsets, result.breakKinds) = breaks(layout.lines.dropLast().map(\.segments.upperBound))
      return result
    case .fail:
      throw WordFitError(
        .invalidData,
        "the text does not fit in \(request.lineLimit.map { "\($0) lines" } ?? "the canvas") even at the minimum size \(size) px (\(Parameter.overflow) fail); use a larger canvas, a smaller \(Parameter.minScale), a higher \(Parameter.lineLimit) or \(Parameter.overflow) truncate",
        reason: .doesNotFit)
    case .truncate:
      result.lines = try truncated(all, layout: layout)
      if let outline = request.outline {
        let size = Double(units) / 64
        result.lines = fitter.cut(result.lines, to: outline, lines: lines, alignment: request.verticalAlignment) {
          line, room in
          var cut = line
          (cut.text, cut.metrics) = measurer.truncation(
            of: line.source, atSize: size, toWidth: room, mode: request.truncation, forcingEllipsis: line.isTruncated)
          return cut
        }
      }
      let kept = layout.lines.prefix(result.lines.count).dropLast()
      (result.breakOffsets, result.breakKinds) = breaks(kept.map(\.segments.upperBound))
      return result
    }
  }

  /// `all` cut to the lines that fit (the limit and the height), the last one kept holding the
  /// rest of the text cut with "…", and any line too wide cut with "…".
  private func truncated(_ all: [FittedLine], layout: WrapLayout) throws -> [FittedLine] {
    let width = request.availableWidth
    let size = Double(layout.units) / 64
    var kept = all.map { line -> FittedLine in
      guard line.metrics.extentWidth > width else { return line }
      var cut = line
      (cut.text, cut.metrics) = measurer.truncation(
        of: line.source, atSize: size, toWidth: width, mode: request.truncation)
      return cut
    }
    let byLimit = Swift.min(kept.count, request.lineLimit ?? kept.count)
    let byHeight = lines.fittingPrefixCount(
      kept.prefix(byLimit).map(\.metrics), lineMetrics: measurer.lineMetrics(atSize: size),
      height: request.availableHeight)
    guard byHeight > 0, kept.allSatisfy({ $0.metrics.extentWidth <= width }) else {
      throw WordFitError(
        .invalidData,
        "not even one line with \"…\" fits \(width)x\(request.availableHeight) px at the minimum size \(TextFormatting.pixels(size)) px; use a larger canvas or smaller insets",
        reason: .doesNotFit)
    }
    if byHeight < kept.count {
      let rest = LineSegment.lineText(segments[layout.lines[byHeight - 1].segments.lowerBound...])
      kept.removeLast(kept.count - byHeight + 1)
      var last = all[byHeight - 1]
      last.source = rest
      (last.text, last.metrics) = measurer.truncation(
        of: rest, atSize: size, toWidth: width, mode: request.truncation, forcingEllipsis: true)
      kept.append(last)
    }
    return kept
  }
}

/// A text filled greedily into lines at one size.
struct WrapLayout {
  /// One line: which segments it holds, what it shows and how that measures.
  struct Line {
    var segments: Range<Int>
    var text: String
    var metrics: WordMetrics
  }

  let units: Int
  var lines: [Line] = []
  var lineMetrics: LineMetrics
  /// The line that overshoots its room the most (the widest, when every line has the same
  /// room): its extent, index and room, in pixels.
  var widestExtent = Int.min
  var widestIndex = 0
  var limitingRoom = 0
  var stackHeight = 0
  /// Whether every line fits across (a segment wider than the line on its own does not).
  var fitsWidth = true
  /// Whether layout stopped early (past the line limit): the lines after are not laid out.
  var isComplete = true
  /// The least a rejected candidate line overshot the width by, in pixels: when more than
  /// rounding could undo, every break stands at every larger size.
  var tightestRejection = Int.max
  /// The same, unrounded (``WordMetrics/exactExtentWidth``).
  var tightestExactRejection = Double.infinity
  /// The widest line's unrounded extent.
  var widestExactExtent = -Double.infinity
  var fits: Bool
  /// Whether no larger size can fit: the failure is past what rounding can undo.
  var isSettled: Bool
  /// How far the unrounded extent may shrink at a larger size (``exactSlack(positionStep:)``).
  let exactSlack: Double

  init<Measurer: WordMeasuring>(
    units: Int, segments: [LineSegment], request: FitRequest, measurer: Measurer, lines stacking: WordLines,
    rejections: inout [Range<Int>: Int], complete: Bool = false, rooms: [Int]? = nil, relaxation: Double? = nil,
    fillsEveryRoom: Bool = false, measures: LineMeasures? = nil
  ) {
    self.units = units
    exactSlack = Self.exactSlack(positionStep: measurer.positionStep)
    let size = Double(units) / 64
    lineMetrics = measurer.lineMetrics(atSize: size)
    let width = request.availableWidth
    let limit = request.lineLimit ?? Int.max
    // Where a line starting at each segment must end at the latest (after a mandatory break).
    var lineEnds = [Int](repeating: segments.count, count: segments.count)
    for index in segments.indices.reversed() {
      lineEnds[index] =
        segments[index].forcesBreak ? index + 1 : lineEnds[Swift.min(index + 1, segments.count - 1)]
    }
    var start = 0
    var worstExcess = Int.min
    while start < segments.count {
      if (lines.count >= limit && !complete) || lines.count >= (rooms?.count ?? Int.max) {
        isComplete = false
        break
      }
      let room = rooms?[lines.count] ?? width
      // Filling every room: each line leaves at least one segment for every room after it.
      let reserved = fillsEveryRoom ? (rooms?.count ?? 0) - lines.count - 1 : 0
      let end = Swift.max(start + 1, Swift.min(lineEnds[start], segments.count - reserved))
      let line = Self.fillLine(
        from: start, through: end, segments: segments, units: units, width: room, measurer: measurer,
        slack: exactSlack, rejections: &rejections, tightest: &tightestRejection,
        tightestExact: &tightestExactRejection, relaxation: relaxation, measures: measures)
      if line.metrics.extentWidth - room > worstExcess {
        worstExcess = line.metrics.extentWidth - room
        (widestExtent, widestIndex, limitingRoom) = (line.metrics.extentWidth, lines.count, room)
      }
      widestExactExtent = Swift.max(widestExactExtent, line.metrics.exactExtentWidth)
      lines.append(line)
      start = line.segments.upperBound
    }
    fitsWidth = worstExcess <= 0
    if isComplete { stackHeight = stacking.height(of: lines.map(\.metrics), lineMetrics: lineMetrics) }
    let fitsCount = isComplete && lines.count <= limit
    fits = fitsWidth && fitsCount && stackHeight <= request.availableHeight
    // Unrounded extents grow with the size but for the placement of glyphs on their grid and
    // the 1/64 px rounding of outline points and advances, which cannot take back more than
    // `exactSlack`: a line that overshoots the width by more than that unrounded overshoots it
    // at every larger size, rounded or not. (Without unrounded extents, `exactExtentWidth` is the
    // rounded one less 2 px, the bound ``Fitter/settledOvershoot`` rests on.)
    let breaksStand = tightestExactRejection > exactSlack
    isSettled =
      !fits
      && ((!fitsWidth && widestExactExtent - Double(width) > exactSlack)
        || (breaksStand
          && (!fitsCount || stackHeight - request.availableHeight > Fitter<Measurer>.settledOvershoot)))
  }

  /// The line from segment `start`: the most segments, up to `limit`, whose text fits `width`
  /// (the first segment always), found by galloping then bisecting over the count — a line only
  /// widens as segments are added — so a line of *k* segments costs O(log *k*) measurements.
  /// With `measures`, the search starts where the last line from `start` ended (at a nearby
  /// size it mostly ends there again: two measurements). A line that would end between two
  /// clusters of a word ends at the last other opportunity that fits, when it has one (a scan
  /// of its *k* segments, only then).
  /// The first candidate that does not fit is the line's decisive rejection. With
  /// `relaxation`, a candidate fits when its unrounded extent is at most the width plus it.
  private static func fillLine<Measurer: WordMeasuring>(
    from start: Int, through limit: Int, segments: [LineSegment], units: Int, width: Int, measurer: Measurer,
    slack exactSlack: Double, rejections: inout [Range<Int>: Int], tightest: inout Int, tightestExact: inout Double,
    relaxation: Double? = nil, measures: LineMeasures? = nil
  ) -> Line {
    let size = Double(units) / 64
    var measured: [Int: (text: String, metrics: WordMetrics)] = [:]
    func measure(_ end: Int) -> (text: String, metrics: WordMetrics) {
      let key = LineMeasures.Key(start: start, end: end, units: units)
      if let known = measured[end] ?? measures?.known[key] { return known }
      let text = LineSegment.lineText(segments[start..<end])
      let fresh = (text, measurer.metrics(of: text, atSize: size))
      measured[end] = fresh
      measures?.remember(fresh, for: key)
      return fresh
    }
    func fits(_ end: Int) -> Bool {
      if let relaxation { return measure(end).metrics.exactExtentWidth - relaxation <= Double(width) }
      if let from = rejections[start..<end], from <= units { return false }
      let metrics = measure(end).metrics
      guard metrics.extentWidth > width else { return true }
      let exact = metrics.exactExtentWidth - Double(width)
      tightest = Swift.min(tightest, metrics.extentWidth - width)
      tightestExact = Swift.min(tightestExact, exact)
      if exact > exactSlack { rejections[start..<end] = Swift.min(units, rejections[start..<end] ?? units) }
      return false
    }
    var (fitting, failing) = (start + 1, limit + 1)
    if let hint = measures?.ends[start], hint > fitting, hint <= limit {
      if fits(hint) { fitting = hint } else { failing = hint }
    }
    (fitting, failing) = boundary(fitting: fitting, failing: failing, limit: limit, fits: fits)
    measures?.ends[start] = fitting
    // A break between clusters only where the line has no other opportunity that fits (CSS's
    // overflow-wrap): the pieces of a hyphenated overlong word end at their hyphenation points.
    var end = fitting
    if segments[fitting - 1].endsBetweenClusters,
      let other = (start + 1..<fitting).last(where: { !segments[$0 - 1].endsBetweenClusters && fits($0) })
    {
      end = other
    }
    let line = measure(end)
    return Line(segments: start..<end, text: line.text, metrics: line.metrics)
  }

  /// The last end that `fits` between `fitting` (which fits) and `failing` (which does not, or
  /// `limit + 1`, not known): galloping away from whichever end is known — up from `fitting`
  /// while no end is known to fail, down from `failing` otherwise — then bisecting, so an end
  /// *d* away from the known one costs O(log *d*) calls.
  private static func boundary(
    fitting: Int, failing: Int, limit: Int, fits: (Int) -> Bool
  ) -> (fitting: Int, failing: Int) {
    var (fitting, failing, step) = (fitting, failing, 1)
    if failing > limit {
      while fitting < limit, failing > limit {
        let probe = Swift.min(limit, fitting + step)
        if fits(probe) { fitting = probe } else { failing = probe }
        step *= 2
      }
    } else {
      while failing - fitting > 1 {
        let probe = Swift.max(fitting + 1, failing - step)
        if fits(probe) {
          fitting = probe
          break
        }
        failing = probe
        step *= 2
      }
    }
    while failing - fitting > 1, failing <= limit {
      let middle = (fitting + failing) / 2
      if fits(middle) { fitting = middle } else { failing = middle }
    }
    return (fitting, failing)
  }

  /// How far, in pixels, a line's unrounded extent may shrink at a larger size, for glyphs
  /// placed on a grid of `step` px: the last glyph can fall back one grid step where rounding
  /// crosses it, and advances, adjustments and outline points, each rounded to 1/64 px, take
  /// back a few 1/64 more. Whole pixels (hinted, colour): 1 px; quarter pixels: ½ px, twice
  /// the step.
  static func exactSlack(positionStep step: Double) -> Double { step < 1 ? 0.5 : 1 }

  /// Checks the lines against the chords of `outline` at their real rows (ink included), the
  /// block placed by `alignment`: a line past its chord makes the layout not fit. Nothing is
  /// settled on an outline (see ``Fitter/outlineScanSteps``).
  mutating func check(on outline: ContentOutline, stacking: WordLines, alignment: VerticalAlignment) {
    isSettled = false
    guard fits else { return }
    let footprint = stacking.footprint(of: lines.map(\.metrics), lineMetrics: lineMetrics)
    let spans = footprint.spans(on: outline, alignment: alignment)
    guard let worst = footprint.worstOvershoot(spans: spans), worst.overshoot > 0 else { return }
    (fits, fitsWidth) = (false, false)
    (widestIndex, widestExtent, limitingRoom) = (worst.index, footprint.widths[worst.index], spans[worst.index].count)
  }

  /// The lines as fitted lines.
  func fittedLines<Measurer: WordMeasuring>(measurer: Measurer) -> [FittedLine] {
    let size = Double(units) / 64
    // A line drawn only in a fallback font has that font's line metrics (what the fit stacked
    // it with, and what Chromium's line box takes); the primary font's otherwise.
    return lines.map {
      FittedLine(
        source: $0.text, text: $0.text, size: size, metrics: $0.metrics,
        lineMetrics: $0.metrics.lineMetrics ?? lineMetrics)
    }
  }
}
