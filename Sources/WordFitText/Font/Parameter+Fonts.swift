import WordFitCore

extension Parameter {
  /// A font file, family or fontconfig pattern.
  public static let font = Parameter("font")
  /// The face in a font collection.
  public static let faceIndex = Parameter("faceIndex", name: "face index")
  /// The weight of the bundled font, a family's face or a variable font.
  public static let weight = Parameter("weight")
  /// Where missing characters come from.
  public static let fallback = Parameter("fallback")
  /// The text's language (BCP 47).
  public static let language = Parameter("language")
  /// A variable font's axes.
  public static let variations = Parameter("variations")
}
