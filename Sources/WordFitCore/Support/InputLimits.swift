/// The largest inputs WordFit accepts, so that no input can make it allocate without bound.
///
/// Each limit is documented in the README's "Reliability" section; an input over a limit gets
/// a one-line error naming the input and the limit.
public enum InputLimits {
  /// The largest layout spec or `wordfit-check.json` read, in bytes.
  public static let specBytes = 4 << 20
  /// The largest text read from `--text-file` or standard input, in bytes.
  public static let textBytes = 16 << 20
  /// The most UTF-8 bytes one layout's text (or one stack label) may have: 256 KiB, about 80
  /// pages of prose on one canvas. Shaping keeps ~200 bytes a character while a size is
  /// measured, so this bounds a layout's memory near 60 MB (a 4 MB word took 861 MB).
  public static let layoutTextBytes = 256 << 10

  /// Throws when `text` is longer than ``layoutTextBytes``.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` naming the parameter and the limit.
  /// - Complexity: O(1) (the string's UTF-8 count).
  public static func checkLayoutText(_ text: String, _ parameter: Parameter) throws {
    let bytes = text.utf8.count
    guard bytes > layoutTextBytes else { return }
    throw WordFitError(
      .invalidData,
      "\(parameter) is \(bytes) bytes; one layout holds at most \(layoutTextBytes) (256 KiB): split the text",
      reason: .outOfRange(parameter, value: "\(bytes) bytes", range: "at most \(layoutTextBytes) bytes"))
  }
  /// The largest PNG file read (goldens, `diff` inputs), in bytes.
  public static let pngFileBytes = 256 << 20
  /// The largest font file opened, in bytes.
  public static let fontFileBytes = 1 << 30
  /// The most pixels a PNG may decode to by default (64 Mpx: 256 MiB as RGBA); `diff` and
  /// `check` take `--max-pixels` for more.
  public static let decodedPixels = 1 << 26
  /// The most bytes one ancillary PNG chunk (text, sPLT …) may make libpng allocate.
  public static let pngChunkBytes = 8 << 20
  /// The most words of one text that are fitted; words after it are dropped as if they did not
  /// fit the height (``OverflowPolicy/truncate`` ends the last line kept in "…").
  public static let wordsPerText = 4_096
  /// The most pixels one colour glyph (an emoji) may have, as rendered from its font or as
  /// scaled to the line's size (4 Mpx, 16 MiB as RGBA); a larger one is drawn empty.
  public static let glyphPixels = 1 << 22
  /// The most fallback fonts one renderer opens; characters that would need more are drawn
  /// from the fonts already open, or as boxes.
  public static let fallbackFonts = 64
  /// The most pixels all the cells of one preview sheet may render at full size, added up
  /// (128 Mpx; the default sheet, 10 watches × 6 sizes, renders about 12 Mpx).
  public static let previewCellPixels = 1 << 27
  /// The most pixels one preview cell renders before it is scaled onto the sheet: 4096², 16
  /// Mpx. A render holds ~40 bytes a pixel, so one cell stays under ~700 MB whatever the
  /// scale (an 8000² cell at scale 0.5 took 2.44 GB).
  public static let previewSingleCellPixels = 1 << 24
  /// The most entries a `fallback` list may name: each is a font opened when first needed,
  /// and no renderer opens more than ``fallbackFonts``.
  public static let fallbackListEntries = fallbackFonts
  /// The most layers one COLRv0 colour glyph may have; a glyph with more is drawn in its
  /// monochrome outline, with a warning.
  public static let colorGlyphLayers = 1_024
  /// The most pixels one COLRv0 glyph may blend at a size: its layers × its box (16 Mpx, about
  /// 0.1 s; 1,024 full-size layers at 600 px were 176 Mpx and 1.4 s). Past it the glyph is drawn
  /// in its monochrome outline, with a warning.
  public static let colorLayerPixels = 1 << 24
  /// The longest text, in Unicode scalars, wrapped on a shaped screen (round, rounded): each line
  /// count is searched on its own there, about 0.3 s at 1,300 characters (200 words on
  /// `wear-large`) against 0.04 s on a rectangle; 4,000 words took 15.8 s.
  public static let shapedWrapCharacters = 1_500
}
