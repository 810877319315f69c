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

  /// The number of result pixels.
  package var count: Int { spans.count }

  /// Resamples `source` (rows of `width` pixels of `channels` values) to `columns.count` ×
  /// `rows.count` pixels: columns first, then rows, each pass averaging areas; values rounded
  /// and clamped to bytes.
  ///
  /// - Complexity: O(source area + result area) times the taps per pixel.
  package static func resample(
    _ source: [Double], width: Int, channels: Int, columns: AreaWeights, rows: AreaWeights
  ) -> [UInt8] {
    let height = width * channels > 0 ? source.count / (width * channels) : 0
    let line = columns.count * channels
    var across = [Double](repeating: 0, count: height * line)
    for y in 0..<height {
      for x in 0..<columns.count {
        for (index, share) in columns.taps(x) {
          for c in 0..<channels {
            across[y * line + x * channels + c] += share * source[(y * width + index) * channels + c]
          }
        }
      }
    }
    var result = [UInt8](repeating: 0, count: rows.count * line)
    for y in 0..<rows.count {
      var sums = [Double](repeating: 0, count: line)
      for (index, share) in rows.taps(y) {
        for i in 0..<line { sums[i] += share * across[index * line + i] }
      }
      for i in 0..<line { result[y * line + i] = UInt8(Swift.max(0, Swift.min(255, sums[i].rounded()))) }
    }
    return result
  }
}
