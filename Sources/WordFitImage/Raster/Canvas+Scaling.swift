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
    let pixels = AreaWeights.resample(flat, width: width, channels: 3, columns: columns, rows: rows)
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

extension Canvas {
  /// This image scaled to fit `width` × `height` with its aspect kept (area averaging, on
  /// premultiplied colour), centred, as premultiplied RGBA of exactly that size (transparent
  /// around it): ready for ``composite(premultipliedRGBA:imageWidth:imageHeight:atX:y:)``.
  ///
  /// - Complexity: O(source area + result area).
  public func premultipliedRGBA(fittingWidth boxWidth: Int, height boxHeight: Int) -> [UInt8] {
    let rgba = ImageComparator.rgba(self)
    let factor = Swift.min(Double(boxWidth) / Double(width), Double(boxHeight) / Double(height))
    let newWidth = Swift.max(1, Swift.min(boxWidth, Int((Double(width) * factor).rounded())))
    let newHeight = Swift.max(1, Swift.min(boxHeight, Int((Double(height) * factor).rounded())))
    var premultiplied = [Double](repeating: 0, count: width * height * 4)
    for pixel in 0..<(width * height) {
      let alpha = Double(rgba[pixel * 4 + 3])
      for c in 0..<3 { premultiplied[pixel * 4 + c] = Double(rgba[pixel * 4 + c]) * alpha / 255 }
      premultiplied[pixel * 4 + 3] = alpha
    }
    let columns = AreaWeights(count: newWidth, origin: 0, step: Double(width) / Double(newWidth), limit: width)
    let rows = AreaWeights(count: newHeight, origin: 0, step: Double(height) / Double(newHeight), limit: height)
    let scaled = AreaWeights.resample(premultiplied, width: width, channels: 4, columns: columns, rows: rows)
    var result = [UInt8](repeating: 0, count: boxWidth * boxHeight * 4)
    let (left, top) = ((boxWidth - newWidth) / 2, (boxHeight - newHeight) / 2)
    for y in 0..<newHeight {
      let row = (top + y) * boxWidth + left
      result.replaceSubrange(row * 4..<(row + newWidth) * 4, with: scaled[y * newWidth * 4..<(y + 1) * newWidth * 4])
    }
    return result
  }

  /// Composites another canvas (any format; straight alpha) with its top-left at (`x`, `y`).
  ///
  /// - Complexity: O(the other canvas's area).
  public mutating func composite(_ other: Canvas, atX x: Int, y: Int) {
    let rgba = ImageComparator.rgba(other)
    var premultiplied = rgba
    for pixel in 0..<(other.width * other.height) {
      let alpha = Int(rgba[pixel * 4 + 3])
      for c in 0..<3 { premultiplied[pixel * 4 + c] = UInt8(div255(Int(rgba[pixel * 4 + c]) * alpha)) }
    }
    composite(premultipliedRGBA: premultiplied, imageWidth: other.width, imageHeight: other.height, atX: x, y: y)
  }
}
