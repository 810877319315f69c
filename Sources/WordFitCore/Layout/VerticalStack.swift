/// The vertical geometry of lines stacked one under another: where each baseline falls and how
/// far the stack, ink included, reaches.
///
/// Line `i`'s box starts at the sum of the line heights and spacings above it; its baseline is
/// that top plus the ascender, rounded to a whole pixel so glyph bitmaps land on the grid. The
/// fitting core and the layout both use this one definition.
struct VerticalStack: Equatable {
  /// Baselines relative to the top of the first line box, in whole pixels.
  var baselines: [Int]
  /// Each line box's top relative to the first's, in pixels, before any rounding.
  var lineTops: [Double]
  /// Each line's ascender, in pixels: its top plus this is where its baseline falls before
  /// rounding to the pixel grid.
  var ascenders: [Double]
  /// The topmost pixel row touched by a line box or ink (≤ 0).
  var top: Int
  /// The row below the lowest line box or ink.
  var bottom: Int

  /// The height everything occupies, in pixels.
  var height: Int { bottom - top }

  /// Stacks lines with the given metrics and ink, `spacing` pixels apart.
  ///
  /// - Complexity: O(*n*) for *n* lines.
  init(lines: [(metrics: LineMetrics, ink: PixelBox?)], spacing: Double) {
    var baselines: [Int] = []
    baselines.reserveCapacity(lines.count)
    var lineTops: [Double] = []
    lineTops.reserveCapacity(lines.count)
    var lineTop = 0.0
    var top = 0
    var inkBottom = Int.min
    for (index, line) in lines.enumerated() {
      let baseline = Int((lineTop + line.metrics.ascender).rounded())
      baselines.append(baseline)
      lineTops.append(lineTop)
      if let ink = line.ink {
        top = Swift.min(top, baseline + ink.minY)
        inkBottom = Swift.max(inkBottom, baseline + ink.maxY)
      }
      lineTop += line.metrics.lineHeight
      if index + 1 < lines.count { lineTop += spacing }
    }
    self.baselines = baselines
    self.lineTops = lineTops
    self.ascenders = lines.map(\.metrics.ascender)
    self.top = top
    self.bottom = Swift.max(Int(lineTop.rounded(.up)), inkBottom)
  }

  /// How many of `lines`, from the first, fit in `height` pixels when stacked: the same
  /// arithmetic as ``init(lines:spacing:)``, in one pass, since a stack's height only grows
  /// as lines are added.
  ///
  /// - Complexity: O(*k*) for the *k* lines that fit.
  static func fittingPrefixCount(_ lines: [(metrics: LineMetrics, ink: PixelBox?)], spacing: Double, height: Int)
    -> Int
  {
    var lineTop = 0.0
    var top = 0
    var inkBottom = Int.min
    for (index, line) in lines.enumerated() {
      let baseline = Int((lineTop + line.metrics.ascender).rounded())
      if let ink = line.ink {
        top = Swift.min(top, baseline + ink.minY)
        inkBottom = Swift.max(inkBottom, baseline + ink.maxY)
      }
      let lineBottom = lineTop + line.metrics.lineHeight
      if Swift.max(Int(lineBottom.rounded(.up)), inkBottom) - top > height { return index }
      lineTop = lineBottom + spacing
    }
    return lines.count
  }
}
