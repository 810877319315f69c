import WordFitCore
import WordFitImage
import WordFitText

/// A finished box stack: the layout, the pixels, and what the PNG records about them.
public struct StackRendering: RenderedImage {
  /// Where every box went and why the size is what it is.
  public var layout: StackLayout
  /// The pixels.
  public var canvas: Canvas
  /// The corner radius drawn, in pixels.
  public var cornerRadius: Double
  /// The font used: family and style.
  public var fontName: String
  /// The font's version string.
  public var fontVersion: String
  /// The FreeType version that rasterised the glyphs.
  public var freeTypeVersion: String
  /// Characters the font has no glyph for.
  public var missingCharacters: [Unicode.Scalar]
  /// The screen's outline the boxes were fitted inside.
  public var shape: CanvasShape = .rectangle
  /// Adjustments worth telling the user about (a clamped radius).
  public var warnings: [String]
  /// Every font drawn with, the primary first.
  public var fonts: [FontUsage] = []
  /// For each line, the indices into ``fonts`` of the fonts it uses.
  public var lineFonts: [[Int]] = []

  /// Text chunks recorded in the PNG.
  public var metadata: [(key: String, value: String)] {
    [
      ("Software", "WordFit \(wordFitVersion)"),
      ("WordFit-Labels", layout.boxes.map(\.label).joined(separator: " | ")),
      ("WordFit-Size", TextFormatting.pixels(layout.size)),
      ("WordFit-Font", "\(fontName); \(fontVersion)" + (fonts.first?.variations.map { "; " + $0 } ?? "")),
    ] + fonts.dropFirst().map { ("WordFit-Fallback-Font", $0.summary) } + [
      ("WordFit-FreeType", freeTypeVersion)
    ]
  }
}
