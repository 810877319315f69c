/// Where each line (or box) of a stack sits down and how wide it must be across at one size,
/// relative to the stack's origin: what a shaped outline is checked against.
public struct StackFootprint: Sendable, Equatable {
  /// The topmost row anything occupies, relative to the origin (≤ 0).
  public var top: Int
  /// The rows everything occupies, in pixels.
  public var height: Int
  /// Each line's rows relative to the origin: its line box (or box) joined with its ink.
  public var rows: [Range<Int>]
  /// Each line's width across: its extent plus padding, or the shared box width.
  public var widths: [Int]

  /// Creates a footprint; lengths in pixels.
  public init(top: Int, height: Int, rows: [Range<Int>], widths: [Int]) {
    self.top = top
    self.height = height
    self.rows = rows
    self.widths = widths
  }

  /// Each line's span (columns inside `outline` on all its rows) with the block placed in
  /// `outline`'s box by `alignment`: the room each line has, and where it is aligned.
  ///
  /// - Complexity: O(*n*) for *n* lines.
  public func spans(on outline: ContentOutline, alignment: VerticalAlignment) -> [Range<Int>] {
    let origin = alignment.blockOrigin(top: top, height: height, between: outline.box.minY, outline.box.maxY)
    return rows.map { outline.span(rows: ($0.lowerBound + origin)..<($0.upperBound + origin)) }
  }

  /// The index of the line that overshoots its span the most and by how many pixels (≤ 0 when
  /// every line fits), or `nil` for no lines.
  func worstOvershoot(spans: [Range<Int>]) -> (index: Int, overshoot: Int)? {
    var worst: (index: Int, overshoot: Int)? = nil
    for (index, (width, span)) in zip(widths, spans).enumerated() {
      let overshoot = width - span.count
      if worst.map({ overshoot > $0.overshoot }) ?? true { worst = (index, overshoot) }
    }
    return worst
  }
}
