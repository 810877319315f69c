import WordFitCore
import WordFitOutput

extension Parameter {
  /// The image format of a strings check's layouts with a problem (`png`, `webp`).
  public static let imageFormat = Parameter("imageFormat", name: "image format", isSpecKey: false)
}

extension StringsCheck {
  /// `png` or `webp`, as ``imageFormat``.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming ``Parameter/imageFormat`` and the choices.
  public static func parseImageFormat(_ text: String) throws -> OutputFormat {
    try OutputFormat.parse(text, among: imageFormats, naming: .imageFormat)
  }
}
