import WordFitCore
import WordFitDrawing
import WordFitImage
import WordFitText

/// A stack fitted, laid out and shaped into its drawing, not yet painted.
struct LaidOutStack {
  let drawing: Drawing
  let layout: StackLayout
  let resolved: ResolvedStack
  let cascade: FontCascade
  let shapedLabels: [[ShapedText]]
  /// The pixel format the raster needs (grey, RGB or RGBA for the colours and glyphs drawn).
  let format: PixelFormat
  let cornerRadius: Double
  let missing: [Unicode.Scalar]
  let warnings: [String]

  /// The drawing painted on a canvas of its size: boxes by their coverage, text from the
  /// cascade's live fonts (their bitmaps, as every PNG), masked to the screen's shape.
  ///
  /// - Complexity: O(*width* × *height*).
  func raster() throws -> Canvas {
    var canvas = Canvas(width: drawing.width, height: drawing.height, format: format, background: drawing.background)
    try canvas.paint(drawing, fonts: Array(repeating: cascade.fonts, count: shapedLabels.joined().count))
    return resolved.layout.masked(canvas)
  }

  /// The rendering, with `canvas` as its pixels.
  func rendering(canvas: Canvas) throws -> StackRendering {
    let font = cascade.primary
    var rendering = StackRendering(
      layout: layout, canvas: canvas, cornerRadius: cornerRadius, fontName: "\(font.familyName) \(font.styleName)",
      fontVersion: font.version, freeTypeVersion: font.freeTypeVersion, missingCharacters: missing,
      shape: resolved.layout.shape, warnings: warnings + cascade.takeProblems())
    (rendering.fonts, rendering.lineFonts) = StackRenderer.usage(cascade, shapedLabels)
    return rendering
  }
}
