import WordFitCore
import WordFitFonts
import WordFitImage
import WordFitText

/// Fonts opened by one renderer, by path and face, so a batch opens each font once.
/// Not thread-safe, like ``Font``: one cache per thread.
final class FontCache {
  private var fonts: [String: Font] = [:]
  private var last: (key: String, font: Font)? = nil

  /// The font at `path` (or the bundled font for `weight` when `path` is `nil`), measured and
  /// drawn with `hinting`.
  ///
  /// The last answer is remembered, so a batch asking for the same font every row does not
  /// look it up again.
  func font(path: String?, faceIndex: Int, weight: FontWeight, hinting: Hinting = .none) throws -> Font {
    let request = "\(hinting.rawValue):\(faceIndex):\(path ?? "bundled:" + weight.rawValue)"
    if let last, last.key == request { return last.font }
    let font: Font
    if let known = fonts[request] {
      font = known
    } else {
      font = try Font(contentsOf: try path ?? Self.bundledFontPath(weight), faceIndex: faceIndex, hinting: hinting)
      fonts[request] = font
    }
    last = (request, font)
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
