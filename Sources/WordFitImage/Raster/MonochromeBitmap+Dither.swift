import WordFitCore

extension MonochromeBitmap {
  /// These dots with each of `photos` (clipped to the canvas) dithered from `canvas`, Floyd–
  /// Steinberg, except the dots inside `kept` (the texts' boxes keep their threshold: no
  /// dithered glyph). Each box is dithered on its own, row by row left to right, from each
  /// pixel's ink (255 − its luminance over white, as ``init(_:threshold:)`` weighs it): a dot
  /// prints where the ink with the error carried to it exceeds 128, the error going 7/16 right,
  /// 3/16 below left, 5/16 below and 1/16 below right, in sixteenths truncated toward zero —
  /// Pillow's `convert("1", dither=FLOYDSTEINBERG)` of the inverted image, which is what
  /// brother-ql-next's `dither=True` prints.
  ///
  /// - Complexity: O(the photos' area × (1 + kept boxes)).
  public func dithering(_ canvas: Canvas, photos: [PixelBox], kept: [PixelBox]) -> MonochromeBitmap {
    guard !photos.isEmpty, canvas.width == width, canvas.height == height else { return self }
    var dithered = self
    var bits = self.bits
    let rowBytes = bytesPerRow
    canvas.pixels.withUnsafeBufferPointer { pixels in
      for photo in photos {
        Self.dither(pixels, canvas: canvas, box: photo, kept: kept, into: &bits, rowBytes: rowBytes)
      }
    }
    dithered.bits = bits
    return dithered
  }

  /// Dithers one photo's box (clipped to the canvas) into `bits`, outside `kept`.
  ///
  /// - Complexity: O(the box's area × (1 + kept boxes meeting it)).
  private static func dither(
    _ pixels: UnsafeBufferPointer<UInt8>, canvas: Canvas, box photo: PixelBox, kept: [PixelBox],
    into bits: inout [UInt8], rowBytes: Int
  ) {
    let (width, height, channels) = (canvas.width, canvas.height, canvas.format.channels)
    let (minX, maxX) = (Swift.max(0, photo.minX), Swift.min(width, photo.maxX))
    let (minY, maxY) = (Swift.max(0, photo.minY), Swift.min(height, photo.maxY))
    guard minX < maxX, minY < maxY else { return }
    let keptHere = kept.filter { $0.maxX > minX && $0.minX < maxX && $0.maxY > minY && $0.minY < maxY }
    // below[i]: sixteenths of error carried to column minX + i of the next row.
    var below = [Int](repeating: 0, count: maxX - minX + 1)
    for y in minY..<maxY {
      var (right, belowRight, belowHere) = (0, 0, 0)
      let keptInRow = keptHere.filter { y >= $0.minY && y < $0.maxY }
      for x in minX..<maxX {
        let index = x - minX
        let luminance = Self.luminance(pixels, at: (y * width + x) * channels, channels: channels)
        let ink = Swift.min(255, Swift.max(0, 255 - luminance + (right + below[index + 1]) / 16))
        let dot = ink > 128
        let error = ink - (dot ? 255 : 0)
        // The pixel below left takes 3/16 with what earlier pixels left there.
        below[index] = 3 * error + belowHere
        belowHere = 5 * error + belowRight
        belowRight = error
        right = 7 * error
        guard !keptInRow.contains(where: { x >= $0.minX && x < $0.maxX }) else { continue }
        let (byte, mask) = (y * rowBytes + x >> 3, UInt8(0x80) >> UInt8(x & 7))
        bits[byte] = dot ? bits[byte] | mask : bits[byte] & ~mask
      }
      below[maxX - minX] = belowHere
    }
  }

  /// The luminance of the pixel at `offset` over white, 0…255, as the threshold weighs it:
  /// ⌊(299 R + 587 G + 114 B + 500) / 1000⌋, composited over white by its alpha.
  @inline(__always)
  static func luminance(_ pixels: UnsafeBufferPointer<UInt8>, at offset: Int, channels: Int) -> Int {
    if channels == 1 { return Int(pixels[offset]) }
    let value = (299 * Int(pixels[offset]) + 587 * Int(pixels[offset + 1]) + 114 * Int(pixels[offset + 2]) + 500) / 1000
    guard channels == 4 else { return value }
    let alpha = Int(pixels[offset + 3])
    return (value * alpha + 255 * (255 - alpha) + 127) / 255
  }
}
