import WordFitCore

extension Parameter {
  /// When `check` writes goldens.
  public static let record = Parameter("record", name: "record mode", isSpecKey: false)
}

extension Parameter {
  /// The folder a check writes its artifacts (renders, diffs) to.
  public static let artifacts = Parameter("artifacts", name: "artifacts folder", isSpecKey: false)
  /// The image format of a failing case's expected, actual and diff images (`png`, `webp`).
  public static let artifactFormat = Parameter("artifactFormat", name: "artifact format", isSpecKey: false)
}
