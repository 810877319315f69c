import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// The parameters every layout spec has (``RenderSpec`` and ``StackSpec``): canvas, font, sizes,
/// alignment and colours, as the user wrote them.
///
/// ``resolvedLayout()`` turns them into typed values once: the one place they are checked, used
/// when a spec is decoded (so a bad spec fails before anything is rendered), by the renderers,
/// and by `batch` before it reads a row.
public protocol LayoutFields {
  /// A watch preset (`45mm`) or `WIDTHxHEIGHT` in pixels.
  var canvas: String { get set }
  /// A font file, or `nil` for the bundled font of ``weight``.
  var font: String? { get set }
  /// The face in a font collection.
  var faceIndex: Int { get set }
  /// Which bundled font when ``font`` is `nil`.
  var weight: FontWeight { get set }
  /// The text style that sets the maximum size.
  var style: TextStyle { get set }
  /// The Dynamic Type size the style is read in, or `nil` for the canvas's default.
  var dynamicType: ContentSizeCategory? { get set }
  /// The maximum size in pixels, overriding ``style``.
  var maxSize: Double? { get set }
  /// The smallest scale of the maximum size, in (0, 1].
  var minScale: Double { get set }
  /// What happens when the minimum size does not fit.
  var overflow: OverflowPolicy { get set }
  /// Horizontal alignment (of lines, or of boxes).
  var align: HorizontalAlignment { get set }
  /// Vertical alignment of the block.
  var valign: VerticalAlignment { get set }
  /// Insets in pixels: 1, 2 or 4 values.
  var insets: [Int] { get set }
  /// The text colour.
  var fg: String { get set }
  /// The background colour.
  var bg: String { get set }
  /// Which values system colour names take.
  var appearance: Appearance { get set }
  /// How glyphs are fitted to the pixel grid.
  var hinting: Hinting { get set }
  /// Each line's paragraph direction, or `nil` for its first strong character.
  var direction: LineDirection? { get set }
  /// Where characters the font lacks come from: `auto`, `none`, or fonts separated by commas.
  var fallback: String { get set }
  /// The text's language (BCP 47), or `nil`.
  var language: String? { get set }
  /// Whether a font family that is not installed is an error instead of a warning.
  var strictFont: Bool { get set }
  /// A variable font's axes (`wght=650,wdth=90`), or `nil`.
  var variations: String? { get set }
  /// What happens when a character no font has is drawn as a box.
  var missingGlyphs: MissingGlyphPolicy { get set }
}

/// The shared layout parameters, parsed and checked.
public struct ResolvedLayout: Sendable, Equatable {
  /// The canvas.
  public var canvas: CanvasSize
  /// The insets.
  public var insets: EdgeInsets
  /// The canvas minus the insets.
  public var availableBox: PixelBox
  /// The maximum size, in pixels (1…4096).
  public var maximumSize: Double
  /// The Dynamic Type size the style was read in (the canvas's default unless one was asked for).
  public var category: ContentSizeCategory
  /// The text colour.
  public var foreground: Color
  /// The background colour.
  public var background: Color
  /// Pixels per point: 2 on watch canvases, 1 on `WxH` canvases.
  public var scale: Int { canvas.watch == nil ? 1 : 2 }
}

extension LayoutFields {
  /// The font and fallback files the layout names (families are not files), with their roles.
  public var inputFiles: [(role: String, path: String)] {
    var files: [(role: String, path: String)] = []
    if let font, FontCache.isFilePath(font) { files.append(("font file", font)) }
    if case .fonts(let names) = FallbackPolicy(parsing: fallback) {
      files += names.filter(FontCache.isFilePath).map { ("fallback font", $0) }
    }
    return files
  }

  /// Makes a relative ``font`` path relative to the folder of the spec file at `specPath`, so a
  /// spec names its font the same way from wherever it is used.
  mutating func resolveFontPath(relativeTo specPath: String) {
    resolvePaths(inFolder: (specPath as NSString).deletingLastPathComponent)
  }

