import WordFitCore

extension Parameter {
  /// A stack's corner radius, in pixels.
  public static let radius = Parameter("radius")
  /// A stack's box outline.
  public static let boxShape = Parameter("boxShape", name: "box shape")
  /// A stack's look.
  public static let stylePreset = Parameter("stylePreset", name: "style preset")
  /// Which values system colour names take.
  public static let appearance = Parameter("appearance")
}
