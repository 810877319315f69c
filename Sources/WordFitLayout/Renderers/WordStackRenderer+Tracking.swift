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
  /// which every line fits with at most that); each line then takes the least tightening at
  /// which it still fits its width in `widths` (``relaxed(_:atSize:width:cascade:direction:base:tightening:)``),
  /// and its metrics in `fit` are replaced by those it is drawn with.
  ///
  /// - Complexity: O(lines × log(tightening × size × 64)) measurements.
  static func lineTracking(
    _ fit: inout FitResult, widths: [Int], cascade: FontCascade, direction: LineDirection?, base: Tracking,
    tightening: Double
  ) -> [Int] {
    fit.lines.indices.map { index in
      let line = fit.lines[index]
      guard tightening > 0, widths.indices.contains(index) else {
        return FontCascade.trackingUnits(base.pixels(atSize: line.size))
      }
      let relaxed = relaxed(
        line.text, atSize: line.size, width: widths[index], cascade: cascade, direction: direction, base: base,
        tightening: tightening)
      fit.lines[index].metrics = relaxed.metrics
      return relaxed.units
    }
  }

  /// The least tightening, in 1/64 px steps down from `base` at `size`, at which `text` fits
  /// `width` (at most `tightening` of the em, at which the fit found it fits), with its metrics.
  ///
  /// - Complexity: O(log(tightening × size × 64)) measurements.
  static func relaxed(
    _ text: String, atSize size: Double, width: Int, cascade: FontCascade, direction: LineDirection?,
    base: Tracking, tightening: Double
  ) -> (units: Int, metrics: WordMetrics) {
    let loose = FontCascade.trackingUnits(base.pixels(atSize: size))
    let tight = FontCascade.trackingUnits(base.pixels(atSize: size) - tightening * size)
    let measure = { (units: Int) in
      cascade.metrics(of: text, atSize: size, direction: direction, tracking: Double(units) / 64)
    }
    let plain = measure(loose)
    guard plain.extentWidth > width else { return (loose, plain) }
    // The largest tracking in tight...loose that fits; tight does (the fit was made with it).
    var (low, high) = (tight, loose)
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if measure(middle).extentWidth <= width { low = middle } else { high = middle }
    }
    return (low, measure(low))
  }

  /// A warning for each line whose negative tracking (``Parameter/tightening`` or
  /// ``Parameter/tracking``) makes letters touch that would not touch without it
  /// (``ShapedText/inkContacts(fonts:spacing:)``).
  ///
  /// - Complexity: O(glyphs × their height) for lines drawn with negative tracking; none else.
  static func inkContactWarnings(_ lines: [ShapedText], tracking: [Int], fonts: [Font]) -> [String] {
    zip(lines, tracking).compactMap { line, units in
      guard units < 0 else { return nil }
      let contacts = line.inkContacts(fonts: fonts, spacing: (-units + 63) / 64)
      guard !contacts.isEmpty else { return nil }
      let pairs = contacts.prefix(3).map { "\($0.0)|\($0.1)" }.joined(separator: ", ")
      return
        "letters touch in \"\(line.text)\" (\(pairs)) at a tracking of \(TextFormatting.pixels(Double(units) / 64)) px; lower \(Parameter.tightening) or \(Parameter.tracking)"
    }
  }
}
