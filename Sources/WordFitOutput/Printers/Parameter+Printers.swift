import WordFitCore

extension Parameter {
  /// A label printer's language (`zpl`, `zpl:300`).
  public static let printer = Parameter("printer", name: "label printer", isSpecKey: false)
}
