import WordFitCore
import WordFitFonts
import WordFitImage
import WordFitText

/// Fonts opened by one renderer, by path and face, so a batch opens each font once.
/// Not thread-safe, like ``Font``: one cache per thread.
final class FontCache {
  private var fonts: [String: Font] = [:]
  private var bundled: [FontWeight: Font] = [:]
  private var last: (path: String?, faceIndex: Int, weight: FontWeight, font: Font)? = nil

  /// The font at `path` (or the bundled font for `weight` when `path` is `nil`).
  ///
  /// The last answer is remembered, so a batch asking for the same font every row does not
  /// look it up again.
  func font(path: String?, faceIndex: Int, weight: FontWeight) throws -> Font {
    if let last, last.path == path, last.faceIndex == faceIndex, path != nil || last.weight == weight {
      return last.font
    }
    let font: Font
    if path == nil, faceIndex == 0, let known = bundled[weight] {
      font = known
    } else {
      let resolved = try path ?? Self.bundledFontPath(weight)
      let key = "\(faceIndex):\(resolved)"
      if let known = fonts[key] {
        font = known
      } else {
        font = try Font(contentsOf: resolved, faceIndex: faceIndex)
        fonts[key] = font
      }
      if path == nil, faceIndex == 0 { bundled[weight] = font }
    }
    last = (path, faceIndex, weight, font)
    return font
  }

  /// The path of a bundled font.
  ///
  /// - Throws: ``WordFitError`` `.missingInput` listing where it looked.
  static func bundledFontPath(_ weight: FontWeight) throws -> String {
    if let path = BundledFonts.path(of: weight.bundledFileName) { return path }
    throw WordFitError(
      .missingInput,
      "bundled font \(weight.bundledFileName) not found (looked in \(BundledFonts.searchDirectories.joined(separator: ", "))); set WORDFIT_FONT_DIR to WordFit's Fonts/ folder or name a font file"
    )
  }
}
