import Foundation

/// The circle a curved line follows and how much of it the line may take.
///
/// Every length is in canvas pixels (y down); angles are in radians. The circle is the round
/// screen's content outline (the screen less its insets): the line's ink stays inside it.
public struct ArcFrame: Sendable, Equatable {
  /// The circle's centre, in pixels from the canvas's left edge.
  public var centreX: Double
  /// The circle's centre, in pixels from the canvas's top edge.
  public var centreY: Double
  /// The circle's radius, in pixels: the ink's outermost point may reach it, less
  /// ``inkAllowance``.
  public var radius: Double
  /// The largest angle the line's advance may take along its baseline, in radians.
  public var sweep: Double
  /// Which edge the line follows.
  public var side: ArcSide

  /// How far inside ``radius`` the glyphs' boxes stay, in pixels: a pixel any outline touches
  /// then has its centre inside the circle (half a pixel's diagonal is 0.71 px).
  public static let inkAllowance = 0.75

  /// The frame of a circle centred at (`centreX`, `centreY`) of `radius` px, a line of at most
  /// `sweep` radians on `side`.
  public init(centreX: Double, centreY: Double, radius: Double, sweep: Double, side: ArcSide) {
    (self.centreX, self.centreY, self.radius, self.sweep, self.side) = (centreX, centreY, radius, sweep, side)
  }

  /// The radius of the baseline for `line`: the font's ascender (top) or descender (bottom)
  /// touches the circle less ``inkAllowance`` — Wear OS aligns curved text by its font's metrics,
  /// so lines on one arc share a baseline — unless a glyph's box, turned with the arc, would
  /// reach past it (an accent above the ascender, a wide glyph's corner): then the baseline sinks
  /// just enough to keep every corner inside. `nil` when a glyph is wider than the circle.
  ///
  /// - Complexity: O(glyphs).
  public func baselineRadius(of line: ArcLine) -> Double? {
    let outer = radius - Self.inkAllowance
    var baseline = outer - (side == .top ? line.ascender : line.descender)
    for glyph in line.glyphs {
      let across = max(-glyph.left, glyph.right)
      guard across < outer else { return nil }
      let reach = (outer * outer - across * across).squareRoot()
      baseline = min(baseline, side == .top ? reach - glyph.top : reach + glyph.bottom)
    }
    return baseline
  }

  /// Where a point `along` px of arc from the line's start lands, for a line of `advance` px
  /// on a baseline of radius `baseline`, `above` px above the baseline (glyph-up), and the
  /// clockwise rotation of the glyph there: the line is centred on the top or bottom of the
  /// circle.
  ///
  /// - Returns: the point in canvas pixels and the rotation in radians, clockwise.
  public func place(along: Double, above: Double, advance: Double, baseline: Double) -> (
    x: Double, y: Double, angle: Double
  ) {
    let angle = (along - advance / 2) / baseline
    switch side {
    case .top:
      let radius = baseline + above
      return (centreX + radius * sin(angle), centreY - radius * cos(angle), angle)
    case .bottom:
      let radius = baseline - above
      return (centreX + radius * sin(angle), centreY + radius * cos(angle), -angle)
    }
  }

  /// Where the pen origin of a glyph lands and how it is turned, for a glyph at `pen` px along
  /// the line and `drop` px below its baseline (a mark's offset) turning about the point `pivot`
  /// px along the baseline, on a line of `advance` px with its baseline at radius `baseline`.
  ///
  /// - Returns: the pen origin in canvas pixels and the clockwise turn in radians.
  public func penOrigin(pen: Double, drop: Double, pivot: Double, advance: Double, baseline: Double) -> (
    x: Double, y: Double, angle: Double
  ) {
    let centre = place(along: pivot, above: 0, advance: advance, baseline: baseline)
    let (along, down) = (pen - pivot, drop)
    let (cosine, sine) = (cos(centre.angle), sin(centre.angle))
    return (centre.x + along * cosine - down * sine, centre.y + along * sine + down * cosine, centre.angle)
  }

  /// The union of `line`'s glyph boxes as drawn on this frame (each turned about its pivot), in
  /// canvas pixels rounded outward, or `nil` when nothing inks.
  ///
  /// - Complexity: O(glyphs).
  public func inkBounds(of line: ArcLine) -> PixelBox? {
    guard let baseline = baselineRadius(of: line) else { return nil }
    var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
    for glyph in line.glyphs {
      for (along, above) in [
        (glyph.left, glyph.top), (glyph.right, glyph.top), (glyph.left, glyph.bottom), (glyph.right, glyph.bottom),
      ] {
        let corner = penOrigin(
          pen: glyph.pivot + along, drop: -above, pivot: glyph.pivot, advance: line.advance, baseline: baseline)
        (minX, minY, maxX, maxY) = (min(minX, corner.x), min(minY, corner.y), max(maxX, corner.x), max(maxY, corner.y))
      }
    }
    guard minX <= maxX else { return nil }
    return PixelBox(
      minX: Int(minX.rounded(.down)), minY: Int(minY.rounded(.down)), maxX: Int(maxX.rounded(.up)),
      maxY: Int(maxY.rounded(.up)))
  }

  /// Whether `line` fits on this frame: its advance within ``sweep`` along its baseline
  /// (``baselineRadius(of:)``), the ring it takes (ascender to descender) short of the centre.
  /// `nil` when it fits, else what does not (``FitLimit/width``: the sweep; ``FitLimit/height``:
  /// the ring).
  ///
  /// - Complexity: O(glyphs).
  public func overflow(of line: ArcLine) -> FitLimit? {
    guard let baseline = baselineRadius(of: line) else { return .height }
    let inner = side == .top ? baseline - line.descender : baseline - line.ascender
    guard baseline > 0, inner > 0 else { return .height }
    return line.advance / baseline > sweep ? .width : nil
  }
}
