extension Canvas {
  /// Copies an RGB canvas onto this RGB canvas at (`x`, `y`), clipped.
  package mutating func blit(_ other: Canvas, atX x: Int, y: Int) {
    guard format == .rgb, other.format == .rgb else { return }
    for row in 0..<other.height where y + row >= 0 && y + row < height {
      for column in 0..<other.width where x + column >= 0 && x + column < width {
        let source = (row * other.width + column) * 3
        let destination = ((y + row) * width + x + column) * 3
        pixels[destination] = other.pixels[source]
        pixels[destination + 1] = other.pixels[source + 1]
        pixels[destination + 2] = other.pixels[source + 2]
      }
    }
  }
}
