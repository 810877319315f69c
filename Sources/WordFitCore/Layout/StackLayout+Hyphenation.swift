extension StackLayout {
  /// ``fitWrapped(_:measurer:)`` with hyphenation serving the fit, then words wider than their
  /// box at the legible size broken or cut (``StackRequest/overlongWords``): the labels fitted with whole
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
    let fitted = try fitHyphenated(request, measurer: measurer, hyphenate: hyphenate)
    return try breakingOverlongWords(request, fitted: fitted, measurer: measurer)
  }

  /// ``StackRequest/overlongWords`` applied to a fit below the legible size: the words wider
  /// than their box at that size broken between clusters over lines of their own (`break`,
  /// kept when the common size grows), or the labels cut at the legible size (`truncate`).
  ///
  /// - Complexity: one measurement per word below the legible size, then one fit.
  private static func breakingOverlongWords<Measurer: WordMeasuring>(
    _ request: StackRequest, fitted: (fit: FitResult, lines: [[FittedLine]]), measurer: Measurer
  ) throws -> (fit: FitResult, lines: [[FittedLine]]) {
    let legible = Swift.min(request.legibleSize, request.maximumSize)
    guard request.overlongWords != .shrink, request.outline == nil, fitted.fit.size < legible,
      fitted.fit.truncatedWordIndices.isEmpty
    else { return fitted }
    let width = request.availableBox.width - 2 * request.horizontalPadding
    let overlong = request.labelSegments.map { segments in
      Set(
        segments.indices.filter {
          measurer.metrics(of: LineSegment.lineText(segments[$0...$0]), atSize: legible).extentWidth > width
        })
    }
    guard overlong.contains(where: { !$0.isEmpty }) else { return fitted }
    var changed = request
    if request.overlongWords == .truncate {
      (changed.minimumScaleFactor, changed.overflow) = (legible / request.maximumSize, .truncate)
      return try fitWrapped(changed, measurer: measurer)
    }
    changed.labelSegments = zip(request.labelSegments, overlong).map {
      Fitter<Measurer>.splittingClusters(of: $0, at: $1)
    }
    let broken = try fitWrapped(changed, measurer: measurer)
    let better = broken.fit.size > fitted.fit.size && broken.fit.truncatedWordIndices.isEmpty
    return better ? broken : fitted
  }

  /// ``fitWrapped(_:measurer:)`` with hyphenation serving the fit (see
  /// ``fitWrappedHyphenating(_:measurer:hyphenate:)``).
  private static func fitHyphenated<Measurer: WordMeasuring>(
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
