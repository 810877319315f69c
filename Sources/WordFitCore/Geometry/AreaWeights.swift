/// For each result pixel of a resampling by area averaging, the source pixels it covers and the
/// share of each (the shares of one result pixel add up to 1 where the source covers it): used
/// to scale colour glyphs and preview cells.
package struct AreaWeights {
  private var spans: [[(Int, Double)]]

  /// `count` result pixels; result pixel `i` covers source coordinates
  /// `origin + i·step ..< origin + (i + 1)·step`, clipped to `0 ..< limit`.
  package init(count: Int, origin: Double, step: Double, limit: Int) {
    spans = (0..<count).map { i in
      let start = origin + Double(i) * step
      let end = start + step
      var taps: [(Int, Double)] = []
      var index = Swift.max(0, Int(start.rounded(.down)))
      while index < limit, Double(index) < end {
        let covered = Swift.min(end, Double(index + 1)) - Swift.max(start, Double(index))
        if covered > 0 { taps.append((index, covered / step)) }
        index += 1
      }
      return taps
    }
  }

  /// The source pixels and shares of result pixel `index`.
  package func taps(_ index: Int) -> [(Int, Double)] { spans[index] }
}
