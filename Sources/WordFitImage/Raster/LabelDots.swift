import WordFitCore

/// A label's dots in each ink its printer has: black, and red on a two-colour roll (Brother's
/// DK-22251 in a QL-800 series printer). A dot is in one ink at most.
public struct LabelDots: Sendable, Equatable {
  /// The inks a label printer prints with.
  public enum Inks: Sendable, Equatable {
    /// Black on white: every label printer.
    case black
    /// Black and red on white.
    case blackAndRed
  }

  /// The black dots.
  public private(set) var black: MonochromeBitmap
  /// The red dots; all white on a black-only label.
  public private(set) var red: MonochromeBitmap
  /// The inks these dots are for.
  public let inks: Inks

  /// Width in dots.
  public var width: Int { black.width }
  /// Height in dots.
  public var height: Int { black.height }

  /// Black-only dots: `black` as it is.
  public init(_ black: MonochromeBitmap) {
    (self.black, red, inks) = (black, MonochromeBitmap(width: black.width, height: black.height), .black)
  }

  /// The dots of `canvas` in `inks`: with red ink, a pixel prints red when, over white, its red
  /// exceeds both its green and its blue by at least 128 of 255 (pure red text prints where it
  /// covers at least half a dot; orange and pink count, brown and grey do not); every other
  /// pixel prints black by ``MonochromeBitmap/init(_:threshold:)``'s threshold, and inside
  /// `photos` (but not inside `kept`, the texts' boxes) dithered by
  /// ``MonochromeBitmap/dithering(_:photos:kept:)``.
  ///
  /// - Complexity: O(*w* × *h*) plus the photos' area.
  public init(_ canvas: Canvas, inks: Inks, photos: [PixelBox] = [], kept: [PixelBox] = []) {
    let black = MonochromeBitmap(canvas).dithering(canvas, photos: photos, kept: kept)
    guard inks == .blackAndRed else {
      self.init(black)
      return
    }
    let red = MonochromeBitmap(redOf: canvas, within: nil)
    self.init(black: black.removing(red), red: red)
  }

  /// The dots of `canvas` inside `boxes` only, every other dot white, in `inks` (as
  /// ``init(_:inks:photos:kept:)`` makes them, without photos): what a comparison inside the
  /// boxes (``sameDots(as:in:)``) needs.
  ///
  /// - Complexity: O(the boxes' area).
  public init(_ canvas: Canvas, inks: Inks, within boxes: [PixelBox]) {
    let black = MonochromeBitmap(canvas, within: boxes)
    guard inks == .blackAndRed else {
      self.init(black)
      return
    }
    let red = MonochromeBitmap(redOf: canvas, within: boxes)
    self.init(black: black.removing(red), red: red)
  }

  /// Black and red dots (no dot in both).
  private init(black: MonochromeBitmap, red: MonochromeBitmap) {
    (self.black, self.red, inks) = (black, red, .blackAndRed)
  }

  /// Whether these dots and `other`'s are the same, ink for ink, inside `box`.
  ///
  /// - Complexity: O(the box's area).
  public func sameDots(as other: LabelDots, in box: PixelBox) -> Bool {
    black.sameDots(as: other.black, in: box) && (inks == .black || red.sameDots(as: other.red, in: box))
  }

  /// These dots with each of `edits` applied in order: every dot of its box (clipped) where
  /// `covered` holds made black (and not red) or white (in every ink).
  ///
  /// - Complexity: O(*w* × *h*) to copy, plus the edits' areas.
  public func applying(_ edits: [(box: PixelBox, black: Bool, covered: (Int, Int) -> Bool)]) -> LabelDots {
    var edited = self
    edited.black = black.applying(edits)
    if inks == .blackAndRed { edited.red = red.applying(edits.map { ($0.box, false, $0.covered) }) }
    return edited
  }

  /// The dots as an image a person looks at: black, red and white pixels.
  ///
  /// - Complexity: O(*w* × *h*).
  public func preview() -> Canvas {
    var canvas = Canvas(width: width, height: height, format: .rgb, background: .white)
    canvas.pixels.withUnsafeMutableBufferPointer { pixels in
      for y in 0..<height {
        for x in 0..<width {
          let offset = (y * width + x) * 3
          if black.isBlack(x: x, y: y) {
            (pixels[offset], pixels[offset + 1], pixels[offset + 2]) = (0, 0, 0)
          } else if red.isBlack(x: x, y: y) {
            (pixels[offset + 1], pixels[offset + 2]) = (0, 0)
          }
        }
      }
    }
    return canvas
  }
}

extension MonochromeBitmap {
  /// The red dots of `canvas` (see ``LabelDots/init(_:inks:photos:kept:)``), inside `boxes`
  /// only when given.
  ///
  /// - Complexity: O(*w* × *h*), or O(the boxes' area).
  init(redOf canvas: Canvas, within boxes: [PixelBox]?) {
    self.init(width: canvas.width, height: canvas.height)
    let channels = canvas.format.channels
    guard channels >= 3 else { return }
    var bits = self.bits
    let rowBytes = bytesPerRow
    let areas = boxes ?? [PixelBox(minX: 0, minY: 0, maxX: canvas.width, maxY: canvas.height)]
    canvas.pixels.withUnsafeBufferPointer { pixels in
      for box in areas {
        let (minX, maxX) = (Swift.max(0, box.minX), Swift.min(canvas.width, box.maxX))
        for y in Swift.max(0, box.minY)..<Swift.max(Swift.max(0, box.minY), Swift.min(canvas.height, box.maxY)) {
          for x in minX..<Swift.max(minX, maxX) {
            let offset = (y * canvas.width + x) * channels
            let alpha = channels == 4 ? Int(pixels[offset + 3]) : 255
            let over = { (value: UInt8) in (Int(value) * alpha + 255 * (255 - alpha) + 127) / 255 }
            let (r, g, b) = (over(pixels[offset]), over(pixels[offset + 1]), over(pixels[offset + 2]))
            if r - Swift.max(g, b) >= 128 { bits[y * rowBytes + x >> 3] |= 0x80 >> UInt8(x & 7) }
          }
        }
      }
    }
    self.bits = bits
  }

  /// These dots without `other`'s (the same size).
  func removing(_ other: MonochromeBitmap) -> MonochromeBitmap {
    var result = self
    result.bits = zip(bits, other.bits).map { $0 & ~$1 }
    return result
  }
}
