extension Fitter {
  /// Fits a wrapped text with every rule for breaking inside words: hyphenation where it serves
  /// the fit (`hyphenate`, see ``fitHyphenating(_:segments:hyphenate:)``; `nil` for none), then,
  /// when the text would still shrink below ``FitRequest/legibleSize`` (or be cut at its
  /// minimum size) because a word is wider than the line at that size,
  /// ``FitRequest/overlongWords``: `break` breaks such words at their hyphenation points first
  /// (when `hyphenate` is given) and between grapheme clusters where a piece is still too wide,
  /// where that fits the text larger (only the words that size needs, as hyphenation does),
  /// `truncate` keeps the legible size and cuts them with "…", `shrink` keeps the whole-word fit.
  ///
  /// - Throws: as ``fitWrapped(_:segments:)``, and what `hyphenate` throws.
  /// - Complexity: the fits of ``fitHyphenating(_:segments:hyphenate:)``; below the legible size,
  ///   one measurement per word and at most two more fits and the broken words' layouts.
  public func fitWrappedText(
    _ request: FitRequest, segments whole: [LineSegment], hyphenate: (() throws -> [LineSegment])? = nil
  ) throws -> FitResult {
    // The fits below measure many of the same lines at the same sizes: measured once each.
    try Fitter<MemoizingMeasurer<Measurer>>(measurer: MemoizingMeasurer(measurer))
      .fitBreakingWords(request, segments: whole, hyphenate: hyphenate)
  }

  /// ``fitWrappedText(_:segments:hyphenate:)`` with this fitter's measurer as it is.
  func fitBreakingWords(
    _ request: FitRequest, segments whole: [LineSegment], hyphenate: (() throws -> [LineSegment])?
  ) throws -> FitResult {
    // The hyphenated segments, found once: the hyphenated fit and the overlong words share them.
    var hyphenated: [LineSegment]? = nil
    func hyphenatedOnce(_ hyphenate: () throws -> [LineSegment]) throws -> [LineSegment] {
      if let hyphenated { return hyphenated }
      let found = try hyphenate()
      hyphenated = found
      return found
    }
    let fitted =
      try hyphenate.map { hyphenate in
        try fitHyphenating(request, segments: whole, hyphenate: { try hyphenatedOnce(hyphenate) })
      } ?? fitWrapped(request, segments: whole)
    let legible = Swift.min(request.legibleSize, request.maximumSize)
    // Cut: lines truncated, or (``OverflowPolicy/clip``) overflowing, at the minimum size.
    let isCut = !fitted.truncatedWordIndices.isEmpty || fitted.limit == .minimumSize
    guard request.overlongWords != .shrink, fitted.size < legible || isCut else { return fitted }
    // Too wide for a line at the size the text may not go below: the legible size, or the
    // minimum size where that is larger and the text was cut there.
    let floor = Swift.max(legible, isCut ? fitted.size : 0)
    let overlong = Set(
      whole.indices.filter {
        measurer.metrics(of: LineSegment.lineText(whole[$0...$0]), atSize: floor).extentWidth > request.availableWidth
      })
    guard !overlong.isEmpty else { return fitted }
    switch request.overlongWords {
    case .shrink:
      return fitted
    case .truncate:
      guard !isCut else { return fitted }
      var atLegible = request
      (atLegible.minimumScaleFactor, atLegible.overflow) = (legible / request.maximumSize, .truncate)
      return try fitWrapped(atLegible, segments: whole)
    case .break:
      let hyphenatedPieces = try hyphenate.map(hyphenatedOnce)
      let pieces = breakingOverlong(
        whole, at: overlong, hyphenated: hyphenatedPieces, size: floor, width: request.availableWidth)
      let broken = try fitWrapped(request, segments: pieces)
      guard Self.isBetter(broken, than: fitted) else { return fitted }
      return try fewestWordsBroken(request, pieces: pieces, fitted: broken)
    }
  }

  /// Fits one word per line (``fit(_:)``) with ``FitRequest/overlongWords`` applied as to a
  /// wrapped text: when the common size falls below ``FitRequest/legibleSize`` (or lines are
  /// cut at the minimum size) because a word is wider than the line there, `break` breaks such
  /// words between grapheme clusters over lines of their own (each word still starts a line),
  /// `truncate` cuts them with "…" at the legible size, `shrink` keeps the fit. The words are
  /// then laid out as a wrapped text whose every word ends in a line break, so its lines can
  /// outnumber the words. Individual sizing keeps ``fit(_:)``'s answer.
  ///
  /// - Throws: as ``fit(_:)``.
  /// - Complexity: ``fit(_:)``; below the legible size, one measurement per word and the fits
  ///   of ``fitWrappedText(_:segments:hyphenate:)``.
  public func fitWords(_ request: FitRequest) throws -> FitResult {
    let fitted = try fit(request)
    guard request.sizing == .common, request.overlongWords != .shrink, request.outline == nil else { return fitted }
    let legible = Swift.min(request.legibleSize, request.maximumSize)
    let isCut = !fitted.truncatedWordIndices.isEmpty || fitted.limit == .minimumSize
    guard fitted.size < legible || isCut else { return fitted }
    let floor = Swift.max(legible, isCut ? fitted.size : 0)
    guard
      request.words.contains(where: { measurer.metrics(of: $0, atSize: floor).extentWidth > request.availableWidth })
    else { return fitted }
    let segments = request.words.indices.map {
      LineSegment(request.words[$0], endsWithMandatoryBreak: $0 < request.words.count - 1)
    }
    var wrapped = request
    (wrapped.lineLimit, wrapped.balancesLines) = (nil, false)
    let broken = try fitWrappedText(wrapped, segments: segments)
    // `truncate` keeps the legible size by cutting: its answer stands, as for a wrapped text.
    return request.overlongWords == .truncate || Self.isBetter(broken, than: fitted) ? broken : fitted
  }

