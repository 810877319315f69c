import WordFitCore

extension Parameter {
  /// Pixels per inch.
  public static let dpi = Parameter("dpi", name: "resolution (dots per inch)")
}
