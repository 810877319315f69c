import WordFitCore

extension Canvas {
  /// This canvas cut to `outline`: pixels outside it become transparent, pixels on its edge
  /// keep the share of their alpha the outline covers (4 × 4 samples), in RGBA. What a round
  /// screen shows, as a PNG with transparent corners.
  ///
  /// - Complexity: O(*width* × *height*).
  public func masked(to outline: ContentOutline) -> Canvas {
    var result = Canvas(width: width, height: height, format: .rgba, background: .transparent)
    for y in 0..<height {
      let inside = outline.span(rows: y..<(y + 1))
      for x in 0..<width {
        var pixel = color(atX: x, y: y)
        if !inside.contains(x) {
          let covered = Int((outline.coverage(x: x, y: y) * 16).rounded())
          let alpha = (Int(pixel.alpha) * covered + 8) / 16
          pixel =
            alpha == 0 ? .transparent : Color(red: pixel.red, green: pixel.green, blue: pixel.blue, alpha: UInt8(alpha))
        }
        let offset = (y * width + x) * 4
        result.pixels[offset] = pixel.red
        result.pixels[offset + 1] = pixel.green
        result.pixels[offset + 2] = pixel.blue
        result.pixels[offset + 3] = pixel.alpha
      }
    }
    return result
  }

  /// Paints `color` (opaque) wherever `outline` does not cover the pixel, blended on its edge:
  /// the dark bezel around a round screen in a preview sheet, drawn over the cell at
  /// `origin`. Pixels inside are left alone.
  ///
  /// - Complexity: O(outline's box area).
  public mutating func paintBezel(outside outline: ContentOutline, color: Color) {
    let box = outline.box
    for y in Swift.max(0, box.minY)..<Swift.min(height, box.maxY) {
      let inside = outline.span(rows: y..<(y + 1))
      for x in Swift.max(0, box.minX)..<Swift.min(width, box.maxX) where !inside.contains(x) {
        let uncovered = 16 - Int((outline.coverage(x: x, y: y) * 16).rounded())
        guard uncovered > 0 else { continue }
        composite(
          coverage: [UInt8((uncovered * 255 + 8) / 16)], maskWidth: 1, maskHeight: 1, atX: x, y: y, color: color)
      }
    }
  }
}
