import WordFitCore

extension Parameter {
  /// The text colour.
  public static let fg = Parameter("fg", name: "text colour")
  /// The background colour.
  public static let bg = Parameter("bg", name: "background colour")
  /// A stack's box fills.
  public static let fill = Parameter("fill")
}
