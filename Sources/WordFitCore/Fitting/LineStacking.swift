/// What a "line" is to the fitting engine: how much room a line needs across besides its text,
/// and how lines stack down. ``Fitter`` is generic over it, so one search, one limit rule and
/// one overflow policy serve every layout: ``WordLines`` (one word per line, `WordsToFit`) and
/// ``BoxLines`` (labels in padded boxes of equal height, the equal-width button stack).
///
/// A conforming type must make stack height grow (never shrink) as lines are added, which
/// ``fittingPrefixCount(_:lineMetrics:height:)`` relies on.
public protocol LineStacking: Sendable {
  /// What one line is called in messages (`line`, `box`).
  var lineNoun: String { get }
  /// What one line's text is called in messages (`word`, `label`).
  var textNoun: String { get }
  /// Pixels a line needs across besides its text's extent (padding on both sides).
  var horizontalOverhead: Int { get }

  /// The height of `lines` stacked at one size whose line metrics are `lineMetrics`, ink
  /// included, in pixels.
  func height(of lines: [WordMetrics], lineMetrics: LineMetrics) -> Int

  /// How many of `lines`, from the first, fit in `height` pixels.
  ///
  /// - Complexity: O(*n*) for *n* lines.
  func fittingPrefixCount(_ lines: [WordMetrics], lineMetrics: LineMetrics, height: Int) -> Int

  /// The largest size, in pixels, at which `count` lines whose line height is `lineEms` per
  /// pixel of size could fit `height` (ignoring ink), for the search's first estimate.
  func sizeEstimate(forHeight height: Int, lineCount count: Int, lineEms: Double) -> Double

  /// Where each of `lines` sits down and how wide it must be across, stacked at one size whose
  /// line metrics are `lineMetrics`: what a shaped outline checks (``ContentOutline``).
  ///
  /// - Complexity: O(*n*) for *n* lines.
  func footprint(of lines: [WordMetrics], lineMetrics: LineMetrics) -> StackFootprint
}

/// Words stacked one per line: each line box is the font's line height (ascender, descender and
/// gap), lines are `spacing` pixels apart, and ink that reaches beyond the boxes counts.
public struct WordLines: LineStacking {
  /// Extra space between consecutive line boxes, in pixels.
  public var spacing: Double
  /// What the block is measured by: the line boxes, or cap height to baseline.
  public var trim: TextBoxTrim

  /// Lines `spacing` pixels apart, the block trimmed as `trim` says.
  public init(spacing: Double = 0, trim: TextBoxTrim = .none) {
    self.spacing = spacing
    self.trim = trim
  }

  /// What one line is called in messages: `line`.
  public var lineNoun: String { "line" }
  /// What one line\'s text is called in messages: `word`.
  public var textNoun: String { "word" }
  /// Pixels a line needs across besides its text.
  public var horizontalOverhead: Int { 0 }

  /// The height of `lines` stacked at one size, in pixels.
  public func height(of lines: [WordMetrics], lineMetrics: LineMetrics) -> Int {
    VerticalStack(lines: lines.map { ($0.lineMetrics ?? lineMetrics, $0.inkBounds) }, spacing: spacing, trim: trim)
      .height
  }

  /// How many of `lines`, from the first, fit in `height` pixels.
  ///
  /// - Complexity: O(*k*) for the *k* lines that fit.
  public func fittingPrefixCount(_ lines: [WordMetrics], lineMetrics: LineMetrics, height: Int) -> Int {
    VerticalStack.fittingPrefixCount(
      lines.map { ($0.lineMetrics ?? lineMetrics, $0.inkBounds) }, spacing: spacing, trim: trim, height: height)
  }

  /// The largest size at which `count` lines could fit `height`, ignoring ink.
  public func sizeEstimate(forHeight height: Int, lineCount count: Int, lineEms: Double) -> Double {
    (Double(height) - Double(count - 1) * spacing) / (Double(count) * lineEms)
  }

  /// Each line's rows (its ascender to descender joined with its ink) and extent.
  ///
  /// - Complexity: O(*n*) for *n* lines.
  public func footprint(of lines: [WordMetrics], lineMetrics: LineMetrics) -> StackFootprint {
    Self.footprint(
      lines.map { ($0.lineMetrics ?? lineMetrics, $0.inkBounds) }, widths: lines.map(\.extentWidth), spacing: spacing,
      trim: trim)
  }

  /// The footprint of lines with their own metrics and ink, `widths` across, `spacing` apart:
  /// the same stack as ``VerticalStack``.
  static func footprint(
    _ lines: [(metrics: LineMetrics, ink: PixelBox?)], widths: [Int], spacing: Double, trim: TextBoxTrim = .none
  ) -> StackFootprint {
    let stack = VerticalStack(lines: lines, spacing: spacing, trim: trim)
    let rows = zip(lines, stack.baselines).map { line, baseline -> Range<Int> in
      var top = baseline - Int(line.metrics.ascender.rounded(.up))
      var bottom = baseline + Int(line.metrics.descender.rounded(.up))
      if let ink = line.ink {
        top = Swift.min(top, baseline + ink.minY)
        bottom = Swift.max(bottom, baseline + ink.maxY)
      }
      return top..<Swift.max(top, bottom)
    }
    return StackFootprint(top: stack.top, height: stack.height, rows: rows, widths: widths)
  }
}

