import WordFitCore

/// A 1-bit image for a label printer: a dot is black or not, rows packed 8 dots a byte, the
/// leftmost dot in the high bit, each row padded to whole bytes (as ZPL's `^GF` and Brother's
/// raster take them).
public struct MonochromeBitmap: Sendable, Equatable {
  /// Width in dots.
  public let width: Int
  /// Height in dots.
  public let height: Int
  /// The packed rows, `bytesPerRow` × `height` bytes; a set bit is a black dot.
  public internal(set) var bits: [UInt8]

  /// Bytes a row takes: ⌈`width` / 8⌉.
  public var bytesPerRow: Int { (width + 7) / 8 }

  /// The dots of `canvas` by coverage, not dithered: a pixel is a black dot when its luminance
  /// (Rec. 601, `(299 R + 587 G + 114 B) / 1000`, composited over white when it has alpha) is
  /// below `threshold`. Text's anti-aliased edges print where they cover at least half a dot
  /// (at the default 128); a QR module drawn on whole pixels is whole dots; a band lighter than
  /// mid-grey prints white.
  ///
  /// - Complexity: O(*w* × *h*).
  public init(_ canvas: Canvas, threshold: Int = 128) {
    width = canvas.width
    height = canvas.height
    let rowBytes = (canvas.width + 7) / 8
    var bits = [UInt8](repeating: 0, count: rowBytes * canvas.height)
    let (channels, width, height) = (canvas.format.channels, canvas.width, canvas.height)
    canvas.pixels.withUnsafeBufferPointer { pixels in
      bits.withUnsafeMutableBufferPointer { bits in
        // An opaque RGB canvas (every badge on a white or opaque background) has a loop of its
        // own: no branch on the format or the alpha per pixel.
        if channels == 3, let target = bits.baseAddress {
          Self.packRGB(pixels, into: target, width: width, height: height, threshold: threshold)
          return
        }
        for y in 0..<height {
          var offset = y * width * channels
          let row = y * rowBytes
          for x in 0..<width {
            if Self.isBlack(pixels, at: offset, channels: channels, threshold: threshold) {
              bits[row + x >> 3] |= 0x80 >> UInt8(x & 7)
            }
            offset += channels
          }
        }
      }
    }
    self.bits = bits
  }

  /// Packs an opaque RGB image's dots: each row's luminances compared with the threshold
  /// without a branch on the format or the alpha.
  ///
  /// - Complexity: O(*w* × *h*).
  private static func packRGB(
    _ pixels: UnsafeBufferPointer<UInt8>, into bits: UnsafeMutablePointer<UInt8>, width: Int, height: Int,
    threshold: Int
  ) {
    guard let source = pixels.baseAddress else { return }
    let rowBytes = (width + 7) / 8
    for y in 0..<height {
      packRGB(source + y * width * 3, from: 0, to: width, into: bits + y * rowBytes, threshold: threshold)
    }
  }

  /// Sets the bit of each black dot of one opaque RGB row's pixels `start..<end` (the bits start
  /// white).
  @inline(__always)
  private static func packRGB(
    _ row: UnsafePointer<UInt8>, from start: Int, to end: Int, into bits: UnsafeMutablePointer<UInt8>, threshold: Int
  ) {
    let limit = Int32(1000 * threshold - 500)
    var pixel = row + start * 3
    for x in start..<Swift.max(start, end) {
      if 299 * Int32(pixel[0]) + 587 * Int32(pixel[1]) + 114 * Int32(pixel[2]) < limit {
        bits[x >> 3] |= 0x80 >> UInt8(x & 7)
      }
      pixel += 3
    }
  }

