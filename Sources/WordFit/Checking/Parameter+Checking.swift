import WordFitCore

extension Parameter {
  /// When `check` writes goldens.
  public static let record = Parameter("record", name: "record mode", isSpecKey: false)
}
