import WordFitCore

extension Parameter {
  /// An output's image format (`png`, `webp`, `svg`).
  public static let format = Parameter("format", name: "image format", isSpecKey: false)
  /// The one PDF document an output's pages go to (a badge's, or a batch's badges).
  public static let pdf = Parameter("pdf", name: "PDF", isSpecKey: false)
  /// The one file an output is written to (`-` for standard output).
  public static let output = Parameter("output", name: "output file", isSpecKey: false)
  /// Bleed around a badge's image or page, in millimetres.
  public static let bleed = Parameter("bleed", isSpecKey: false)
  /// A report as JSON on standard output.
  public static let json = Parameter("json", name: "JSON report", isSpecKey: false)
}
