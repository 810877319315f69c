import WordFitCore

extension Canvas {
  /// The canvas turned 180° (upside down and right to left): pixel (x, y) moves to
  /// (width − 1 − x, height − 1 − y). A duplex back behind a sheet turned top over bottom is
  /// drawn so.
  ///
  /// - Complexity: O(*width* × *height*).
  public func turnedHalfway() -> Canvas {
    var result = self
    let channels = format.channels
    let count = width * height
    pixels.withUnsafeBufferPointer { source in
      result.pixels.withUnsafeMutableBufferPointer { target in
        for index in 0..<count {
          let (from, to) = (index * channels, (count - 1 - index) * channels)
          for channel in 0..<channels { target[to + channel] = source[from + channel] }
        }
      }
    }
    return result
  }
}
