import WordFitCore
import WordFitText

extension WordStackRenderer {
  /// The tracking `resolved` asks for with `cascade`'s primary font: `auto`'s table, a fixed
  /// amount, plus the kerning.
  static func tracking(_ resolved: ResolvedLayout, cascade: FontCascade) -> Tracking {
    resolved.tracking.tracking(
      primary: cascade.primary, systemFont: resolved.fonts.name == nil ? resolved.fonts.system : nil,
      canvas: resolved.canvas, kerning: resolved.kerning)
  }

  /// Each line's tracking, in 26.6 px. Without tightening, `base` at the line's size. With it,
  /// the fit was made with every line tightened by the full `tightening` (the largest size at
  /// which every line fits with at most that); each line then takes the least tightening, in
  /// 1/64 px steps, at which it still fits its width in `widths`, and its metrics in `fit` are
  /// replaced by those it is drawn with.
  ///
  /// - Complexity: O(lines × log(tightening × size × 64)) measurements.
  static func lineTracking(
    _ fit: inout FitResult, widths: [Int], cascade: FontCascade, direction: LineDirection?, base: Tracking,
    tightening: Double
  ) -> [Int] {
    fit.lines.indices.map { index in
      let line = fit.lines[index]
      let loose = FontCascade.trackingUnits(base.pixels(atSize: line.size))
      guard tightening > 0, widths.indices.contains(index) else { return loose }
      let tight = FontCascade.trackingUnits(base.pixels(atSize: line.size) - tightening * line.size)
      let measure = { (units: Int) in
        cascade.metrics(of: line.text, atSize: line.size, direction: direction, tracking: Double(units) / 64)
      }
      let plain = measure(loose)
      guard plain.extentWidth > widths[index] else {
        fit.lines[index].metrics = plain
        return loose
      }
      // The largest tracking in tight...loose that fits; tight does (the fit was made with it).
      var (low, high) = (tight, loose)
      while high - low > 1 {
        let middle = low + (high - low) / 2
        if measure(middle).extentWidth <= widths[index] { low = middle } else { high = middle }
      }
      fit.lines[index].metrics = measure(low)
      return low
    }
  }
}