  /// The dots of `canvas` inside `boxes` only (clipped to it), every other dot white: what a
  /// comparison inside those boxes (``sameDots(as:in:)``) needs, for the boxes' area alone.
  ///
  /// - Complexity: O(the boxes' area).
  public init(_ canvas: Canvas, threshold: Int = 128, within boxes: [PixelBox]) {
    self.init(width: canvas.width, height: canvas.height)
    let channels = canvas.format.channels
    var bits = self.bits
    let rowBytes = bytesPerRow
    canvas.pixels.withUnsafeBufferPointer { pixels in
      bits.withUnsafeMutableBufferPointer { bits in
        guard let source = pixels.baseAddress, let target = bits.baseAddress else { return }
        for box in boxes {
          let (from, to) = (Swift.max(0, box.minX), Swift.min(canvas.width, box.maxX))
          for y in Swift.max(0, box.minY)..<Swift.max(Swift.max(0, box.minY), Swift.min(canvas.height, box.maxY)) {
            if channels == 3 {
              let row = source + y * canvas.width * 3
              Self.packRGB(row, from: from, to: to, into: target + y * rowBytes, threshold: threshold)
              continue
            }
            for x in from..<Swift.max(from, to)
            where Self.isBlack(pixels, at: (y * canvas.width + x) * channels, channels: channels, threshold: threshold)
            {
              bits[y * rowBytes + x >> 3] |= 0x80 >> UInt8(x & 7)
            }
          }
        }
      }
    }
    self.bits = bits
  }

  /// A bitmap of `width` × `height` white dots.
  init(width: Int, height: Int) {
    (self.width, self.height) = (width, height)
    bits = [UInt8](repeating: 0, count: (width + 7) / 8 * height)
  }

  /// Whether the dot at (`x`, `y`) is black.
  public func isBlack(x: Int, y: Int) -> Bool { bits[y * bytesPerRow + x / 8] & (0x80 >> UInt8(x % 8)) != 0 }

  /// The dots of `canvas`, then each of `edits` applied in order: every dot of its box
  /// (clipped to the bitmap) where `covered` holds set black or white.
  ///
  /// - Complexity: O(*w* × *h*) plus the edits' areas.
  public init(
    _ canvas: Canvas, threshold: Int = 128, edits: [(box: PixelBox, black: Bool, covered: (Int, Int) -> Bool)]
  ) {
    self.init(canvas, threshold: threshold)
    self = applying(edits)
  }

  /// These dots with each of `edits` applied in order: every dot of its box (clipped to the
  /// bitmap) where `covered` holds set black or white.
  ///
  /// - Complexity: O(*w* × *h*) to copy, plus the edits' areas.
  public func applying(_ edits: [(box: PixelBox, black: Bool, covered: (Int, Int) -> Bool)]) -> MonochromeBitmap {
    var edited = self
    var bits = self.bits
    for edit in edits {
      for y in Swift.max(0, edit.box.minY)..<Swift.min(height, edit.box.maxY) {
        for x in Swift.max(0, edit.box.minX)..<Swift.min(width, edit.box.maxX) where edit.covered(x, y) {
          let (index, mask) = (y * bytesPerRow + x / 8, UInt8(0x80) >> UInt8(x % 8))
          bits[index] = edit.black ? bits[index] | mask : bits[index] & ~mask
        }
      }
    }
    edited.bits = bits
    return edited
  }

  /// Whether this bitmap and `other` (the same size) have the same dots inside `box`.
  ///
  /// - Complexity: O(the box's area).
  public func sameDots(as other: MonochromeBitmap, in box: PixelBox) -> Bool {
    guard other.width == width, other.height == height else { return false }
    for y in Swift.max(0, box.minY)..<Swift.min(height, box.maxY) {
      for x in Swift.max(0, box.minX)..<Swift.min(width, box.maxX)
      where isBlack(x: x, y: y) != other.isBlack(x: x, y: y) {
        return false
      }
    }
    return true
  }

  /// Whether a pixel's luminance (0…255, over white) is below `threshold`; an opaque pixel's
  /// without a division (⌊v / 1000⌋ < t exactly when v < 1000 t).
  @inline(__always)
  private static func isBlack(_ pixels: UnsafeBufferPointer<UInt8>, at offset: Int, channels: Int, threshold: Int)
    -> Bool
  {
    if channels == 1 { return Int(pixels[offset]) < threshold }
    let weighted = 299 * Int(pixels[offset]) + 587 * Int(pixels[offset + 1]) + 114 * Int(pixels[offset + 2]) + 500
    guard channels == 4 else { return weighted < 1000 * threshold }
    let alpha = Int(pixels[offset + 3])
    if alpha == 255 { return weighted < 1000 * threshold }
    if alpha == 0 { return 255 < threshold }
    return over(weighted / 1000, alpha: alpha) < threshold
  }

  /// `value` at `alpha` over white.
  private static func over(_ value: Int, alpha: Int) -> Int { (value * alpha + 255 * (255 - alpha) + 127) / 255 }
}
