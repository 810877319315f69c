extension WrapLayout {
  /// What balancing a layout gave.
  enum Balancing {
    /// The balanced lines.
    case balanced(WrapLayout)
    /// Nothing to balance (one line, a layout that does not fit), or balanced lines that would
    /// not fit down (their ink can stack taller): the layout stands.
    case unchanged
    /// Balancing would measure more than ``LineBalance/characterBudget`` characters: the layout
    /// stands, and says so.
    case overBudget

    /// The balanced lines, when there are any.
    var layout: WrapLayout? {
      if case .balanced(let layout) = self { return layout }
      return nil
    }
  }

  /// The same text, at the same size, in the same number of lines, broken so that its longest
  /// line is as short as any break set allows; among the break sets that reach that, the least
  /// ragged one (the smallest Σ slack², slack the width left on a line, as Knuth–Plass scores a
  /// paragraph, and a penalty per hyphen: ``LineBalance/score``). Exact for any number of
  /// lines: the shortest longest line by greedy fills at trial limits (``LineBalancer``), then a
  /// dynamic program over the lines some complete break set under it can hold, every line
  /// measured once with the fit's own measurer.
  ///
  /// - Complexity: O(*m* log *k* · log *P*) lines measured for the longest line (*m* lines of
  ///   at most *k* segments, *P* the precision of the trial limits), then the lines between the
  ///   earliest and latest place each break can take; bounded by
  ///   ``LineBalance/characterBudget`` characters measured in all, in time and memory.
  func balanced<Measurer: WordMeasuring>(
    segments: [LineSegment], request: FitRequest, measurer: Measurer, stacking: WordLines
  ) -> Balancing {
    let count = lines.count
    guard fits, isComplete, count > 1, lines.last?.segments.upperBound == segments.count else { return .unchanged }
    var balancer = LineBalancer(
      segments: segments, measurer: measurer, units: units, width: request.availableWidth,
      budget: request.balanceCharacterBudget)
    let breaks: [Range<Int>]
    do {
      let known = lines.map(\.metrics.exactExtentWidth).max() ?? 0
      let longest = try balancer.shortestLongestLine(lines: count, known: known)
      guard let found = try Self.leastRagged(&balancer, lines: count, longest: longest) else { return .unchanged }
      breaks = found
    } catch {
      return .overBudget
    }
    var balanced = self
    let size = Double(units) / 64
    balanced.lines = breaks.map { range in
      let text = LineSegment.lineText(segments[range])
      return Line(segments: range, text: text, metrics: measurer.metrics(of: text, atSize: size))
    }
    balanced.stackHeight = stacking.height(of: balanced.lines.map(\.metrics), lineMetrics: lineMetrics)
    guard balanced.stackHeight <= request.availableHeight else { return .unchanged }
    (balanced.widestExtent, balanced.widestIndex) =
      balanced.lines.enumerated()
      .map { ($0.element.metrics.extentWidth, $0.offset) }.max { $0.0 < $1.0 } ?? (0, 0)
    return .balanced(balanced)
  }

  /// The break set of `lines` lines, none longer than `longest`, with the smallest Σ slack²
  /// against the width plus ``LineBalance/hyphenPenalty(width:)`` for each line ending at a
  /// hyphenation point; ties go to the earlier breaks (so the answer is one and the same).
  /// Line *l* starts no later than *l* − 1 greedy lines reach and no earlier than the last
  /// lines' greedy fill from the back allows, and ends likewise: only those lines are measured.
  static func leastRagged<Measurer>(
    _ balancer: inout LineBalancer<Measurer>, lines: Int, longest: Double
  ) throws -> [Range<Int>]? {
    let segments = balancer.segments.count
    let penalty = LineBalance.hyphenPenalty(width: balancer.width)
    let reach = try balancer.front(under: longest, lines: lines).ends
    let from = try balancer.back(under: longest, lines: lines)
    guard reach.last == segments, from.count == lines + 1 || from.last == 0 else { return nil }
    func furthest(_ line: Int) -> Int { line < reach.count ? reach[line] : segments }
    func earliest(_ remaining: Int) -> Int { remaining < from.count ? from[remaining] : 0 }
    var cost: [[Int: Double]] = [[0: 0]]
    var previous: [[Int: Int]] = [[:]]
    for line in 1...lines {
      var (costs, starts) = ([Int: Double](), [Int: Int]())
      for start in cost[line - 1].keys.sorted() {
        guard let before = cost[line - 1][start] else { continue }
        let first = Swift.max(start + 1, earliest(lines - line))
        var end = first
        while end <= Swift.min(furthest(line), segments), try balancer.fits(start, end, under: longest) {
          let slack = Double(balancer.width) - (try balancer.extent(start, end).exact)
          let hyphen = end < segments && balancer.segments[end - 1].endsWithHyphenationPoint ? penalty : 0
          let total = before + slack * slack + hyphen
          if total < costs[end] ?? .infinity { (costs[end], starts[end]) = (total, start) }
          end += 1
        }
      }
      cost.append(costs)
      previous.append(starts)
    }
    guard cost[lines][segments] != nil else { return nil }
    var ranges: [Range<Int>] = []
    var end = segments
    for line in stride(from: lines, to: 0, by: -1) {
      guard let start = previous[line][end] else { return nil }
      ranges.append(start..<end)
      end = start
    }
    return ranges.reversed()
  }
}
