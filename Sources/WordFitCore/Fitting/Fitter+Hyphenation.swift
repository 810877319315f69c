extension Fitter {
  /// Fits a wrapped text whose words may also break at hyphenation points (`segments` with
  /// ``LineSegment/endsWithHyphenationPoint``), using a point only where it serves the fit.
  ///
  /// The rule: hyphenation is used only when it lets the text fit at a larger size than whole
  /// words allow (or truncate fewer lines); then the size is that larger one, still exact to
  /// 1/64 px, and words are broken only where that size needs it: each word the hyphenated lines
  /// broke is tried whole again, last to first, and stays whole when the text still fits at that
  /// size. A hyphenation point never fills a line whose next word simply moves down.
  ///
  /// The order: whole words are tried at the maximum size; below it, the hyphenated text is
  /// fitted, then whole words at its size — when they fit there, that is their largest size too
  /// (more break opportunities never need more lines, so whole words fit no larger than the
  /// hyphenated text) and no word is broken. One search instead of two for most texts. On an
  /// outline, or when the hyphenated text is still cut at the minimum size, whole words are
  /// fitted first.
  ///
  /// `hyphenate` gives the segments with their hyphenation points; it is called only when whole
  /// words do not fit at the maximum size (a dictionary is then opened only when it can help).
  ///
  /// - Throws: as ``fitWrapped(_:segments:)``, and what `hyphenate` throws.
  /// - Complexity: one layout at the maximum size, a fit (as ``fitWrapped(_:segments:)``) and
  ///   one or two layouts of whole words; only when hyphenation wins, one layout at the found
  ///   size per broken word and the sizes just above scanned.
  public func fitHyphenating(
    _ request: FitRequest, segments whole: [LineSegment], hyphenate: () throws -> [LineSegment]
  ) throws -> FitResult {
    try validateWrapped(request, segments: whole)
    guard request.outline == nil else {
      return try fitHyphenatingAfterWholeWords(request, segments: whole, hyphenate: hyphenate)
    }
    let words = WrapSearch(fitter: self, request: request, segments: whole)
    guard !words.evaluation(request.maximumUnits).fits else { return try fitWrapped(request, segments: whole) }
    let segments = try hyphenate()
    guard whole.count < segments.count else { return try fitWrapped(request, segments: whole) }
    let hyphenated = try fitWrapped(request, segments: segments)
    guard hyphenated.truncatedWordIndices.isEmpty else {
      return try fitHyphenatingAfterWholeWords(request, segments: whole, hyphenate: { segments })
    }
    return try Self.largest(words, at: hyphenated.size)
      ?? fewestWordsBroken(request, pieces: segments, fitted: hyphenated)
  }

  /// The fit of `search`'s segments at `size` (px, on the 1/64 grid) when they fit there, `nil`
  /// when not; used where no larger size can fit: they break at a subset of the opportunities
  /// of a text whose largest size `size` is (more break opportunities never need more lines).
  ///
  /// - Complexity: one or two greedy layouts.
  static func largest(_ search: WrapSearch<Measurer>, at size: Double) -> FitResult? {
    let units = Int((size * 64).rounded())
    guard search.evaluation(units).fits else { return nil }
    let range = search.request.minimumUnits...search.request.maximumUnits
    var result = search.result(at: units, limit: search.limit(above: units, range: range))
    result.measuredSizeCount = search.cache.count
    return result
  }

  /// ``fitHyphenating(_:segments:hyphenate:)`` with whole words fitted first: hyphenation is
  /// tried only below their size, from there up.
  ///
  /// - Complexity: a fit (as ``fitWrapped(_:segments:)``) and the sizes just above scanned; a
  ///   second fit only when a larger size fits, then, only when hyphenation wins, one layout at the
  ///   found size per broken word and a last fit.
  func fitHyphenatingAfterWholeWords(
    _ request: FitRequest, segments whole: [LineSegment], hyphenate: () throws -> [LineSegment]
  ) throws -> FitResult {
    let plain = try fitWrapped(request, segments: whole)
    guard plain.limit != .maximumSize else { return plain }
    let segments = try hyphenate()
    guard whole.count < segments.count else { return plain }
    let isWhole = plain.truncatedWordIndices.isEmpty
    var from = request
    if isWhole, request.outline == nil {
      // Most texts gain nothing: the sizes just above the whole-word size, scanned as the
      // search ends its own, fail past what rounding could undo, and no larger size fits.
      guard let larger = smallestFitting(request, segments: segments, above: plain.size) else { return plain }
      from = request.searching(from: Double(larger) / 64)
    }
    let hyphenated = try fitWrapped(from, segments: segments)
    guard Self.isBetter(hyphenated, than: plain) else { return plain }
    return try fewestWordsBroken(request, pieces: segments, fitted: hyphenated)
  }

  /// The first size (1/64 px) above `size` (px) at which `segments` fit, scanning up as
  /// ``fitWrapped(_:segments:)`` ends its search; `nil` once a size fails past what rounding
  /// could undo (no larger size can fit) or the maximum is passed.
  ///
  /// - Complexity: one greedy layout per size scanned (two where the block is too tall).
  private func smallestFitting(_ request: FitRequest, segments: [LineSegment], above size: Double) -> Int? {
    let search = WrapSearch(fitter: self, request: request, segments: segments)
    var next = Int((size * 64).rounded()) + 1
    while next <= request.maximumUnits {
      let layout = search.evaluation(next)
      if layout.fits { return next }
      if layout.isSettled || search.noLargerSizeFits(from: next) { return nil }
      next += 1
    }
    return nil
  }

  /// `fitted` (a fit of `pieces`, words broken inside) with as few words broken as its size
  /// needs: each word it broke is tried whole again, last to first, and stays whole when the
  /// text still fits at that size with no more lines cut.
  ///
  /// - Complexity: one layout at one size per broken word (at most
  ///   ``maximumWordsTriedWhole``), and one or two more (a last fit with lines cut or on an
  ///   outline).
  func fewestWordsBroken(_ request: FitRequest, pieces: [LineSegment], fitted: FitResult) throws -> FitResult {
    let words = HyphenatedWords(pieces)
    var allowed = words.broken(at: fitted.breakOffsets)
    guard allowed.count <= Self.maximumWordsTriedWhole else { return fitted }
    var atSize = request
    // A clipped text stays clipped (a trial overflowing more is worse); any other is truncated.
    let overflow: OverflowPolicy = request.overflow == .clip ? .clip : .truncate
    (atSize.maximumSize, atSize.minimumScaleFactor, atSize.overflow) = (fitted.size, 1, overflow)
    let (cut, broken) = (fitted.truncatedWordIndices.count, allowed.count)
    for word in allowed.sorted(by: >) {
      allowed.remove(word)
      let trial = try fitWrapped(atSize, segments: words.segments(breaking: allowed))
      let worse = overflow == .clip && Self.isBetter(fitted, than: trial)
      if trial.size != fitted.size || trial.truncatedWordIndices.count > cut || worse { allowed.insert(word) }
    }
    guard allowed.count < broken else { return fitted }
    // The fewest fit at the same size (each trial said so), and no larger one (fewer break
    // opportunities); cut lines or an outline: searched again.
    let fewer = words.segments(breaking: allowed)
    if cut == 0, request.outline == nil,
      let fewest = Self.largest(WrapSearch(fitter: self, request: request, segments: fewer), at: fitted.size)
    {
      return fewest
    }
    let fewest = try fitWrapped(request, segments: fewer)
    return Self.isBetter(fitted, than: fewest) ? fitted : fewest
  }

  /// Whether `candidate` is the better fit: fewer lines truncated or dropped, else inside its
  /// box where the other overflows it (``OverflowPolicy/clip`` at the minimum size), else, both
  /// overflowing, the narrower widest line, else larger.
  static func isBetter(_ candidate: FitResult, than other: FitResult) -> Bool {
    let (cut, otherCut) = (candidate.truncatedWordIndices.count, other.truncatedWordIndices.count)
    let (overflows, otherOverflows) = (candidate.limit == .minimumSize, other.limit == .minimumSize)
    if cut != otherCut { return cut < otherCut }
    if overflows != otherOverflows { return otherOverflows }
    if overflows {
      let (widest, otherWidest) = (candidate.widestLineExtent, other.widestLineExtent)
      if widest != otherWidest { return widest < otherWidest }
    }
    return candidate.size > other.size
  }

  /// The most broken words tried whole again (each a layout at one size); a text that breaks
  /// more keeps every hyphen its fit used, so the cost stays O(*n* log *n*) in its length.
  static var maximumWordsTriedWhole: Int { 64 }
}

