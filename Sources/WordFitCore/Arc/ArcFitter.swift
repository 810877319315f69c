/// Fits one line of text to an arc of a round screen: the largest size, in 1/64 px, at which
/// the line's advance takes no more than the frame's sweep and every glyph's ink stays inside
/// the circle (``ArcFrame/overflow(of:)``).
///
/// Below the minimum size the overflow policy decides: `truncate` ends the text in "…" after
/// as many whole characters (grapheme clusters) as fit, `clip` draws it whole, `fail` throws.
public struct ArcFitter<Measurer: ArcMeasuring> {
  /// What measures each size tried.
  public let measurer: Measurer

  /// A fitter measuring with `measurer`.
  public init(measurer: Measurer) {
    self.measurer = measurer
  }

  /// What a fit found: the size, the text drawn (the whole text, or its truncation), the line
  /// at that size, and what limited it.
  public struct Fit: Sendable, Equatable {
    /// The size, in pixels (a multiple of 1/64).
    public var size: Double
    /// The text drawn.
    public var text: String
    /// The drawn text measured at ``size``.
    public var line: ArcLine
    /// What limited the size: the sweep (``FitLimit/width``), the circle (``FitLimit/height``),
    /// the maximum size, or the minimum size (overflow).
    public var limit: FitLimit
    /// The sizes measured.
    public var measuredSizeCount: Int

    /// The fit as every layout reports one: one line of `source` drawn as ``text`` with its
    /// straight-line `metrics` and `lineMetrics`, limited by the sweep (``FitLimit/width``, the
    /// line the limiting one) or the circle.
    public func result(source: String, metrics: WordMetrics, lineMetrics: LineMetrics) -> FitResult {
      FitResult(
        lines: [FittedLine(source: source, text: text, size: size, metrics: metrics, lineMetrics: lineMetrics)],
        size: size, limit: limit, limitingWordIndex: limit == .width ? 0 : nil, measuredSizeCount: measuredSizeCount,
        words: [source])
    }
  }

  /// Fits `text` on `frame` between `minimumSize` and `maximumSize` px (rounded to 1/64: down
  /// for the maximum, up for the minimum).
  ///
  /// - Throws: ``WordFitError`` `.invalidData` when the minimum size does not fit and `overflow`
  ///   is `fail`, or when not even "…" fits; errors from the measurer.
  /// - Complexity: O(log(*S*) × *n*) measurements of the *n*-cluster text over *S* sizes, plus
  ///   O(log *n*) more to truncate.
  public func fit(
    _ text: String, on frame: ArcFrame, maximumSize: Double, minimumSize: Double, overflow: OverflowPolicy
  ) throws -> Fit {
    let high = max(1, Int((maximumSize * 64).rounded(.down)))
    let low = min(high, max(1, Int((minimumSize * 64).rounded(.up))))
    var measured = 0
    func overflowAt(_ units: Int) throws -> (FitLimit?, ArcLine) {
      measured += 1
      let line = try measurer.arcLine(of: text, atSize: Double(units) / 64)
      return (frame.overflow(of: line), line)
    }
    let top = try overflowAt(high)
    if top.0 == nil {
      return Fit(size: Double(high) / 64, text: text, line: top.1, limit: .maximumSize, measuredSizeCount: measured)
    }
    let bottom = try overflowAt(low)
    guard bottom.0 == nil else {
      return try overflowing(text, on: frame, units: low, line: bottom.1, overflow: overflow, measured: measured)
    }
    // Invariant: `fits` fits, `fails` does not (and says why); they end 1/64 px apart.
    var (fits, fitting, fails, limit) = (low, bottom.1, high, top.0 ?? .width)
    while fails - fits > 1 {
      let middle = fits + (fails - fits) / 2
      let (overflow, line) = try overflowAt(middle)
      if let overflow { (fails, limit) = (middle, overflow) } else { (fits, fitting) = (middle, line) }
    }
    return Fit(size: Double(fits) / 64, text: text, line: fitting, limit: limit, measuredSizeCount: measured)
  }

  /// The minimum size, when even it does not fit, as `overflow` says.
  private func overflowing(
    _ text: String, on frame: ArcFrame, units: Int, line: ArcLine, overflow: OverflowPolicy, measured: Int
  ) throws -> Fit {
    let size = Double(units) / 64
    switch overflow {
    case .clip:
      return Fit(size: size, text: text, line: line, limit: .minimumSize, measuredSizeCount: measured)
    case .fail:
      throw WordFitError(
        .invalidData,
        "\"\(text)\" does not fit along the arc even at the minimum size \(TextFormatting.pixels(size)) px (\(Parameter.overflow) fail); use a wider \(Parameter.sweep), a smaller \(Parameter.minScale) or \(Parameter.overflow) truncate",
        reason: .doesNotFit)
    case .truncate:
      let characters = Array(text)
      // The most characters that fit with "…": fitting is monotonic in the prefix's length.
      var (fits, fails, fitting) = (-1, characters.count, nil as (String, ArcLine)?)
      var count = measured
      while fails - fits > 1 {
        let middle = fits + (fails - fits + 1) / 2
        let candidate = String(characters[..<middle]).trimmingSuffixWhitespace + "…"
        let measuredLine = try measurer.arcLine(of: candidate, atSize: size)
        count += 1
        if frame.overflow(of: measuredLine) == nil {
          (fits, fitting) = (middle, (candidate, measuredLine))
        } else {
          fails = middle
        }
      }
      guard let fitting else {
        throw WordFitError(
          .invalidData,
          "not even \"…\" fits along the arc at \(TextFormatting.pixels(size)) px; use a larger canvas, a wider \(Parameter.sweep) or smaller insets",
          reason: .doesNotFit)
      }
      return Fit(size: size, text: fitting.0, line: fitting.1, limit: .minimumSize, measuredSizeCount: count)
    }
  }
}

extension String {
  /// The string without white space at its end (a truncated text's "…" follows its last word).
  fileprivate var trimmingSuffixWhitespace: String {
    var characters = Substring(self)
    while let last = characters.last, last.isWhitespace { characters.removeLast() }
    return String(characters)
  }
}
