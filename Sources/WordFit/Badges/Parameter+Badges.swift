import WordFitCore

extension Parameter {
  /// The print sheet: a paper size or a label template.
  public static let sheet = Parameter("sheet", isSpecKey: false)
  /// Bleed around each badge on a sheet, in millimetres.
  public static let bleed = Parameter("bleed", isSpecKey: false)
}
