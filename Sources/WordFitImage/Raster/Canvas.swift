import WordFitCore

/// A raster image being drawn: a grid of pixels in one ``PixelFormat``.
///
/// Drawing composites 8-bit coverage (glyphs, shapes) source-over, with exact integer
/// arithmetic, so the same drawing always gives the same bytes.
public struct Canvas: Sendable, Equatable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// The pixel layout.
  public let format: PixelFormat
  /// The pixels, row by row, `width × channels` bytes a row.
  public package(set) var pixels: [UInt8]

  /// Creates a canvas filled with `background`.
  ///
  /// - Complexity: O(*width* × *height*).
  public init(width: Int, height: Int, format: PixelFormat, background: Color) {
    self.width = width
    self.height = height
    self.format = format
    switch format {
    case .grey:
      pixels = [UInt8](repeating: background.red, count: width * height)
    case .rgb, .rgba:
      let pixel = Array([background.red, background.green, background.blue, background.alpha].prefix(format.channels))
      pixels = Self.filled(with: pixel, count: width * height)
    }
  }

  /// `count` copies of `pixel`, by doubling copies (memcpy) rather than byte by byte.
  static func filled(with pixel: [UInt8], count: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count * pixel.count)
    guard count > 0, pixel.contains(where: { $0 != 0 }) else { return bytes }
    bytes.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for (index, value) in pixel.enumerated() { base[index] = value }
      var filled = pixel.count
      while filled < buffer.count {
        let chunk = Swift.min(filled, buffer.count - filled)
        (base + filled).update(from: base, count: chunk)
        filled += chunk
      }
    }
    return bytes
  }

  /// Fills `box` (clipped) with an opaque colour, or composites a translucent one.
  ///
  /// - Complexity: O(box area).
  public mutating func fill(_ box: PixelBox, _ color: Color) {
    let (minX, maxX) = (Swift.max(0, box.minX), Swift.min(width, box.maxX))
    let (minY, maxY) = (Swift.max(0, box.minY), Swift.min(height, box.maxY))
    guard minX < maxX, minY < maxY, color.alpha > 0 else { return }
    guard color.alpha == 255, format != .grey || color.isGrey else {
      composite(
        coverage: [UInt8](repeating: 255, count: (maxX - minX) * (maxY - minY)), maskWidth: maxX - minX,
        maskHeight: maxY - minY, atX: minX, y: minY, color: color)
      return
    }
    let channels = format.channels
    let row = Self.filled(
      with: Array([color.red, color.green, color.blue, 255].prefix(channels)), count: maxX - minX)
    let stride = width * channels
    pixels.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for y in minY..<maxY {
        (base + y * stride + minX * channels).update(from: row, count: row.count)
      }
    }
  }

  /// Creates a canvas from existing pixels (`width × height × format.channels` bytes).
  public init?(width: Int, height: Int, format: PixelFormat, pixels: [UInt8]) {
    guard width > 0, height > 0, pixels.count == width * height * format.channels else { return nil }
    self.width = width
    self.height = height
    self.format = format
    self.pixels = pixels
  }

  /// Bytes per row.
  public var stride: Int { width * format.channels }

  /// The colour at (`x`, `y`).
  public func color(atX x: Int, y: Int) -> Color {
    let offset = (y * width + x) * format.channels
    switch format {
    case .grey:
      let value = pixels[offset]
      return Color(red: value, green: value, blue: value)
    case .rgb:
      return Color(red: pixels[offset], green: pixels[offset + 1], blue: pixels[offset + 2])
    case .rgba:
      return Color(red: pixels[offset], green: pixels[offset + 1], blue: pixels[offset + 2], alpha: pixels[offset + 3])
    }
  }

  /// Composites `color` through an 8-bit coverage mask whose top-left pixel lands at (`x`, `y`).
  /// Parts outside the canvas are clipped.
  ///
  /// - Complexity: O(*maskWidth* × *maskHeight*).
  public mutating func composite(
    coverage: [UInt8], maskWidth: Int, maskHeight: Int, atX x: Int, y: Int, color: Color
  ) {
    let startX = Swift.max(0, x)
    let endX = Swift.min(width, x + maskWidth)
    let startY = Swift.max(0, y)
    let endY = Swift.min(height, y + maskHeight)
    guard startX < endX, startY < endY, color.alpha > 0 else { return }
    let region = MaskRegion(
      maskWidth: maskWidth, x: x, y: y, columns: startX..<endX, rows: startY..<endY, canvasWidth: width)
    let format = self.format
    coverage.withUnsafeBufferPointer { mask in
      pixels.withUnsafeMutableBufferPointer { destination in
        switch format {
        case .grey where color.alpha == 255: Self.compositeOpaqueGrey(mask, into: destination, region, color)
        case .rgb where color.alpha == 255: Self.compositeOpaqueRGB(mask, into: destination, region, color)
        case .grey, .rgb: Self.compositeOpaque(mask, into: destination, region, color, channels: format.channels)
        case .rgba: Self.compositeOver(mask, into: destination, region, color)
        }
      }
    }
  }

  /// Composites a colour image (an emoji glyph) of premultiplied red, green, blue, alpha bytes,
  /// `imageWidth × imageHeight`, whose top-left pixel lands at (`x`, `y`); source-over, clipped.
  /// On a grey canvas the colours are drawn as their luma (Rec. 601).
  ///
  /// - Complexity: O(*imageWidth* × *imageHeight*).
  public mutating func composite(
    premultipliedRGBA image: [UInt8], imageWidth: Int, imageHeight: Int, atX x: Int, y: Int
  ) {
    guard image.count >= imageWidth * imageHeight * 4 else { return }
    let channels = format.channels
    for row in Swift.max(0, y)..<Swift.min(height, y + imageHeight) {
      for column in Swift.max(0, x)..<Swift.min(width, x + imageWidth) {
        let source = ((row - y) * imageWidth + (column - x)) * 4
        let alpha = Int(image[source + 3])
        guard alpha > 0 else { continue }
        var rgb = (Int(image[source]), Int(image[source + 1]), Int(image[source + 2]))
        let offset = (row * width + column) * channels
        if channels == 1 {
          let luma = (299 * rgb.0 + 587 * rgb.1 + 114 * rgb.2 + 500) / 1000
          rgb = (luma, luma, luma)
        }
        Self.blendPremultiplied(rgb, alpha: alpha, into: &pixels, at: offset, channels: channels)
      }
    }
  }

  /// Source-over of one premultiplied colour onto the pixel at `offset`.
  @inline(__always)
  private static func blendPremultiplied(
    _ rgb: (Int, Int, Int), alpha: Int, into pixels: inout [UInt8], at offset: Int, channels: Int
  ) {
    let values = [rgb.0, rgb.1, rgb.2]
    guard channels == 4 else {
      for c in 0..<channels {
        pixels[offset + c] = UInt8(clamping: values[c] + div255(Int(pixels[offset + c]) * (255 - alpha)))
      }
      return
    }
    let remaining = div255(Int(pixels[offset + 3]) * (255 - alpha))
    let outAlpha = alpha + remaining
    guard outAlpha > 0 else { return }
    for c in 0..<3 {
      let numerator = values[c] * 255 + Int(pixels[offset + c]) * remaining
      pixels[offset + c] = UInt8(clamping: (numerator + outAlpha / 2) / outAlpha)
    }
    pixels[offset + 3] = UInt8(clamping: outAlpha)
  }

  /// Where a mask lands on the canvas: its origin, and the rows and columns inside the canvas.
  private struct MaskRegion {
    var maskWidth: Int
    var x: Int
    var y: Int
    var columns: Range<Int>
    var rows: Range<Int>
    var canvasWidth: Int
  }

  /// The common case (badges): opaque grey text. Coverage is read 8 bytes at a time: glyph
  /// boxes are mostly empty (skipped) or fully covered (stored as one word); edges are blended
  /// eight pixels at once (``blend8(_:_:_:)``), only the row's last few one by one.
  private static func compositeOpaqueGrey(
    _ mask: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutableBufferPointer<UInt8>, _ region: MaskRegion,
    _ color: Color
  ) {
    guard let maskBase = mask.baseAddress, let destinationBase = destination.baseAddress else { return }
    let value = Int(color.red)
    let word = UInt64(color.red) &* 0x0101_0101_0101_0101
    let endX = region.columns.upperBound
    for row in region.rows {
      let maskRow = (row - region.y) * region.maskWidth - region.x
      let destinationRow = row * region.canvasWidth
      var column = region.columns.lowerBound
      while column < endX {
        if column + 8 <= endX {
          let coverage = UnsafeRawPointer(maskBase + maskRow + column).loadUnaligned(as: UInt64.self)
          let target = UnsafeMutableRawPointer(destinationBase + destinationRow + column)
          if coverage == .max {
            target.storeBytes(of: word, as: UInt64.self)
          } else if coverage != 0 {
            target.storeBytes(
              of: blend8(value, coverage, target.loadUnaligned(as: SIMD8<UInt8>.self)), as: SIMD8<UInt8>.self)
          }
          column += 8
          continue
        }
        let end = Swift.min(endX, column + 8)
        while column < end {
          let c = Int(maskBase[maskRow + column])
          if c != 0 {
            let offset = destinationRow + column
            destinationBase[offset] = c == 255 ? UInt8(value) : blend(value, Int(destinationBase[offset]), c)
          }
          column += 1
        }
      }
    }
  }

  /// Opaque text on an RGB canvas (colour badges), read like ``compositeOpaqueGrey``: eight
  /// coverage bytes at a time, empty runs skipped, full runs stored without blending.
  private static func compositeOpaqueRGB(
    _ mask: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutableBufferPointer<UInt8>, _ region: MaskRegion,
    _ color: Color
  ) {
    guard let maskBase = mask.baseAddress, let pixels = destination.baseAddress else { return }
    let (red, green, blue) = (Int(color.red), Int(color.green), Int(color.blue))
    let endX = region.columns.upperBound
    for row in region.rows {
      let maskRow = (row - region.y) * region.maskWidth - region.x
      let destinationRow = row * region.canvasWidth
      var column = region.columns.lowerBound
      while column < endX {
        if column + 8 <= endX, UnsafeRawPointer(maskBase + maskRow + column).loadUnaligned(as: UInt64.self) == 0 {
          column += 8
          continue
        }
        let end = Swift.min(endX, column + 8)
        while column < end {
          let c = Int(maskBase[maskRow + column])
          if c != 0 {
            let offset = (destinationRow + column) * 3
            if c == 255 {
              pixels[offset] = color.red
              pixels[offset + 1] = color.green
              pixels[offset + 2] = color.blue
            } else {
              pixels[offset] = blend(red, Int(pixels[offset]), c)
              pixels[offset + 1] = blend(green, Int(pixels[offset + 1]), c)
              pixels[offset + 2] = blend(blue, Int(pixels[offset + 2]), c)
            }
          }
          column += 1
        }
      }
    }
  }

  /// Grey or RGB pixels (opaque), any colour alpha.
  private static func compositeOpaque(
    _ mask: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutableBufferPointer<UInt8>, _ region: MaskRegion,
    _ color: Color, channels: Int
  ) {
    forEachCovered(mask, region) { pixel, c in
      let a = color.alpha == 255 ? c : div255(c * Int(color.alpha))
      let offset = pixel * channels
      destination[offset] = blend(Int(color.red), Int(destination[offset]), a)
      if channels == 3 {
        destination[offset + 1] = blend(Int(color.green), Int(destination[offset + 1]), a)
        destination[offset + 2] = blend(Int(color.blue), Int(destination[offset + 2]), a)
      }
    }
  }

  /// RGBA pixels: exact source-over.
  private static func compositeOver(
    _ mask: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutableBufferPointer<UInt8>, _ region: MaskRegion,
    _ color: Color
  ) {
    forEachCovered(mask, region) { pixel, c in
      sourceOver(color, coverage: c, destination: destination, offset: pixel * 4)
    }
  }

  /// Calls `body` with the canvas pixel index and the coverage of every mask pixel inside the
  /// canvas whose coverage is not 0.
  @inline(__always)
  private static func forEachCovered(
    _ mask: UnsafeBufferPointer<UInt8>, _ region: MaskRegion, _ body: (_ pixel: Int, _ coverage: Int) -> Void
  ) {
    for row in region.rows {
      let maskRow = (row - region.y) * region.maskWidth - region.x
      let destinationRow = row * region.canvasWidth
      for column in region.columns {
        let c = Int(mask[maskRow + column])
        if c != 0 { body(destinationRow + column, c) }
      }
    }
  }
}

