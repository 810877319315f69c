/// One axis of a variable font and the value it is set to.
public struct VariationAxis: Sendable, Equatable {
  /// The axis tag, such as `wght`, `wdth` or `opsz`.
  public var tag: String
  /// The smallest value, in the axis's design units.
  public var minimum: Double
  /// The font's default value.
  public var defaultValue: Double
  /// The largest value.
  public var maximum: Double
  /// The value the font measures and draws with.
  public var value: Double
}
