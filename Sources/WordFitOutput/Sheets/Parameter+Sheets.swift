import WordFitCore

extension Parameter {
  /// The print sheet: a paper size or a label template.
  public static let sheet = Parameter("sheet", isSpecKey: false)
  /// Whether a design is fitted to the label of a label product (fit-to-label).
  public static let fitLabel = Parameter("fitLabel", name: "fit to label", isSpecKey: false)
  /// How a duplex sheet turns over: about its long or its short edge.
  public static let flip = Parameter("flip", name: "duplex flip", isSpecKey: false)
}
