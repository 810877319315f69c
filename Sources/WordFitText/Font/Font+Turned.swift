import CFreeType
import Foundation
import WordFitCore

/// Glyphs set along a curve: their outlines' boxes, and their coverage turned by an angle (the
/// outline rotated before it is rendered, never a rotated bitmap).
extension Font {
  /// The control box of `glyph`'s unhinted outline at `units` (1/64 px): in pixels from its
  /// origin, y down; every point of the outline lies inside it. `nil` for a glyph with no outline
  /// (a space, a colour bitmap).
  package func controlBox(of glyph: UInt32, units: Int) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
    selectSize(units)
    var (xMin, yMin, xMax, yMax) = (0, 0, 0, 0)
    guard wf_ft_glyph_control_box(face, glyph, &xMin, &yMin, &xMax, &yMax) == 0, xMax > xMin, yMax > yMin else {
      return nil
    }
    return (Double(xMin) / 64, -Double(yMax) / 64, Double(xMax) / 64, -Double(yMin) / 64)
  }

  /// The coverage of `glyph` at `units`, unhinted, turned clockwise by `angle` radians about its
  /// origin, the origin `x` and `y` px (each in 0..<1) right of and below a whole pixel: the
  /// bitmap's ``GlyphBitmap/left`` and ``GlyphBitmap/top`` are from that pixel. `nil` when
  /// nothing inks or FreeType cannot render it (reported).
  ///
  /// - Complexity: O(the bitmap's area), rendered twice (to size it, then to fill it).
  package func turnedBitmap(of glyph: UInt32, units: Int, angle: Double, x: Double, y: Double) -> GlyphBitmap? {
    selectSize(units)
    let (cosine, sine) = (Int((cos(angle) * 65536).rounded()), Int((sin(angle) * 65536).rounded()))
    let (dx, dy) = (Int((x * 64).rounded()), Int((y * 64).rounded()))
    var (left, top, width, rows): (Int32, Int32, UInt32, UInt32) = (0, 0, 0, 0)
    var error = wf_ft_render_turned(face, glyph, cosine, sine, dx, dy, &left, &top, &width, &rows, nil, 0)
    guard error == 0 else {
      if error != wf_ft_invalid_glyph_format() {
        report("FreeType could not render glyph \(glyph) turned (\(freeTypeMessage(error))); it is drawn empty")
      }
      return nil
    }
    guard width > 0, rows > 0 else { return nil }
    var coverage = [UInt8](repeating: 0, count: Int(width) * Int(rows))
    error = coverage.withUnsafeMutableBufferPointer { buffer in
      wf_ft_render_turned(
        face, glyph, cosine, sine, dx, dy, &left, &top, &width, &rows, buffer.baseAddress, buffer.count)
    }
    guard error == 0, coverage.count == Int(width) * Int(rows) else { return nil }
    return GlyphBitmap(width: Int(width), rows: Int(rows), left: Int(left), top: Int(top), coverage: coverage)
  }
}

extension GlyphBitmap {
  /// Where a colour glyph's bitmap (not turned: a bitmap is never rotated) is drawn for a pen
  /// origin at (`x`, `y`) px turned clockwise by `angle` radians: its top-left pixel, the
  /// bitmap's centre where the turned glyph's centre lands. One rule for every painter.
  package func uprightTopLeft(x: Double, y: Double, angle: Double) -> (x: Int, y: Int) {
    let (u, v) = (Double(left) + Double(width) / 2, Double(rows) / 2 - Double(top))
    let centre = (x: x + u * cos(angle) - v * sin(angle), y: y + u * sin(angle) + v * cos(angle))
    return (Int((centre.x - Double(width) / 2).rounded()), Int((centre.y - Double(rows) / 2).rounded()))
  }
}