  /// `whole` with its words at `overlong` (indices) broken: at their hyphenation points first,
  /// when `hyphenated` (the same segments cut at them) is given, as CSS takes a hyphenation
  /// opportunity before an emergency break; then each piece still wider than `width` at `size`
  /// (px; its hyphen counted) between grapheme clusters. Every other word stays whole.
  ///
  /// - Complexity: O(*n*) in the text's length, and one measurement per piece of an overlong word.
  func breakingOverlong(
    _ whole: [LineSegment], at overlong: Set<Int>, hyphenated: [LineSegment]?, size: Double, width: Int
  ) -> [LineSegment] {
    guard let hyphenated else { return Self.splittingClusters(of: whole, at: overlong) }
    var segments: [LineSegment] = []
    var overlongPieces: Set<Int> = []
    var next = 0
    for (index, segment) in whole.enumerated() {
      // The segment's pieces: the hyphenated segments whose text joins to its own (counted in
      // UTF-8 bytes, O(1) each).
      var (own, text, bytes): ([LineSegment], String, Int) = ([], "", 0)
      while next < hyphenated.count, bytes < segment.text.utf8.count {
        own.append(hyphenated[next])
        text += hyphenated[next].text
        bytes += hyphenated[next].text.utf8.count
        next += 1
      }
      // Cut differently (never, by the hyphenator's contract): broken between clusters only.
      guard text == segment.text else { return Self.splittingClusters(of: whole, at: overlong) }
      guard overlong.contains(index), own.count > 1 else {
        if overlong.contains(index) { overlongPieces.insert(segments.count) }
        segments.append(segment)
        continue
      }
      for piece in own {
        let line = LineSegment.lineText([piece][...])
        if measurer.metrics(of: line, atSize: size).extentWidth > width { overlongPieces.insert(segments.count) }
        segments.append(piece)
      }
    }
    return Self.splittingClusters(of: segments, at: overlongPieces)
  }

  /// `segments` with those at `indices` cut between every two grapheme clusters of their word
  /// (the spaces after it stay with its last cluster), each starting a line of its own; a
  /// phrase is cut at its ``LineSegment/phraseBreaks`` instead.
  ///
  /// - Complexity: O(*n*) in the text's length.
  static func splittingClusters(of segments: [LineSegment], at indices: Set<Int>) -> [LineSegment] {
    segments.indices.flatMap { index -> [LineSegment] in
      var segment = segments[index]
      segment.endsBeforeOverlongWord = indices.contains(index + 1)
      var word = Array(segment.text)
      var trailing = ""
      while let last = word.last, last.isWhitespace {
        trailing = String(last) + trailing
        word.removeLast()
      }
      guard indices.contains(index), let last = word.last, word.count > 1 else { return [segment] }
      if !segment.phraseBreaks.isEmpty { return Self.splittingPhrase(segment, word: word, trailing: trailing) }
      var end = LineSegment(
        String(last) + trailing, endsWithMandatoryBreak: segment.endsWithMandatoryBreak,
        endsWithHyphenationPoint: segment.endsWithHyphenationPoint)
      end.endsBeforeOverlongWord = segment.endsBeforeOverlongWord
      return word.dropLast().map { LineSegment(String($0), endsBetweenClusters: true) } + [end]
    }
  }

  /// A phrase too wide for its line cut at its ``LineSegment/phraseBreaks`` (the line-break
  /// rules' opportunities inside it, so kinsoku still holds), the spaces after it with its last
  /// piece, which keeps how the phrase ends.
  ///
  /// - Complexity: O(*n*) in the phrase's length.
  static func splittingPhrase(_ segment: LineSegment, word: [Character], trailing: String) -> [LineSegment] {
    let cuts = segment.phraseBreaks.filter { $0 > 0 && $0 < word.count }
    var pieces: [LineSegment] = []
    var start = 0
    for cut in cuts where cut > start {
      var piece = LineSegment(String(word[start..<cut]))
      piece.endsInsidePhrase = true
      pieces.append(piece)
      start = cut
    }
    var end = segment
    end.text = String(word[start...]) + trailing
    end.phraseBreaks = []
    return pieces + [end]
  }
}
