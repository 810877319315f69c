/// Space kept clear inside each edge of the canvas, in whole pixels.
public struct EdgeInsets: Sendable, Equatable {
  /// Pixels kept clear at the top.
  public var top: Int
  /// Pixels kept clear at the leading (left) edge.
  public var leading: Int
  /// Pixels kept clear at the bottom.
  public var bottom: Int
  /// Pixels kept clear at the trailing (right) edge.
  public var trailing: Int

  /// Creates insets, in pixels.
  public init(top: Int, leading: Int, bottom: Int, trailing: Int) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// The same inset on every edge, in pixels.
  public init(all value: Int) {
    self.init(top: value, leading: value, bottom: value, trailing: value)
  }

  /// WordFit's default: 8 px on every edge.
  public static let standard = EdgeInsets(all: 8)

  /// Insets from 1, 2 (vertical, horizontal) or 4 (top, leading, bottom, trailing) values.
  ///
  /// - Throws: ``WordFitError`` `.usage` for another count or a negative value.
  public init(values: [Int]) throws {
    guard values.allSatisfy({ $0 >= 0 && $0 <= CanvasSize.maximumSide }) else {
      throw WordFitError.outOfRange(
        .insets, values.map(String.init).joined(separator: ","), range: "0…\(CanvasSize.maximumSide) px each")
    }
    switch values.count {
    case 1: self.init(all: values[0])
    case 2: self.init(top: values[0], leading: values[1], bottom: values[0], trailing: values[1])
    case 4: self.init(top: values[0], leading: values[1], bottom: values[2], trailing: values[3])
    default:
      throw WordFitError.malformed(
        .insets, values.map(String.init).joined(separator: ","),
        expected: "1, 2 (vertical,horizontal) or 4 (top,leading,bottom,trailing) values")
    }
  }

  /// The values as 4 numbers: top, leading, bottom, trailing.
  public var values: [Int] { [top, leading, bottom, trailing] }
}
