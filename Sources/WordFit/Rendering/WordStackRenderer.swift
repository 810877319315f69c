/// The engine behind `wordfit render`, the library API and the golden tests: a ``RenderSpec``
/// in, a ``Rendering`` out.
///
/// A renderer keeps the fonts it opened. It is not thread-safe: give each thread its own.
public final class WordStackRenderer {
  private let fonts = FontCache()

  /// Creates a renderer.
  public init() {}

  /// Resolves `spec` (canvas, colours, font, sizes), fits, lays out and draws it.
  ///
  /// - Throws: ``WordFitError`` for anything in the spec that cannot be rendered, with the
  ///   exit status the command-line tool uses for it.
  /// - Complexity: O(*width* × *height*) to fill and draw, plus O(*n* log *S*) measurements.
  public func render(_ spec: RenderSpec) throws -> Rendering {
    let words = TextSegmentation.words(of: spec.text)
    guard !words.isEmpty else {
      throw WordFitError(.usage, "the text is empty or only white space; give at least one word")
    }
    let canvasSize = try CanvasSize.parse(spec.canvas)
    let insets = try EdgeInsets(values: spec.insets)
    let availableWidth = canvasSize.width - insets.leading - insets.trailing
    let availableHeight = canvasSize.height - insets.top - insets.bottom
    guard availableWidth > 0, availableHeight > 0 else {
      throw WordFitError(
        .usage,
        "insets \(spec.insets.map(String.init).joined(separator: ",")) leave no room on a \(canvasSize.width)x\(canvasSize.height) canvas; use smaller insets or a larger canvas"
      )
    }
    guard spec.minScale > 0, spec.minScale <= 1 else {
      throw WordFitError(.usage, "--min-scale \(spec.minScale) is out of range; use a value in (0, 1], such as 0.5")
    }
    guard spec.spacing.isFinite, spec.spacing >= 0, spec.spacing <= Double(CanvasSize.maximumSide) else {
      throw WordFitError(.usage, "--spacing \(spec.spacing) is out of range; use 0…\(CanvasSize.maximumSide) px")
    }
    let maximumSize = spec.maxSize ?? spec.style.pixelSize(in: canvasSize.category)
    guard maximumSize.isFinite, maximumSize >= 1, maximumSize <= 4096 else {
      throw WordFitError(.usage, "--max-size \(maximumSize) is out of range; use 1…4096 px")
    }
    let foreground = try Color.parse(spec.fg, appearance: spec.appearance)
    let background = try Color.parse(spec.bg, appearance: spec.appearance)
    let font = try fonts.font(path: spec.font, faceIndex: spec.faceIndex, weight: spec.weight)

    let request = FitRequest(
      words: words, availableWidth: availableWidth, availableHeight: availableHeight, maximumSize: maximumSize,
      minimumScaleFactor: spec.minScale, lineSpacing: spec.spacing, sizing: spec.sizing, overflow: spec.overflow)
    let fit = try Fitter(measurer: font).fit(request)
    let layout = WordStackLayout(
      fit: fit, canvasWidth: canvasSize.width, canvasHeight: canvasSize.height, insets: insets,
      alignment: spec.align, verticalAlignment: spec.valign, spacing: spec.spacing)

    var canvas = Canvas(
      width: canvasSize.width, height: canvasSize.height, format: .smallest(holding: [foreground, background]),
      background: background)
    var missing: [Unicode.Scalar] = []
    for line in layout.lines {
      let shaped = font.shape(line.text, atSize: line.size)
      missing.append(contentsOf: shaped.missingCharacters)
      draw(shaped, font: font, at: line.origin, color: foreground, on: &canvas)
    }
    return Rendering(
      layout: layout, canvas: canvas, fontName: "\(font.familyName) \(font.styleName)", fontVersion: font.version,
      freeTypeVersion: font.freeTypeVersion, missingCharacters: missing)
  }

  /// Composites each glyph's coverage at its pen position.
  private func draw(_ shaped: ShapedText, font: Font, at origin: PixelPoint, color: Color, on canvas: inout Canvas) {
    let units = Int(shaped.size * 64)
    for glyph in shaped.glyphs {
      guard let bitmap = font.bitmap(of: glyph.index, units: units) else { continue }
      canvas.composite(
        coverage: bitmap.coverage, maskWidth: bitmap.width, maskHeight: bitmap.rows,
        atX: origin.x + glyph.x + bitmap.left, y: origin.y - bitmap.top, color: color)
    }
  }
}
