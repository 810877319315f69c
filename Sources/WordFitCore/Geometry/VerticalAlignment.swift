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
}
