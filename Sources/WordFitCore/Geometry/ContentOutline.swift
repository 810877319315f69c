/// A convex region of the canvas that text must stay inside: the ellipse inscribed in a box, or
/// a box with rounded corners. The fitting engine asks it for each line's chord; masks ask it
/// which pixels are inside.
///
/// A pixel is inside when its whole square is: a row band's chord is the narrower of the chords
/// at its top and bottom edges (both shapes narrow monotonically away from their centre), and
/// the columns inside are those whose squares lie within it. So a line fitted to its span can
/// put no ink outside the outline.
public struct ContentOutline: Sendable, Equatable {
  /// The curve that bounds the box.
  public enum Kind: Sendable, Equatable {
    /// The ellipse inscribed in the box (a circle when the box is square).
    case ellipse
    /// The box with corners rounded to `radius` pixels.
    case rounded(radius: Double)
  }

  /// The box the outline is inscribed in, in pixels.
  public var box: PixelBox
  /// The curve.
  public var kind: Kind

  /// An outline of `kind` inscribed in `box`.
  public init(box: PixelBox, kind: Kind) {
    self.box = box
    self.kind = kind
  }

  /// The same outline moved by `dx`, `dy` pixels.
  public func offsetBy(dx: Int, dy: Int) -> ContentOutline {
    ContentOutline(box: box.offsetBy(dx: dx, dy: dy), kind: kind)
  }

  private var centerX: Double { Double(box.minX + box.maxX) / 2 }
  private var centerY: Double { Double(box.minY + box.maxY) / 2 }

  /// Half the outline's width on the horizontal line at `y` (pixels, continuous), or a negative
  /// number above or below it.
  public func halfWidth(atY y: Double) -> Double {
    let halfBoxWidth = Double(box.width) / 2
    let halfBoxHeight = Double(box.height) / 2
    let dy = Swift.abs(y - centerY)
    guard dy <= halfBoxHeight, halfBoxWidth > 0, halfBoxHeight > 0 else { return -1 }
    switch kind {
    case .ellipse:
      let t = dy / halfBoxHeight
      return halfBoxWidth * Swift.max(0, 1 - t * t).squareRoot()
    case .rounded(let radius):
      let r = Swift.min(radius, halfBoxWidth, halfBoxHeight)
      let into = dy - (halfBoxHeight - r)
      guard into > 0 else { return halfBoxWidth }
      return halfBoxWidth - r + Swift.max(0, r * r - into * into).squareRoot()
    }
  }

  /// The columns whose pixels lie inside the outline on every row of `rows` (pixel rows, top
  /// inclusive, bottom exclusive); empty when a row leaves the box or no pixel fits.
  public func span(rows: Range<Int>) -> Range<Int> {
    guard !rows.isEmpty else { return box.minX..<box.maxX }
    guard rows.lowerBound >= box.minY, rows.upperBound <= box.maxY else { return box.minX..<box.minX }
    // The chord narrows away from the centre: the edge farther from it decides.
    let top = Double(rows.lowerBound)
    let bottom = Double(rows.upperBound)
    let edge = Swift.abs(top - centerY) >= Swift.abs(bottom - centerY) ? top : bottom
    let half = halfWidth(atY: edge)
    guard half > 0 else { return box.minX..<box.minX }
    let first = Swift.max(box.minX, Int((centerX - half).rounded(.up)))
    let end = Swift.min(box.maxX, Int((centerX + half).rounded(.down)))
    return end > first ? first..<end : first..<first
  }

  /// Whether the pixel at column `x`, row `y` lies wholly inside the outline.
  public func contains(x: Int, y: Int) -> Bool {
    span(rows: y..<(y + 1)).contains(x)
  }

  /// How much of the pixel at column `x`, row `y` the outline covers, in 0…1, sampled on a
  /// 4 × 4 grid: for anti-aliased masks and bezels.
  public func coverage(x: Int, y: Int) -> Double {
    var inside = 0
    for row in 0..<4 {
      let sampleY = Double(y) + (Double(row) + 0.5) / 4
      let half = halfWidth(atY: sampleY)
      guard half >= 0 else { continue }
      for column in 0..<4 {
        let sampleX = Double(x) + (Double(column) + 0.5) / 4
        if Swift.abs(sampleX - centerX) <= half { inside += 1 }
      }
    }
    return Double(inside) / 16
  }
}
