import WordFitCore

extension Canvas {
  /// This image as opaque RGB, translucent pixels shown over `background`, scaled by `factor`
  /// (0 < `factor` ≤ 1 averages areas; 1 only converts).
  ///
  /// - Complexity: O(source area + result area).
  public func rgb(scaledBy factor: Double = 1, over background: Color) -> Canvas {
    let rgba = ImageComparator.rgba(self)
    guard factor > 0, factor < 1 else { return Self.flattened(rgba, width: width, height: height, over: background) }
    var flat = [Double](repeating: 0, count: width * height * 3)
    for pixel in 0..<(width * height) {
      let alpha = Double(rgba[pixel * 4 + 3]) / 255
      let under = [background.red, background.green, background.blue]
      for c in 0..<3 {
        flat[pixel * 3 + c] = Double(rgba[pixel * 4 + c]) * alpha + Double(under[c]) * (1 - alpha)
      }
    }
    let newWidth = Swift.max(1, Int((Double(width) * factor).rounded()))
    let newHeight = Swift.max(1, Int((Double(height) * factor).rounded()))
    let columns = AreaWeights(count: newWidth, origin: 0, step: Double(width) / Double(newWidth), limit: width)
    let rows = AreaWeights(count: newHeight, origin: 0, step: Double(height) / Double(newHeight), limit: height)
    var across = [Double](repeating: 0, count: height * newWidth * 3)
    for y in 0..<height {
      for x in 0..<newWidth {
        for (index, share) in columns.taps(x) {
          for c in 0..<3 { across[(y * newWidth + x) * 3 + c] += share * flat[(y * width + index) * 3 + c] }
        }
      }
    }
    var pixels = [UInt8](repeating: 0, count: newWidth * newHeight * 3)
    for y in 0..<newHeight {
      var sums = [Double](repeating: 0, count: newWidth * 3)
      for (index, share) in rows.taps(y) {
        for i in 0..<(newWidth * 3) { sums[i] += share * across[index * newWidth * 3 + i] }
      }
      for i in 0..<(newWidth * 3) {
        pixels[y * newWidth * 3 + i] = UInt8(Swift.max(0, Swift.min(255, sums[i].rounded())))
      }
    }
    return Canvas(width: newWidth, height: newHeight, format: .rgb, pixels: pixels)
      ?? Canvas(width: newWidth, height: newHeight, format: .rgb, background: background)
  }

  /// RGBA pixels composited over an opaque background, as RGB.
  private static func flattened(_ rgba: [UInt8], width: Int, height: Int, over background: Color) -> Canvas {
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    let under = [Int(background.red), Int(background.green), Int(background.blue)]
    rgba.withUnsafeBufferPointer { source in
      for pixel in 0..<(width * height) {
        let alpha = Int(source[pixel * 4 + 3])
        for c in 0..<3 {
          pixels[pixel * 3 + c] = UInt8(div255(Int(source[pixel * 4 + c]) * alpha + under[c] * (255 - alpha)))
        }
      }
    }
    return Canvas(width: width, height: height, format: .rgb, pixels: pixels)
      ?? Canvas(width: width, height: height, format: .rgb, background: background)
  }
}
