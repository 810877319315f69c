/// Balances a wrapped text's lines at one size (``WrapLayout/balanced(segments:request:measurer:stacking:)``):
/// the shortest longest line any break set into the same number of lines allows, found by
/// greedy fills at trial limits, then the least ragged break set under it, a dynamic program
/// over only the lines some complete break set can hold.
///
/// A line is a candidate when its rounded extent fits the width and its unrounded one the
/// limit; a line only widens as segments are added to either end (what greedy filling rests
/// on). Every line measured counts its characters against ``LineBalance/characterBudget``:
/// past it the search stops (``OverBudget``) and the greedy lines stand.
struct LineBalancer<Measurer: WordMeasuring> {
  /// Thrown when the budget runs out.
  struct OverBudget: Error {}

  let segments: [LineSegment]
  let measurer: Measurer
  let size: Double
  let width: Int
  /// Where a line starting at each segment must end at the latest (after a mandatory break).
  let latestEnd: [Int]
  /// Where a line ending at each segment boundary may start at the earliest (after the last
  /// mandatory break inside it).
  let earliestStart: [Int]
  /// Extents measured: rounded and unrounded, by start × (n + 1) + end.
  private var extents: [Int: (rounded: Int, exact: Double)] = [:]
  /// Characters measured so far, and the most that may be.
  private(set) var charactersMeasured = 0
  let budget: Int

  init(segments: [LineSegment], measurer: Measurer, units: Int, width: Int, budget: Int) {
    (self.segments, self.measurer, self.width, self.budget) = (segments, measurer, width, budget)
    size = Double(units) / 64
    let count = segments.count
    var latest = [Int](repeating: count, count: count)
    for index in segments.indices.reversed() {
      latest[index] = segments[index].forcesBreak ? index + 1 : (index + 1 < count ? latest[index + 1] : count)
    }
    var earliest = [Int](repeating: 0, count: count + 1)
    for end in stride(from: 2, through: count, by: 1) {
      earliest[end] = segments[end - 2].forcesBreak ? end - 1 : earliest[end - 1]
    }
    (latestEnd, earliestStart) = (latest, earliest)
  }

  /// The extents of the line `start..<end`.
  mutating func extent(_ start: Int, _ end: Int) throws -> (rounded: Int, exact: Double) {
    let key = start * (segments.count + 1) + end
    if let known = extents[key] { return known }
    let text = LineSegment.lineText(segments[start..<end])
    charactersMeasured += text.utf8.count
    guard charactersMeasured <= budget else { throw OverBudget() }
    let metrics = measurer.metrics(of: text, atSize: size)
    extents[key] = (metrics.extentWidth, metrics.exactExtentWidth)
    return extents[key] ?? (metrics.extentWidth, metrics.exactExtentWidth)
  }

  /// Whether `start..<end` may be a line under `limit` (px, unrounded).
  mutating func fits(_ start: Int, _ end: Int, under limit: Double) throws -> Bool {
    guard end <= latestEnd[start], start >= earliestStart[end] else { return false }
    let line = try extent(start, end)
    return line.rounded <= width && line.exact <= limit
  }

  /// The last end of a line from `start` under `limit`, or `start` when not even one segment
  /// fits: galloping up, then bisecting.
  ///
  /// - Complexity: O(log *k*) lines measured for a line of *k* segments.
  mutating func furthestEnd(from start: Int, under limit: Double) throws -> Int {
    guard try fits(start, start + 1, under: limit) else { return start }
    var (fitting, failing, step) = (start + 1, latestEnd[start] + 1, 1)
    while fitting < latestEnd[start], failing > latestEnd[start] {
      let probe = Swift.min(latestEnd[start], fitting + step)
      if try fits(start, probe, under: limit) { fitting = probe } else { failing = probe }
      step *= 2
    }
    while failing - fitting > 1, failing <= latestEnd[start] {
      let middle = (fitting + failing) / 2
      if try fits(start, middle, under: limit) { fitting = middle } else { failing = middle }
    }
    return fitting
  }

  /// The first start of a line ending at `end` under `limit`, or `end` when not even one
  /// segment fits: galloping down, then bisecting.
  ///
  /// - Complexity: O(log *k*) lines measured for a line of *k* segments.
  mutating func earliestStart(to end: Int, under limit: Double) throws -> Int {
    guard try fits(end - 1, end, under: limit) else { return end }
    let floor = earliestStart[end]
    var (fitting, failing, step) = (end - 1, floor - 1, 1)
    while fitting > floor, failing < floor {
      let probe = Swift.max(floor, fitting - step)
      if try fits(probe, end, under: limit) { fitting = probe } else { failing = probe }
      step *= 2
    }
    while fitting - failing > 1, failing >= floor {
      let middle = (fitting + failing) / 2
      if try fits(middle, end, under: limit) { fitting = middle } else { failing = middle }
    }
    return fitting
  }

  /// The greedy fill under `limit` from the front: where each line ends (at most `lines`
  /// lines; the last entry is the segment count when the text is set), the longest line, and
  /// the least limit above `limit` at which some line could take one more segment.
  mutating func front(under limit: Double, lines: Int) throws -> (ends: [Int], longest: Double, nextLimit: Double) {
    var (ends, longest, nextLimit, start) = ([0], -Double.infinity, Double.infinity, 0)
    while start < segments.count, ends.count <= lines {
      let end = try furthestEnd(from: start, under: limit)
      guard end > start else {
        let alone = try extent(start, start + 1)
        if alone.rounded <= width { nextLimit = Swift.min(nextLimit, alone.exact) }
        break
      }
      longest = Swift.max(longest, try extent(start, end).exact)
      if end < latestEnd[start] {
        let wider = try extent(start, end + 1)
        if wider.rounded <= width { nextLimit = Swift.min(nextLimit, wider.exact) }
      }
      ends.append(end)
      start = end
    }
    return (ends, longest, nextLimit)
  }

  /// The greedy fill under `limit` from the back: where the last `r` lines may start at the
  /// earliest, for r = 0 … `lines` (the segment count for r = 0).
  mutating func back(under limit: Double, lines: Int) throws -> [Int] {
    var starts = [segments.count]
    while starts.count <= lines, let end = starts.last, end > 0 {
      let start = try earliestStart(to: end, under: limit)
      guard start < end else { break }
      starts.append(start)
    }
    return starts
  }

  /// The shortest longest line (unrounded, px) of `lines` lines covering every segment, at most
  /// `known` (the longest line of a break set that does): trial limits halve the interval in
  /// which it lies, and each infeasible one raises the floor to the next limit at which some
  /// line could grow.
  ///
  /// - Complexity: O(log of the interval over the precision) greedy fills, each O(*m* log *k*)
  ///   lines measured.
  mutating func shortestLongestLine(lines: Int, known: Double) throws -> Double {
    var (floor, ceiling) = (0.0, known)  // every limit below `floor` is infeasible
    for _ in 0..<200 {
      let tried = try front(under: floor, lines: lines)
      if tried.ends.last == segments.count { return tried.longest }
      floor = Swift.max(floor, tried.nextLimit)
      guard floor < ceiling else { return ceiling }
      let middle = (floor + ceiling) / 2
      guard middle > floor, middle < ceiling else { continue }
      let half = try front(under: middle, lines: lines)
      if half.ends.last == segments.count { ceiling = half.longest } else { floor = half.nextLimit }
      guard floor < ceiling else { return ceiling }
    }
    return ceiling
  }
}
