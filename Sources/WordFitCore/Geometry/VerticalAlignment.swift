/// Where the block of lines sits in the available height.
public enum VerticalAlignment: String, Sendable, Codable, CaseIterable {
  case top, center, bottom
}

extension VerticalAlignment {
  /// Where a block's origin goes when the block, occupying rows `top ..< top + height` relative
  /// to its origin, is placed between rows `minY` and `maxY` (centring rounds down): the one
  /// placement rule for word stacks, box stacks and the fit on a shaped outline.
  public func blockOrigin(top: Int, height: Int, between minY: Int, _ maxY: Int) -> Int {
    switch self {
    case .top: minY - top
    case .bottom: maxY - (top + height)
    case .center: minY + floorHalf(maxY - minY - height) - top
    }
  }

  /// The top of a block `height` px tall aligned between `minY` and `maxY`, in pixels before
  /// any rounding (centred: half the room above it, as CSS centres a box in 1/64 px).
  public func exactBlockTop(height: Double, between minY: Int, _ maxY: Int) -> Double {
    switch self {
    case .top: Double(minY)
    case .bottom: Double(maxY) - height
    case .center: Double(minY) + (Double(maxY - minY) - height) / 2
    }
  }
}
