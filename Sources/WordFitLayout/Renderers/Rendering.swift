import WordFitCore
import WordFitImage
import WordFitText

extension Rendering {
  /// One `WordFit-Fallback-Font` chunk per fallback font drawn with.
  var fallbackMetadata: [(key: String, value: String)] {
    fonts.dropFirst().map { ("WordFit-Fallback-Font", $0.summary) }
  }
}

/// A finished word stack: the layout, the pixels, and what the PNG records about them.
public struct Rendering: RenderedImage {
  /// Where every line went and why the size is what it is.
  public var layout: WordStackLayout
  /// How the text was broken into lines.
  public var layoutKind: LayoutKind = .words
  /// The type that laid the text out (its kind's, or an edge button's label window): what the
  /// reports ask how to name lines and whether breaks say something.
  package var textLayout: any TextLayout = WordsLayout()
  /// The line limit a wrapped text was fitted under, if any.
  public var lineLimit: Int? = nil
  /// The pixels.
  public var canvas: Canvas
  /// The font used: family and style, for example `DejaVu Sans Bold`.
  public var fontName: String
  /// The font's version string.
  public var fontVersion: String
  /// The FreeType version that rasterised the glyphs.
  public var freeTypeVersion: String
  /// Characters the font has no glyph for (drawn as `.notdef`).
  public var missingCharacters: [Unicode.Scalar]
  /// Problems worth telling the user about that did not stop the render (a glyph FreeType
  /// could not load is drawn empty).
  public var warnings: [String] = []
  /// The hinting mode the text was measured and drawn with.
  public var hinting: Hinting = .none
  /// Each line as shaped and drawn: glyphs, direction, scripts.
  public var lines: [ShapedText] = []
  /// The Dynamic Type size the maximum size was read in.
  public var category: ContentSizeCategory = .large
  /// The screen's outline the text was fitted inside.
  public var shape: CanvasShape = .rectangle
  /// The Wear OS font scale applied to the style's size.
  public var fontScale: Double = 1
  /// Every font drawn with, the primary first.
  public var fonts: [FontUsage] = []
  /// For each line, the indices into ``fonts`` of the fonts it uses.
  public var lineFonts: [[Int]] = []
  /// The tracking the lines were measured and drawn with (`--tracking`, `--kerning`).
  public var tracking: Tracking = .none
  /// Each line's tracking as drawn, in px (`--tightening` lowers it where a line needs it).
  public var lineTracking: [Double] = []
  /// The `wdth` every line was drawn at with `--width-axis` (the widest at which all fit at the
  /// size found), or `nil`.
  public var widthAxis: Double? = nil

  /// Text chunks recorded in the PNG: fitted size, font, FreeType and WordFit versions.
  public var metadata: [(key: String, value: String)] {
    [
      ("Software", "WordFit \(wordFitVersion)"),
      ("WordFit-Text", layout.fit.lines.map(\.source).joined(separator: " ")),
      ("WordFit-Size", TextFormatting.pixels(layout.fit.size)),
      ("WordFit-Font", "\(fontName); \(fontVersion)" + (fonts.first?.variations.map { "; " + $0 } ?? "")),
    ] + fallbackMetadata + [
      ("WordFit-FreeType", freeTypeVersion),
      ("WordFit-HarfBuzz", TextLibraries.harfBuzzVersion),
      ("WordFit-Hinting", hinting.rawValue),
    ]
  }
}

extension Canvas {
  /// The 1×1 canvas that stands where no pixels were drawn: an SVG, a region drawn
  /// straight onto its badge, a badge made only as a drawing.
  package static let placeholder = Canvas(width: 1, height: 1, format: .grey, background: .black)
}
