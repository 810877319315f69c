/// A point on the pixel grid, in whole pixels.
public struct PixelPoint: Sendable, Equatable, Codable {
  /// Pixels from the left edge.
  public var x: Int
  /// Pixels from the top edge.
  public var y: Int

  /// Creates a point, in pixels.
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }
}
