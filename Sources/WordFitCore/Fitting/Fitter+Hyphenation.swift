extension Fitter {
  /// Fits a wrapped text whose words may also break at hyphenation points (`segments` with
  /// ``LineSegment/endsWithHyphenationPoint``), using a point only where it serves the fit.
  ///
  /// The rule: the text is fitted first with whole words. Hyphenation is used only when it lets
  /// the text fit at a larger size than whole words allow (or truncate fewer lines); then the
  /// size is that larger one, still exact to 1/64 px, and words are broken only where that size
  /// needs it: each word the hyphenated lines broke is tried whole again, last to first, and
  /// stays whole when the text still fits at that size. A hyphenation point never fills a line
  /// whose next word simply moves down.
  ///
  /// `hyphenate` gives the segments with their hyphenation points; it is called only when whole
  /// words do not reach the maximum size (a dictionary is then opened only when it can help).
  ///
  /// - Throws: as ``fitWrapped(_:segments:)``, and what `hyphenate` throws.
  /// - Complexity: two fits (as ``fitWrapped(_:segments:)``), then, only when hyphenation
  ///   wins, one layout at the found size per broken word and a last fit.
  public func fitHyphenating(
    _ request: FitRequest, segments whole: [LineSegment], hyphenate: () throws -> [LineSegment]
  ) throws -> FitResult {
    let plain = try fitWrapped(request, segments: whole)
    guard plain.limit != .maximumSize else { return plain }
    let segments = try hyphenate()
    guard whole.count < segments.count else { return plain }
    // More break opportunities never need more lines: the hyphenated text fits at least as large.
    let hyphenated = try fitWrapped(
      plain.truncatedWordIndices.isEmpty ? request.searching(from: plain.size) : request, segments: segments)
    guard Self.isBetter(hyphenated, than: plain) else { return plain }
    return try fewestWordsBroken(request, pieces: segments, fitted: hyphenated)
  }

  /// `fitted` (a fit of `pieces`, words broken inside) with as few words broken as its size
  /// needs: each word it broke is tried whole again, last to first, and stays whole when the
  /// text still fits at that size with no more lines cut.
  ///
  /// - Complexity: one layout at one size per broken word (at most
  ///   ``maximumWordsTriedWhole``), and a last fit.
  func fewestWordsBroken(_ request: FitRequest, pieces: [LineSegment], fitted: FitResult) throws -> FitResult {
    let words = HyphenatedWords(pieces)
    var allowed = words.broken(at: fitted.breakOffsets)
    guard allowed.count <= Self.maximumWordsTriedWhole else { return fitted }
    var atSize = request
    (atSize.maximumSize, atSize.minimumScaleFactor, atSize.overflow) = (fitted.size, 1, .truncate)
    let (cut, broken) = (fitted.truncatedWordIndices.count, allowed.count)
    for word in allowed.sorted(by: >) {
      allowed.remove(word)
      let trial = try fitWrapped(atSize, segments: words.segments(breaking: allowed))
      if trial.size != fitted.size || trial.truncatedWordIndices.count > cut { allowed.insert(word) }
    }
    guard allowed.count < broken else { return fitted }
    // The fewest fit at the same size (each trial said so): searched from there up.
    let fewest = try fitWrapped(
      cut == 0 ? request.searching(from: fitted.size) : request, segments: words.segments(breaking: allowed))
    return Self.isBetter(fitted, than: fewest) ? fitted : fewest
  }

  /// Whether `candidate` is the better fit: fewer lines truncated or dropped, else larger.
  static func isBetter(_ candidate: FitResult, than other: FitResult) -> Bool {
    let (cut, otherCut) = (candidate.truncatedWordIndices.count, other.truncatedWordIndices.count)
    return cut != otherCut ? cut < otherCut : candidate.size > other.size
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