/// Labels in boxes stacked one under another: every box has the same height (the tallest line
/// box or ink of all labels, plus vertical padding), boxes are `spacing` pixels apart, and each
/// label needs its horizontal padding on both sides.
public struct BoxLines: LineStacking {
  /// Padding left and right of each label, in pixels.
  public var horizontalPadding: Int
  /// Padding above and below each label, in pixels.
  public var verticalPadding: Int
  /// Space between boxes, in pixels.
  public var spacing: Int
  /// Whether every box is as wide as the widest label plus padding (``StackWidth/equal``), so
  /// every box needs that width across; otherwise each needs its own label's.
  public var sharesWidth: Bool

  /// Boxes with the given padding, `spacing` pixels apart, sharing the widest width or not.
  public init(horizontalPadding: Int, verticalPadding: Int, spacing: Int, sharesWidth: Bool = false) {
    self.horizontalPadding = horizontalPadding
    self.verticalPadding = verticalPadding
    self.spacing = spacing
    self.sharesWidth = sharesWidth
  }

  /// What one line is called in messages: `box`.
  public var lineNoun: String { "box" }
  /// What one line\'s text is called in messages: `label`.
  public var textNoun: String { "label" }
  /// Pixels a line needs across besides its text.
  public var horizontalOverhead: Int { 2 * horizontalPadding }

  /// The shared box height and the baseline's offset from a box's top for `lines`.
  public func boxGeometry(of lines: [WordMetrics], lineMetrics: LineMetrics) -> (height: Int, baseline: Int) {
    var extent = BoxExtent(lineMetrics)
    for line in lines { extent.add(line) }
    return (extent.height + 2 * verticalPadding, verticalPadding + extent.baseline)
  }

  /// The height of `lines` stacked at one size, in pixels.
  public func height(of lines: [WordMetrics], lineMetrics: LineMetrics) -> Int {
    stackHeight(count: lines.count, boxHeight: boxGeometry(of: lines, lineMetrics: lineMetrics).height)
  }

  /// How many of `lines`, from the first, fit in `height` pixels.
  ///
  /// - Complexity: O(*k*) for the *k* lines that fit.
  public func fittingPrefixCount(_ lines: [WordMetrics], lineMetrics: LineMetrics, height: Int) -> Int {
    // A prefix's boxes are as tall as its tallest member, so the stack only grows line by line.
    var extent = BoxExtent(lineMetrics)
    for (index, line) in lines.enumerated() {
      extent.add(line)
      if stackHeight(count: index + 1, boxHeight: extent.height + 2 * verticalPadding) > height { return index }
    }
    return lines.count
  }

  /// The largest size at which `count` lines could fit `height`, ignoring ink.
  public func sizeEstimate(forHeight height: Int, lineCount count: Int, lineEms: Double) -> Double {
    let room = Double(height - count * 2 * verticalPadding - (count - 1) * spacing)
    return room / (Double(count) * lineEms)
  }

  /// Each box's rows and the width it needs across (the shared width with ``sharesWidth``).
  ///
  /// - Complexity: O(*n*) for *n* lines.
  public func footprint(of lines: [WordMetrics], lineMetrics: LineMetrics) -> StackFootprint {
    let boxHeight = boxGeometry(of: lines, lineMetrics: lineMetrics).height
    let own = lines.map { $0.extentWidth + horizontalOverhead }
    let widest = own.max() ?? 0
    let rows = lines.indices.map { index -> Range<Int> in
      let top = index * (boxHeight + spacing)
      return top..<(top + boxHeight)
    }
    return StackFootprint(
      top: 0, height: stackHeight(count: lines.count, boxHeight: boxHeight), rows: rows,
      widths: sharesWidth ? own.map { _ in widest } : own)
  }

  private func stackHeight(count: Int, boxHeight: Int) -> Int {
    count * boxHeight + Swift.max(0, count - 1) * spacing
  }
}

/// The shared extent of equal boxes: line metrics as tall as any line's (fallback fonts can
/// make a line's taller), and every line's ink relative to the baseline.
struct BoxExtent {
  private var metrics: LineMetrics
  private var inkTop = Int.max
  private var inkBottom = Int.min

  init(_ metrics: LineMetrics) { self.metrics = metrics }

  mutating func add(_ line: WordMetrics) {
    if let own = line.lineMetrics { metrics = metrics.union(own) }
    if let ink = line.inkBounds {
      inkTop = Swift.min(inkTop, ink.minY)
      inkBottom = Swift.max(inkBottom, ink.maxY)
    }
  }

  private var ascender: Int { Int(metrics.ascender.rounded()) }
  private var top: Int { inkTop == Int.max ? 0 : Swift.min(0, ascender + inkTop) }
  private var bottom: Int {
    Swift.max(Int(metrics.lineHeight.rounded(.up)), inkBottom == Int.min ? Int.min : ascender + inkBottom)
  }

  /// The box's height without padding, in pixels.
  var height: Int { bottom - top }
  /// The baseline's offset from the box's top, without padding, in pixels.
  var baseline: Int { ascender - top }
}
