/// A box on the pixel grid, in whole pixels, with y growing downwards.
///
/// `minX`/`minY` are inclusive, `maxX`/`maxY` exclusive: a 1×1 box at the origin is
/// `PixelBox(minX: 0, minY: 0, maxX: 1, maxY: 1)`.
public struct PixelBox: Sendable, Equatable, Hashable, Codable {
  /// The left edge, in pixels.
  public var minX: Int
  /// The top edge, in pixels.
  public var minY: Int
  /// The right edge (exclusive), in pixels.
  public var maxX: Int
  /// The bottom edge (exclusive), in pixels.
  public var maxY: Int

  /// Creates a box from its edges, in pixels.
  public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  /// Creates a box from its origin and size, in pixels; each value is clamped to ±2²⁴ so that
  /// no edge overflows, whatever was read.
  public init(x: Int, y: Int, width: Int, height: Int) {
    let limit = 1 << 24
    let clamp = { (value: Int) in Swift.min(limit, Swift.max(-limit, value)) }
    self.init(minX: clamp(x), minY: clamp(y), maxX: clamp(x) + clamp(width), maxY: clamp(y) + clamp(height))
  }

  /// The width, in pixels.
  public var width: Int { maxX - minX }
  /// The height, in pixels.
  public var height: Int { maxY - minY }
  /// Whether the box covers no pixel.
  public var isEmpty: Bool { maxX <= minX || maxY <= minY }

  /// The smallest box that holds both boxes.
  public func union(_ other: PixelBox) -> PixelBox {
    PixelBox(
      minX: Swift.min(minX, other.minX), minY: Swift.min(minY, other.minY),
      maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY))
  }

  /// The box moved by `dx`, `dy` pixels.
  public func offsetBy(dx: Int, dy: Int) -> PixelBox {
    PixelBox(minX: minX + dx, minY: minY + dy, maxX: maxX + dx, maxY: maxY + dy)
  }

  /// Whether `other` lies wholly inside this box.
  public func contains(_ other: PixelBox) -> Bool {
    other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
  }
}

extension PixelBox {
  /// The box as people read it in reports: `minX,minY–maxX,maxY`.
  public var summary: String { "\(minX),\(minY)–\(maxX),\(maxY)" }
}
