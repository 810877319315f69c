import WordFitCore

extension Parameter {
  /// An output's image format (`png`, `webp`, `svg`).
  public static let format = Parameter("format", name: "image format", isSpecKey: false)
}
