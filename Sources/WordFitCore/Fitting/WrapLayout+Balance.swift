extension WrapLayout {
  /// The same text, at the same size, in the same number of lines, broken so that its longest
  /// line is as short as any break set allows; among the break sets that reach that, the least
  /// ragged one (the smallest Σ slack², slack the width left on a line, as Knuth–Plass scores a
  /// paragraph, and a penalty per hyphen: ``LineBalance/score``). Exact for any number of lines: a dynamic program over the segments, every
  /// candidate line measured once with the fit's own measurer.
  ///
  /// Returns `nil` when there is nothing to balance (one line, a layout that does not fit) or
  /// when the balanced lines would not fit down (their ink can stack taller).
  ///
  /// - Complexity: O(*n* · *k*) lines measured and O(*m* · *n* · *k*) steps, for *n* segments,
  ///   at most *k* segments a line and *m* lines.
  func balanced<Measurer: WordMeasuring>(
    segments: [LineSegment], request: FitRequest, measurer: Measurer, stacking: WordLines
  ) -> WrapLayout? {
    let count = lines.count
    guard fits, isComplete, count > 1, lines.last?.segments.upperBound == segments.count else { return nil }
    let candidates = Self.candidateLines(
      segments: segments, units: units, width: request.availableWidth, measurer: measurer)
    guard let longest = Self.shortestLongestLine(candidates, segments: segments.count, lines: count),
      let breaks = Self.leastRagged(
        candidates, pieces: segments, lines: count, longest: longest, width: request.availableWidth)
    else { return nil }
    var balanced = self
    balanced.lines = breaks.compactMap { range in
      candidates[range.lowerBound][range.upperBound].map { Line(segments: range, text: $0.text, metrics: $0.metrics) }
    }
    guard balanced.lines.count == count else { return nil }
    balanced.stackHeight = stacking.height(of: balanced.lines.map(\.metrics), lineMetrics: lineMetrics)
    guard balanced.stackHeight <= request.availableHeight else { return nil }
    (balanced.widestExtent, balanced.widestIndex) =
      balanced.lines.enumerated()
      .map { ($0.element.metrics.extentWidth, $0.offset) }.max { $0.0 < $1.0 } ?? (0, 0)
    return balanced
  }

  /// Every line that may be set: for each start, the segments up to each end whose text fits
  /// `width` (widths only grow as segments are added) without passing a mandatory break.
  private static func candidateLines<Measurer: WordMeasuring>(
    segments: [LineSegment], units: Int, width: Int, measurer: Measurer
  ) -> [[Int: (text: String, metrics: WordMetrics)]] {
    let size = Double(units) / 64
    var candidates = [[Int: (text: String, metrics: WordMetrics)]](repeating: [:], count: segments.count)
    for start in segments.indices {
      var end = start + 1
      while end <= segments.count {
        let text = LineSegment.lineText(segments[start..<end])
        let metrics = measurer.metrics(of: text, atSize: size)
        guard metrics.extentWidth <= width else { break }
        candidates[start][end] = (text, metrics)
        if segments[end - 1].forcesBreak { break }
        end += 1
      }
    }
    return candidates
  }

  /// The smallest possible width (unrounded extent, px) of the longest of `lines` lines that
  /// cover all `segments`, or `nil` when they cannot.
  private static func shortestLongestLine(
    _ candidates: [[Int: (text: String, metrics: WordMetrics)]], segments: Int, lines: Int
  ) -> Double? {
    // best[l][j]: the least longest line setting the first j segments in l lines.
    var best = [[Double]](repeating: [Double](repeating: .infinity, count: segments + 1), count: lines + 1)
    best[0][0] = -.infinity
    for line in 1...lines {
      for start in 0..<segments where best[line - 1][start] < .infinity {
        for (end, candidate) in candidates[start] {
          let longest = Swift.max(best[line - 1][start], candidate.metrics.exactExtentWidth)
          if longest < best[line][end] { best[line][end] = longest }
        }
      }
    }
    let answer = best[lines][segments]
    return answer < .infinity ? answer : nil
  }

  /// The break set of `lines` lines, none longer than `longest`, with the smallest Σ slack²
  /// against `width` plus ``LineBalance/hyphenPenalty(width:)`` for each line ending at a
  /// hyphenation point; ties go to the earlier breaks (so the answer is one and the same).
  static func leastRagged(
    _ candidates: [[Int: (text: String, metrics: WordMetrics)]], pieces: [LineSegment], lines: Int, longest: Double,
    width: Int
  ) -> [Range<Int>]? {
    let (segments, penalty) = (pieces.count, LineBalance.hyphenPenalty(width: width))
    var cost = [[Double]](repeating: [Double](repeating: .infinity, count: segments + 1), count: lines + 1)
    var from = [[Int]](repeating: [Int](repeating: -1, count: segments + 1), count: lines + 1)
    cost[0][0] = 0
    for line in 1...lines {
      for start in 0..<segments where cost[line - 1][start] < .infinity {
        for (end, candidate) in candidates[start] where candidate.metrics.exactExtentWidth <= longest {
          let slack = Double(width) - candidate.metrics.exactExtentWidth
          let hyphen = end < segments && pieces[end - 1].endsWithHyphenationPoint ? penalty : 0
          let total = cost[line - 1][start] + slack * slack + hyphen
          if total < cost[line][end] || (total == cost[line][end] && start < from[line][end]) {
            (cost[line][end], from[line][end]) = (total, start)
          }
        }
      }
    }
    guard cost[lines][segments] < .infinity else { return nil }
    var ranges: [Range<Int>] = []
    var end = segments
    for line in stride(from: lines, to: 0, by: -1) {
      let start = from[line][end]
      ranges.append(start..<end)
      end = start
    }
    return ranges.reversed()
  }
}
