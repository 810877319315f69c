import CFreeType

/// A glyph's outline as path commands, in pixels from the glyph's origin with y down (the
/// canvas's direction), unhinted at the size it was loaded at: what a vector output (SVG)
/// draws for the glyph.
public struct GlyphOutline: Sendable, Equatable {
  /// One step of a path.
  public enum Command: Sendable, Equatable {
    /// Starts a contour at the point.
    case move(x: Double, y: Double)
    /// A straight line to the point.
    case line(x: Double, y: Double)
    /// A quadratic Bézier curve through one control point to the point.
    case quadratic(controlX: Double, controlY: Double, x: Double, y: Double)
    /// A cubic Bézier curve through two control points to the point.
    case cubic(control1X: Double, control1Y: Double, control2X: Double, control2Y: Double, x: Double, y: Double)
  }

  /// The commands, contour after contour (each contour closed by the one after it, or the end).
  public var commands: [Command]
}

extension Font {
  /// The unhinted outline of `glyph` at `units` (1/64 px), or `nil` for a glyph with no
  /// outline (a bitmap or colour glyph) or one FreeType cannot load (reported).
  ///
  /// - Complexity: O(*p*) in the outline's points.
  package func outline(of glyph: UInt32, units: Int) -> GlyphOutline? {
    selectSize(units)
    var needed = 0
    var room = 64
    var raw: [Int] = []
    for _ in 0..<2 {
      raw = [Int](repeating: 0, count: room * 7)
      let error = raw.withUnsafeMutableBufferPointer { wf_ft_glyph_outline(face, glyph, $0.baseAddress, room, &needed) }
      guard error == 0 else {
        if Int32(error) != wf_ft_invalid_glyph_format() {
          report("FreeType could not load the outline of glyph \(glyph) (\(freeTypeMessage(error)))")
        }
        return nil
      }
      if needed <= room { break }
      room = needed
    }
    let pixels = { (value: Int) in Double(value) / 64 }
    let commands = (0..<Swift.min(needed, room)).compactMap { index -> GlyphOutline.Command? in
      let c = raw[(index * 7)..<(index * 7 + 7)]
      let (verb, base) = (c[c.startIndex], c.startIndex)
      let (x1, y1, x2, y2, x3, y3) = (
        pixels(c[base + 1]), -pixels(c[base + 2]), pixels(c[base + 3]), -pixels(c[base + 4]), pixels(c[base + 5]),
        -pixels(c[base + 6])
      )
      switch verb {
      case 0: return .move(x: x1, y: y1)
      case 1: return .line(x: x1, y: y1)
      case 2: return .quadratic(controlX: x1, controlY: y1, x: x2, y: y2)
      case 3: return .cubic(control1X: x1, control1Y: y1, control2X: x2, control2Y: y2, x: x3, y: y3)
      default: return nil
      }
    }
    return GlyphOutline(commands: commands)
  }
}