  /// Makes relative ``font`` and ``fallback`` file paths relative to `folder` (the folder of the
  /// spec or template that named them); the one path rule for specs and template regions.
  mutating func resolvePaths(inFolder folder: String) {
    func resolved(_ path: String) -> String {
      path.hasPrefix("/") || folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }
    if let font, FontCache.isFilePath(font) || font.contains("/") { self.font = resolved(font) }
    if case .fonts(let names) = FallbackPolicy(parsing: fallback) {
      // Fallback fonts named by path (with a slash or a font extension) are relative to the spec too.
      fallback = names.map { FontCache.isFilePath($0) ? resolved($0) : $0 }.joined(separator: ",")
    }
  }

  /// Reads `wght=650,wdth=90`: four-character axis tags and finite values.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the malformed entry.
  static func parseVariations(_ text: String) throws -> [String: Double] {
    var result: [String: Double] = [:]
    for entry in text.split(separator: ",") {
      let parts = entry.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard parts.count == 2, parts[0].count == 4, parts[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
        let value = Double(parts[1]), value.isFinite
      else {
        throw WordFitError(
          .usage, "variation \"\(entry)\" is not AXIS=VALUE; give four-letter axes such as wght=650,wdth=90",
          reason: .malformed(.variations, value: String(entry), expected: "AXIS=VALUE, such as wght=650"))
      }
      result[parts[0]] = value
    }
    return result
  }

  /// Whether `tag` looks like a BCP 47 language tag: 2–8 letters, then subtags of 1–8 letters or
  /// digits after hyphens, at most 35 characters.
  static func isLanguageTag(_ tag: String) -> Bool {
    let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
    guard tag.count <= 35, let first = parts.first, (2...8).contains(first.count),
      first.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return parts.dropFirst().allSatisfy {
      (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }

  /// Parses and checks the shared parameters.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the parameter, its value and its range or
  ///   valid words: an unknown canvas or colour, insets that leave no room, a maximum size
  ///   outside 1…4096 px, a minimum scale outside (0, 1], a face index outside 0…65535.
  public func resolvedLayout() throws -> ResolvedLayout {
    let canvas = try CanvasSize.parse(self.canvas)
    let insets = try EdgeInsets(values: self.insets)
    let box = PixelBox(
      minX: insets.leading, minY: insets.top, maxX: canvas.width - insets.trailing, maxY: canvas.height - insets.bottom)
    guard box.width > 0, box.height > 0 else {
      let values = insets.values.map(String.init).joined(separator: ",")
      throw WordFitError(
        .usage,
        "insets \(values) leave no room on a \(canvas.width)x\(canvas.height) canvas; use smaller insets or a larger canvas",
        reason: .outOfRange(
          .insets, value: values, range: "less than half the canvas (\(canvas.width)x\(canvas.height))"))
    }
    guard minScale > 0, minScale <= 1 else {
      throw WordFitError.outOfRange(.minimumScale, minScale, range: "a value in (0, 1], such as 0.5")
    }
    let category = dynamicType ?? canvas.watch?.defaultCategory ?? .large
    let maximumSize = try maxSize ?? style.pixelSize(on: canvas, category: category)
    guard maximumSize.isFinite, maximumSize >= 1, maximumSize <= 4096 else {
      throw WordFitError.outOfRange(.maximumSize, maximumSize, range: "1…4096", unit: "px")
    }
    guard (0...Font.maximumFaceIndex).contains(faceIndex) else {
      throw WordFitError.outOfRange(.faceIndex, faceIndex, range: "0…\(Font.maximumFaceIndex)")
    }
    if let variations { _ = try Self.parseVariations(variations) }
    if let language, !Self.isLanguageTag(language) {
      throw WordFitError(
        .usage, "language \"\(language)\" is not a BCP 47 tag; give one such as en, sr, zh-CN or ar",
        reason: .malformed(.language, value: language, expected: "a BCP 47 tag such as en, sr, zh-CN"))
    }
    return ResolvedLayout(
      canvas: canvas, insets: insets, availableBox: box, maximumSize: maximumSize, category: category,
      foreground: try Color.parse(fg, appearance: appearance),
      background: try Color.parse(bg, appearance: appearance, for: .background))
  }
}
