import WordFitCore

extension Parameter {
  /// The folder rows' own images are read from (default: the CSV's folder).
  public static let images = Parameter("images", name: "images folder", isSpecKey: false)
  /// Resuming a folder of PNGs.
  public static let skipExisting = Parameter("skipExisting", name: "skip existing", isSpecKey: false)
}

extension Parameter {
  /// A row's value for a template's column, `COLUMN=VALUE`.
  public static let row = Parameter("row", name: "row value", isSpecKey: false)
}

extension Parameter {
  /// Which side of a badge to render: its front or its back.
  public static let side = Parameter("side", name: "badge side", isSpecKey: false)
}

extension Parameter {
  /// What a label printer's 1-bit dots do with a text that would not survive the threshold.
  public static let oneBit = Parameter("oneBit", name: "1-bit text", isSpecKey: false)
}
