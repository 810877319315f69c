/// The vertical geometry of lines stacked one under another: where each baseline falls and how
/// far the stack, ink included, reaches.
///
/// Line `i`'s box starts at the sum of the line heights and spacings above it; its baseline is
/// that top plus the ascender, rounded to a whole pixel so glyph bitmaps land on the grid. The
/// fitting core and the layout both use this one definition.
struct VerticalStack: Equatable {
  /// Baselines relative to the top of the first line box, in whole pixels.
  var baselines: [Int]
  /// The topmost pixel row touched by a line box or ink (≤ 0).
  var top: Int
  /// The row below the lowest line box or ink.
  var bottom: Int

  /// The rows the block is aligned by: ``top`` and ``bottom``, or with
  /// ``TextBoxTrim/capAlphabetic`` the first line's cap height to the last line's baseline.
  var alignTop: Int
  var alignBottom: Int

  /// The height everything occupies, in pixels.
  var height: Int { bottom - top }

  /// Stacks lines with the given metrics and ink, `spacing` pixels apart; with `trim`
  /// ``TextBoxTrim/capAlphabetic`` the block is the first line's cap height (above its drawn
  /// baseline) to the last line's baseline, joined with the ink, instead of the line boxes.
  ///
  /// - Complexity: O(*n*) for *n* lines.
  init(lines: [(metrics: LineMetrics, ink: PixelBox?)], spacing: Double, trim: TextBoxTrim = .none) {
    var baselines: [Int] = []
    baselines.reserveCapacity(lines.count)
    var lineTop = 0.0
    var (inkTop, inkBottom) = (Int.max, Int.min)
    for (index, line) in lines.enumerated() {
      let baseline = Int((lineTop + line.metrics.ascender).rounded())
      baselines.append(baseline)
      if let ink = line.ink {
        inkTop = Swift.min(inkTop, baseline + ink.minY)
        inkBottom = Swift.max(inkBottom, baseline + ink.maxY)
      }
      lineTop += line.metrics.lineHeight
      if index + 1 < lines.count { lineTop += spacing }
    }
    self.baselines = baselines
    if trim == .capAlphabetic, let first = lines.first, let last = baselines.last {
      (alignTop, alignBottom) = (Self.capTop(baseline: baselines[0], first.metrics), last)
    } else {
      (alignTop, alignBottom) = (0, Int(lineTop.rounded(.up)))
    }
    self.top = Swift.min(alignTop, inkTop)
    self.bottom = Swift.max(alignBottom, inkBottom)
  }

  /// Each line box's top relative to the first's, in pixels, before any rounding: the same sums
  /// as ``init(lines:spacing:trim:)``, for a layout that reports where its boxes are.
  ///
  /// - Complexity: O(*n*) for *n* lines.
  static func lineTops(_ lines: [(metrics: LineMetrics, ink: PixelBox?)], spacing: Double) -> [Double] {
    var tops: [Double] = []
    tops.reserveCapacity(lines.count)
    var lineTop = 0.0
    for line in lines {
      tops.append(lineTop)
      lineTop += line.metrics.lineHeight + spacing
    }
    return tops
  }

  /// The row of a line's cap height above its drawn `baseline`.
  static func capTop(baseline: Int, _ metrics: LineMetrics) -> Int {
    Int((Double(baseline) - metrics.capHeight).rounded(.down))
  }

  /// How many of `lines`, from the first, fit in `height` pixels when stacked: the same
  /// arithmetic as ``init(lines:spacing:trim:)``, in one pass, since a stack's height only grows
  /// as lines are added.
  ///
  /// - Complexity: O(*k*) for the *k* lines that fit.
  static func fittingPrefixCount(
    _ lines: [(metrics: LineMetrics, ink: PixelBox?)], spacing: Double, trim: TextBoxTrim = .none, height: Int
  ) -> Int {
    var lineTop = 0.0
    var (top, inkBottom) = (0, Int.min)
    for (index, line) in lines.enumerated() {
      let baseline = Int((lineTop + line.metrics.ascender).rounded())
      if index == 0, trim == .capAlphabetic { top = capTop(baseline: baseline, line.metrics) }
      if let ink = line.ink {
        top = Swift.min(top, baseline + ink.minY)
        inkBottom = Swift.max(inkBottom, baseline + ink.maxY)
      }
      let lineBottom = lineTop + line.metrics.lineHeight
      let blockBottom = trim == .capAlphabetic ? baseline : Int(lineBottom.rounded(.up))
      if Swift.max(blockBottom, inkBottom) - top > height { return index }
      lineTop = lineBottom + spacing
    }
    return lines.count
  }
}
