import WordFitCore

extension Parameter {
  /// The print sheet: a paper size or a label template.
  public static let sheet = Parameter("sheet", isSpecKey: false)
}

extension Parameter {
  /// The folder rows' own images are read from (default: the CSV's folder).
  public static let images = Parameter("images", name: "images folder", isSpecKey: false)
  /// Resuming a folder of PNGs.
  public static let skipExisting = Parameter("skipExisting", name: "skip existing", isSpecKey: false)
}

extension Parameter {
  /// A row's value for a template's column, `COLUMN=VALUE`.
  public static let row = Parameter("row", name: "row value", isSpecKey: false)
  /// Whether a design is fitted to the label of a label product (fit-to-label).
  public static let fitLabel = Parameter("fitLabel", name: "fit to label", isSpecKey: false)
}

extension Parameter {
  /// How a duplex sheet turns over: about its long or its short edge.
  public static let flip = Parameter("flip", name: "duplex flip", isSpecKey: false)
  /// Which side of a badge to render: its front or its back.
  public static let side = Parameter("side", name: "badge side", isSpecKey: false)
}

extension Parameter {
  /// What a label printer's 1-bit dots do with a text that would not survive the threshold.
  public static let oneBit = Parameter("oneBit", name: "1-bit text", isSpecKey: false)
}
