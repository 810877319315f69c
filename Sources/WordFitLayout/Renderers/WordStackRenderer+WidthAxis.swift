import WordFitCore
import WordFitText

extension WordStackRenderer {
  /// The narrowest instance `resolved` lets the text take (its `wdth` at ``ResolvedLayout/widthAxis``,
  /// within the axis), with the request for it; `nil` without a width axis.
  ///
  /// - Throws: ``WordFitError`` `.usage` when the primary font has no `wdth` axis.
  func narrowest(_ resolved: ResolvedLayout, primary: Font) throws -> (FontCascade, FontRequest, VariationAxis)? {
    guard let minimum = resolved.widthAxis else { return nil }
    guard let axis = primary.axes.first(where: { $0.tag == "wdth" }) else {
      throw WordFitError(
        .usage,
        "\(Parameter.widthAxis) narrows a variable font along its wdth axis, and \(primary.familyName) has none; give a font with a wdth axis, or drop \(Parameter.widthAxis)",
        reason: .malformed(.widthAxis, value: TextFormatting.pixels(minimum), expected: "a font with a wdth axis"))
    }
    var request = resolved.fonts
    request.variations["wdth"] = Swift.min(axis.value, Swift.max(axis.minimum, minimum))
    return (try fonts.cascade(for: request).cascade, request, axis)
  }

  /// The widest `wdth` (in whole steps down from the font's own, to the narrowest the fit was
  /// made with) at which every line of `fit` fits its width in `widths` at its size, and its
  /// cascade; the lines' metrics in `fit` are replaced by those they are drawn with.
  ///
  /// - Complexity: O(lines × log(axis range)) measurements, each step an instance opened once.
  func widest(
    _ fit: inout FitResult, widths: [Int], narrow: (FontCascade, FontRequest, VariationAxis),
    direction: LineDirection?, tracking: Tracking
  ) throws -> (FontCascade, Double) {
    let (narrowCascade, request, axis) = narrow
    let minimum = request.variations["wdth"] ?? axis.minimum
    let cascadeAt = { (value: Double) throws -> FontCascade in
      var wider = request
      wider.variations["wdth"] = value
      return try self.fonts.cascade(for: wider).cascade
    }
    let lines = fit.lines
    let fits = { (cascade: FontCascade) in
      zip(lines, widths).allSatisfy { line, width in
        cascade.metrics(
          of: line.text, atSize: line.size, direction: direction, tracking: tracking.pixels(atSize: line.size)
        ).extentWidth <= width
      }
    }
    var (best, bestValue) = (narrowCascade, minimum)
    let own = axis.value
    if own > minimum, case let wide = try cascadeAt(own), fits(wide) {
      (best, bestValue) = (wide, own)
    } else {
      var (low, high) = (Int(minimum.rounded(.up)), Int(own.rounded(.down)))
      if Double(low) == minimum { low += 1 }
      while low <= high {
        let middle = low + (high - low) / 2
        let cascade = try cascadeAt(Double(middle))
        if fits(cascade) { (best, bestValue, low) = (cascade, Double(middle), middle + 1) } else { high = middle - 1 }
      }
    }
    for index in fit.lines.indices {
      let line = fit.lines[index]
      fit.lines[index].metrics = best.metrics(
        of: line.text, atSize: line.size, direction: direction, tracking: tracking.pixels(atSize: line.size))
    }
    return (best, bestValue)
  }
}
