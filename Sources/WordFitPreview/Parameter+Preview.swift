import WordFitCore

extension Parameter {
  /// How much a preview sheet is scaled.
  public static let scale = Parameter("scale", name: "preview scale", isSpecKey: false)
  /// What makes a preview fail.
  public static let failOn = Parameter("failOn", name: "failure condition", isSpecKey: false)
}
