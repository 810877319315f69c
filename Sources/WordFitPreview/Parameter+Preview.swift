import WordFitCore

extension Parameter {
  /// How much a preview sheet is scaled.
  public static let scale = Parameter("scale", name: "preview scale", isSpecKey: false)
  /// The smallest size a preview accepts as legible, in points.
  public static let minLegible = Parameter("minLegible", name: "legibility threshold", isSpecKey: false)
  /// What makes a preview fail.
  public static let failOn = Parameter("failOn", name: "failure condition", isSpecKey: false)
}