/// ``blend(_:_:_:)`` of eight grey pixels at once: `source` over `destination` with the eight
/// coverage bytes of `coverage` (lowest byte first), in 16-bit lanes (255 × 255 + 128 plus its
/// high byte stays below 65,536, so the result is the same, bit for bit).
@inline(__always)
func blend8(_ source: Int, _ coverage: UInt64, _ destination: SIMD8<UInt8>) -> SIMD8<UInt8> {
  let alpha = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(coverage, to: SIMD8<UInt8>.self))
  let below = SIMD8<UInt16>(truncatingIfNeeded: destination)
  let biased = SIMD8<UInt16>(repeating: UInt16(source)) &* alpha &+ below &* (255 &- alpha) &+ 128
  return SIMD8<UInt8>(truncatingIfNeeded: (biased &+ (biased &>> 8)) &>> 8)
}

/// `value / 255` rounded to nearest, exact for 0 … 255 × 255.
@inline(__always)
func div255(_ value: Int) -> Int {
  let biased = value + 128
  return (biased + (biased >> 8)) >> 8
}

/// Source-over of an opaque destination channel: `(s·a + d·(255 − a)) / 255`, rounded.
@inline(__always)
func blend(_ source: Int, _ destination: Int, _ alpha: Int) -> UInt8 {
  UInt8(truncatingIfNeeded: div255(source * alpha + destination * (255 - alpha)))
}

/// Porter–Duff source-over on straight-alpha RGBA, rounded to nearest.
@inline(__always)
func sourceOver(_ color: Color, coverage: Int, destination: UnsafeMutableBufferPointer<UInt8>, offset: Int) {
  let sourceAlpha = div255(coverage * Int(color.alpha))  // 0…255
  let destinationAlpha = Int(destination[offset + 3])
  let remaining = div255(destinationAlpha * (255 - sourceAlpha))  // destination's share
  let outAlpha = sourceAlpha + remaining
  guard outAlpha > 0 else { return }
  func channel(_ source: UInt8, _ old: UInt8) -> UInt8 {
    let numerator = Int(source) * sourceAlpha + Int(old) * remaining
    return UInt8(truncatingIfNeeded: (numerator + outAlpha / 2) / outAlpha)
  }
  destination[offset] = channel(color.red, destination[offset])
  destination[offset + 1] = channel(color.green, destination[offset + 1])
  destination[offset + 2] = channel(color.blue, destination[offset + 2])
  destination[offset + 3] = UInt8(truncatingIfNeeded: outAlpha)
}
