import WordFitCore

/// The outline of a box behind a label.
public enum BoxShape: Sendable, Equatable {
  /// Square corners.
  case rectangle
  /// Rounded corners of a radius in pixels (clamped to half the shorter side).
  case rounded(radius: Double)
  /// Fully rounded ends: the radius is half the box height (watchOS inline buttons).
  case capsule

  /// The corner radius for a box of `width` × `height` pixels, clamped to half the shorter side.
  public func radius(width: Int, height: Int) -> Double {
    let limit = Double(Swift.min(width, height)) / 2
    switch self {
    case .rectangle: return 0
    case .rounded(let radius): return Swift.min(Swift.max(0, radius), limit)
    case .capsule: return limit
    }
  }

  /// 8-bit coverage of the shape filling a `width` × `height` box, row by row.
  ///
  /// Straight edges lie on pixel boundaries and are fully covered; a pixel on a rounded corner
  /// gets the fraction of its 16 × 16 sample grid inside the corner circle, so edges are
  /// anti-aliased the same way on every machine.
  ///
  /// - Complexity: O(*width* × *height*), plus 256 samples per pixel the corner arcs cross.
  public func coverage(width: Int, height: Int) -> [UInt8] {
    var mask = [UInt8](repeating: 255, count: Swift.max(0, width * height))
    let radius = self.radius(width: width, height: height)
    guard radius > 0 else { return mask }
    let span = Int(radius.rounded(.up))
    let radiusSquared = radius * radius
    for y in 0..<Swift.min(span, height) {
      for x in 0..<Swift.min(span, width) {
        // Top-left corner pixel (x, y); the circle's centre is at (radius, radius).
        let value = Self.cornerCoverage(x: x, y: y, radius: radius, radiusSquared: radiusSquared)
        for (cx, cy) in [(x, y), (width - 1 - x, y), (x, height - 1 - y), (width - 1 - x, height - 1 - y)] {
          mask[cy * width + cx] = Swift.min(mask[cy * width + cx], value)
        }
      }
    }
    return mask
  }

  private static func cornerCoverage(x: Int, y: Int, radius: Double, radiusSquared: Double) -> UInt8 {
    func inside(_ px: Double, _ py: Double) -> Bool {
      let dx = Swift.max(0, radius - px)
      let dy = Swift.max(0, radius - py)
      return dx * dx + dy * dy <= radiusSquared
    }
    let x0 = Double(x)
    let y0 = Double(y)
    if inside(x0, y0) { return 255 }  // the pixel's farthest corner from the centre is inside
    if !inside(x0 + 1, y0 + 1) { return 0 }  // its nearest corner is outside
    var count = 0
    for sy in 0..<16 {
      for sx in 0..<16 where inside(x0 + (Double(sx) + 0.5) / 16, y0 + (Double(sy) + 0.5) / 16) { count += 1 }
    }
    return UInt8(Swift.min(255, (count * 255 + 128) / 256))
  }
}
