extension StackLayout {
  /// ``fitWrapped(_:measurer:)`` with hyphenation serving the fit: the labels fitted with whole
  /// words first; below the maximum size, with every label's hyphenation points; those are kept
  /// only when the common size grows (and no more is cut), and then only in the words that size
  /// needs: each word with points is tried whole again, last label and last word first, and
  /// stays whole when every label still fits at that size.
  ///
  /// - Complexity: one fit; when hyphenation could help, a second fit, one layout of the stack
  ///   per word with points (at most ``Fitter/maximumWordsTriedWhole``), and a last fit from
  ///   the size found.
  static func fitWrappedHyphenating<Measurer: WordMeasuring>(
    _ request: StackRequest, measurer: Measurer, hyphenate: (([[LineSegment]]) throws -> [[LineSegment]])?
  ) throws -> (fit: FitResult, lines: [[FittedLine]]) {
    let plain = try fitWrapped(request, measurer: measurer)
    guard let hyphenate, request.outline == nil, plain.fit.limit != .maximumSize,
      plain.fit.truncatedWordIndices.isEmpty
    else { return plain }
    var pointed = request
    pointed.labelSegments = try hyphenate(request.labelSegments)
    guard pointed.labelSegments.map(\.count) != request.labelSegments.map(\.count),
      pointed.labelSegments.count == request.labelSegments.count
    else { return plain }
    let hyphenated = try fitWrapped(pointed, measurer: measurer)
    guard hyphenated.fit.size > plain.fit.size, hyphenated.fit.truncatedWordIndices.isEmpty else { return plain }
    let units = Int((hyphenated.fit.size * 64).rounded())
    var fewest = fewestWordsBroken(pointed, at: units, measurer: measurer)
    // Fewer break opportunities never fit larger: searched from the size found, up.
    fewest.minimumScaleFactor = Swift.max(fewest.minimumScaleFactor, (Double(units) - 0.5) / 64 / request.maximumSize)
    let result = try fitWrapped(fewest, measurer: measurer)
    let holds = result.fit.size >= hyphenated.fit.size && result.fit.truncatedWordIndices.isEmpty
    return holds ? result : hyphenated
  }

  /// `request` (its labels with hyphenation points) with each word's points removed where the
  /// stack still fits at `units` without them, last label and last word first.
  ///
  /// - Complexity: one layout of the stack per word with points, at most
  ///   ``Fitter/maximumWordsTriedWhole``.
  private static func fewestWordsBroken<Measurer: WordMeasuring>(
    _ request: StackRequest, at units: Int, measurer: Measurer
  ) -> StackRequest {
    let fitter = Fitter(measurer: measurer)
    var fewest = request
    var tried = 0
    for label in request.labelSegments.indices.reversed() {
      let words = HyphenatedWords(request.labelSegments[label])
      var allowed = Set(words.words.indices.filter { words.words[$0].pieces.count > 1 })
      for word in allowed.sorted(by: >) where tried < Fitter<Measurer>.maximumWordsTriedWhole {
        tried += 1
        allowed.remove(word)
        fewest.labelSegments[label] = words.segments(breaking: allowed)
        if !WrappedLabelsSearch(fitter: fitter, request: fewest).evaluation(units).fits { allowed.insert(word) }
      }
      fewest.labelSegments[label] = words.segments(breaking: allowed)
    }
    return fewest
  }
}
