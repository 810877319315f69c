import WordFitFonts

/// Fonts opened by one renderer, by path and face, so a batch opens each font once.
/// Not thread-safe, like ``Font``: one cache per thread.
final class FontCache {
  private var fonts: [String: Font] = [:]

  /// The font at `path` (or the bundled font for `weight` when `path` is `nil`).
  func font(path: String?, faceIndex: Int, weight: FontWeight) throws -> Font {
    let resolved = try path ?? Self.bundledFontPath(weight)
    let key = "\(faceIndex):\(resolved)"
    if let font = fonts[key] { return font }
    let font = try Font(contentsOf: resolved, faceIndex: faceIndex)
    fonts[key] = font
    return font
  }

  /// The path of a bundled font.
  ///
  /// - Throws: ``WordFitError`` `.missingInput` listing where it looked.
  static func bundledFontPath(_ weight: FontWeight) throws -> String {
    if let path = BundledFonts.path(of: weight.bundledFileName) { return path }
    throw WordFitError(
      .missingInput,
      "bundled font \(weight.bundledFileName) not found (looked in \(BundledFonts.searchDirectories.joined(separator: ", "))); set WORDFIT_FONT_DIR to WordFit's Fonts/ folder or pass --font"
    )
  }
}
