extension Fitter {
  /// Fits a wrapped text on a shaped outline (a round screen): the largest size at which it
  /// fills some block of *n* lines, *n* at most the line limit, each line within the chord at
  /// its rows. Each line count is searched on its own — for a fixed *n* the chords narrow and
  /// the text widens as the size grows, so its answer is found by the usual search — and the
  /// answer is the largest over *n*. So the result is the same whatever the limit above the
  /// best count, and a higher limit never gives a smaller size.
  ///
  /// Counts are tried from the one whose bound is largest (``lineCountBounds(_:segments:measurer:range:)``),
  /// and the search stops at the first count whose bound is not above the best size found: for
  /// 500 words on `wear-large`, 15 of 44 counts. A count tried after the first is searched only
  /// above the best size so far, and scanned 1 px above whichever is larger, its own answer or
  /// that best (sizes at or below the best cannot change the answer).
  ///
  /// - Complexity: O(log *S*) sizes per count searched, and a scan of ``outlineScanSteps`` sizes
  ///   (at most four times that) above the answer of a count that may beat the best; each size
  ///   one to ``WrapSearch/roomRounds`` greedy layouts (O(*n* log *n*) characters measured).
  func fitOnOutline(_ request: FitRequest, segments: [LineSegment]) throws -> FitResult {
    let range = request.minimumUnits...request.maximumUnits
    var best: (units: Int, search: WrapSearch<Measurer>)? = nil
    var measured = 0
    let measures = LineMeasures()
    for (count, bound) in Self.lineCountBounds(request, segments: segments, measurer: measurer, range: range) {
      if let best, bound <= best.units { break }
      var single = request
      single.lineLimit = count
      let search = WrapSearch(fitter: self, request: single, segments: segments, lineCount: count, measures: measures)
      let upper = Swift.min(range.upperBound, bound)
      defer { measured += search.cache.count }
      // Only sizes above the best can change the answer: once there is one, the count is
      // searched above it, and the scan below starts from it when nothing there fits.
      let lower = best.map { $0.units + 1 } ?? range.lowerBound
      // Bisection: every line of a layout that fills each room is nearly full, so the ratio of
      // room to extent that refines a rectangle's search says nothing here.
      let found = Self.largestFitting(
        in: lower...upper, estimate: upper, fits: { search.evaluation($0).fits }, refine: { last, _, _ in last })
      guard let anchor = found ?? best?.units else { continue }
      var units = anchor
      var next = anchor + 1
      // Rounding can make a size fit above one that does not: each size up to 1 px above the
      // last that fits (or the best) is tried.
      while next <= upper, next - units <= Self.outlineScanSteps, next - anchor <= 4 * Self.outlineScanSteps {
        if search.evaluation(next).fits { units = next }
        next += 1
      }
      if best.map({ units > $0.units }) ?? true { best = (units, search) }
    }
    guard let best else {
      return try WrapSearch(fitter: self, request: request, segments: segments).overflow(at: range.lowerBound)
    }
    var limit = best.search.limit(above: best.units, range: range)
    // Each count is searched under a limit of its own; past the best count's lines the text
    // needs more room on the screen, not a higher limit, unless the user's limit is that count.
    if limit == .lineLimit, best.search.request.lineLimit != request.lineLimit { limit = .width }
    var result = best.search.result(at: best.units, limit: limit)
    result.measuredSizeCount = measured
    return result
  }

  /// Each line count the text may take, with a size (1/64 px) no fitting size of that count
  /// exceeds, largest bound first: *n* lines hold at most the sum of the chords of an *n*-line
  /// block of empty lines at that size (a line's ink only narrows its chord), and *n* line boxes
  /// stack at least (*n* − 1) line heights tall. The text's advance comes from the design-scale
  /// advances, given 5% of room for kerning and rounding.
  static func lineCountBounds(
    _ request: FitRequest, segments: [LineSegment], measurer: Measurer, range: ClosedRange<Int>
  ) -> [(count: Int, bound: Int)] {
    let ems = segments.reduce(0.0) { total, segment in
      let trimmed = String(segment.text.reversed().drop(while: \.isWhitespace).reversed())
      return total + measurer.unscaledAdvance(of: trimmed)
    }
    let smallest = Double(Swift.max(1, range.lowerBound)) / 64
    let largest = Double(range.upperBound) / 64
    // A line box is an affine function of the size (a constant line height adds a fixed
    // amount), so its height per pixel of size is smallest at one end of the range.
    let lineEms = Swift.min(
      measurer.lineMetrics(atSize: smallest).lineHeight / smallest,
      measurer.lineMetrics(atSize: largest).lineHeight / largest)
    let smallestLine = measurer.lineMetrics(atSize: smallest).lineHeight
    let byHeight =
      smallestLine > 0 ? Int(Double(request.availableHeight) / (smallestLine + request.lineSpacing)) + 1 : 1
    let most = Swift.max(1, Swift.min(request.lineLimit ?? Int.max, byHeight, segments.count))
    let margin = 1.05
    return (1...most).map { count -> (count: Int, bound: Int) in
      var size = largest
      if ems > 0 { size = Swift.min(size, margin * Double(count * request.availableWidth) / ems) }
      if count > 1, lineEms > 0 {
        size = Swift.min(size, margin * Double(request.availableHeight) / (Double(count - 1) * lineEms))
      }
      var bound = Swift.max(range.lowerBound, Int((size * 64).rounded(.up)))
      if let outline = request.outline, ems > 0 {
        bound = chordBound(
          count: count, ems: ems / margin, below: bound, range: range, outline: outline, request: request,
          lineMetrics: measurer.lineMetrics(atSize:))
      }
      return (count, bound)
    }.sorted { $0.bound > $1.bound || ($0.bound == $1.bound && $0.count < $1.count) }
  }

  /// The largest size (1/64 px) at most `upper` at which `ems` of text could fill the chords of
  /// a block of `count` empty lines on `outline` (their sum only shrinks as the size grows, the
  /// text only widens), found by bisection; the range's lower bound when none can.
  ///
  /// - Complexity: O(log *S* · *n*) for *n* lines, nothing measured.
  static func chordBound(
    count: Int, ems: Double, below upper: Int, range: ClosedRange<Int>, outline: ContentOutline, request: FitRequest,
    lineMetrics: (Double) -> LineMetrics
  ) -> Int {
    let lines = request.wordLines
    let blank = [WordMetrics](repeating: WordMetrics(advance: 0, inkBounds: nil), count: count)
    func holds(_ units: Int) -> Bool {
      let size = Double(units) / 64
      let footprint = lines.footprint(of: blank, lineMetrics: lineMetrics(size))
      let room = footprint.spans(on: outline, alignment: request.verticalAlignment).reduce(0) { $0 + $1.count }
      return ems * size <= Double(room)
    }
    guard upper > range.lowerBound, !holds(upper) else { return upper }
    var (low, high) = (range.lowerBound, upper)
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if holds(middle) { low = middle } else { high = middle }
    }
    return low
  }
}
