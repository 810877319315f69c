extension Canvas {
  /// The canvas with `bleed` px more on every side, filled by repeating its edge pixels outward,
  /// so a cut slightly off the trim line leaves no white edge.
  ///
  /// - Complexity: O(area of the result).
  public func extended(by bleed: Int) -> Canvas {
    guard bleed > 0 else { return self }
    var result = Canvas(width: width + 2 * bleed, height: height + 2 * bleed, format: format, background: .white)
    let channels = format.channels
    for row in 0..<result.height {
      let sourceRow = Swift.min(height - 1, Swift.max(0, row - bleed))
      for column in 0..<result.width {
        let sourceColumn = Swift.min(width - 1, Swift.max(0, column - bleed))
        let source = (sourceRow * width + sourceColumn) * channels
        let target = (row * result.width + column) * channels
        for channel in 0..<channels { result.pixels[target + channel] = pixels[source + channel] }
      }
    }
    return result
  }
}