/// The words of a hyphenated text: for each, the range of its pieces in the segments and the
/// character range it covers, so a fit's break offsets tell which words it broke.
struct HyphenatedWords {
  let pieces: [LineSegment]
  /// Each word's pieces (indices into ``pieces``) and its characters from the text's start.
  private(set) var words: [(pieces: Range<Int>, characters: Range<Int>)] = []

  init(_ segments: [LineSegment]) {
    pieces = segments
    var (start, characters, wordStart) = (0, 0, 0)
    for (index, segment) in segments.enumerated() {
      characters += segment.text.count
      guard !segment.endsInsideWord || index == segments.count - 1 else { continue }
      if index > start { words.append((start..<index + 1, wordStart..<characters)) }
      (start, wordStart) = (index + 1, characters)
    }
  }

  /// The words (indices into ``words``) that a break at one of `offsets` falls inside.
  ///
  /// - Complexity: O(*b* log *w*) for *b* offsets and *w* words.
  func broken(at offsets: [Int]) -> Set<Int> {
    var found: Set<Int> = []
    for offset in offsets {
      // The last word starting before the offset (words are in text order).
      var (low, high) = (0, words.count)
      while low < high {
        let middle = (low + high) / 2
        if words[middle].characters.lowerBound < offset { low = middle + 1 } else { high = middle }
      }
      if low > 0, offset < words[low - 1].characters.upperBound { found.insert(low - 1) }
    }
    return found
  }

  /// The segments with only the words in `allowed` cut at their hyphenation points.
  func segments(breaking allowed: Set<Int>) -> [LineSegment] {
    var result: [LineSegment] = []
    var next = 0
    for (index, word) in words.enumerated() {
      result.append(contentsOf: LineSegment.joiningHyphenationPoints(Array(pieces[next..<word.pieces.lowerBound])))
      let own = Array(pieces[word.pieces])
      result.append(contentsOf: allowed.contains(index) ? own : LineSegment.joiningHyphenationPoints(own))
      next = word.pieces.upperBound
    }
    result.append(contentsOf: LineSegment.joiningHyphenationPoints(Array(pieces[next...])))
    return result
  }
}

extension FitRequest {
  /// This request searched only from `size` (px, a multiple of 1/64 known to fit) up: its
  /// minimum is raised to that size, never lowered.
  func searching(from size: Double) -> FitRequest {
    var request = self
    // Half a step below, so the rounding up to 1/64 lands on `size` itself.
    request.minimumScaleFactor = Swift.max(minimumScaleFactor, (size - 1.0 / 128) / maximumSize)
    return request
  }
}
