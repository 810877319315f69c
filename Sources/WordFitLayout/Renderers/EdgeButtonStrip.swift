import WordFitCore
import WordFitImage
import WordFitText

/// Several labels each on Material 3's `EdgeButton` (`stack --edge-button H`): a round screen
/// per label, side by side, and which labels fit the button.
public struct EdgeButtonStrip: RenderedImage {
  /// One label on its button.
  public struct Label: Sendable, Equatable {
    /// The label as given.
    public var label: String
    /// The lines drawn, the last ending in "…" when the label was cut.
    public var lines: [String]
    /// Whether the label was cut (it does not fit the button).
    public var isTruncated: Bool
    /// The label's screen in the strip, in pixels.
    public var frame: PixelBox
  }

  /// The button's height in dp (46, 56, 70 or 96).
  public var buttonHeight: Int
  /// The labels, in the order given.
  public var labels: [Label]
  /// The label size drawn (`labelMedium` at the font scale), in pixels.
  public var size: Double
  /// The pixels: the screens left to right, ``gap`` apart, transparent between them.
  public var canvas: Canvas
  /// The font used: family and style.
  public var fontName: String
  /// The font's version string.
  public var fontVersion: String
  /// The FreeType version that rasterised the glyphs.
  public var freeTypeVersion: String
  /// Characters no font has a glyph for.
  public var missingCharacters: [Unicode.Scalar]
  /// Problems that did not stop the render, each once.
  public var warnings: [String]

  /// The space between two screens, in pixels.
  public static let gap = 16
  /// The most labels one strip holds (32 screens of `wear-large`: 15,008 × 454 px, 27 MB).
  public static let maximumLabels = 32

  /// The width of a strip of `count` screens `screenWidth` px wide, in pixels.
  public static func width(of count: Int, screensOf screenWidth: Int) -> Int {
    count * screenWidth + (count - 1) * gap
  }

  /// Text chunks recorded in the PNG.
  public var metadata: [(key: String, value: String)] {
    [
      ("Software", "WordFit \(wordFitVersion)"),
      ("WordFit-Labels", labels.map(\.label).joined(separator: " | ")),
      ("WordFit-Edge-Button", "\(buttonHeight)"),
      ("WordFit-Size", TextFormatting.pixels(size)),
      ("WordFit-Font", "\(fontName); \(fontVersion)"),
      ("WordFit-FreeType", freeTypeVersion),
    ]
  }

  /// The labels that do not fit the button.
  public var truncatedLabels: [Label] { labels.filter(\.isTruncated) }
}

extension StackRenderer {
  /// Lays each of `spec`'s labels out as the label of the edge button `spec` names, on its own
  /// copy of the round screen, as `render --edge-button` does (`labelMedium` at the font scale,
  /// centred, 1/2/2/3 lines, cut with "…"), and sets the screens side by side. The stack's box
  /// keys (preset, widths, fills, padding, spacing) do not apply to an edge button.
  ///
  /// - Throws: ``WordFitError`` `.usage` without an edge button or labels, with more than
  ///   ``EdgeButtonStrip/maximumLabels`` labels, or on a screen that is not round; as
  ///   ``WordStackRenderer/render(_:)`` for a label.
  /// - Complexity: O(*n* × the screen's area) for *n* labels; one screen's rendering is held at
  ///   a time besides the strip.
  public func renderEdgeButtons(_ spec: StackSpec) throws -> EdgeButtonStrip {
    let labels = try Self.checkedLabels(spec.labels)
    guard let height = spec.fields.edgeButton else {
      throw WordFitError(
        .usage, "no \(Parameter.edgeButton) to lay the labels out on",
        reason: .malformed(.edgeButton, value: "", expected: "46, 56, 70 or 96"))
    }
    guard labels.count <= EdgeButtonStrip.maximumLabels else {
      throw WordFitError(
        .usage,
        "\(labels.count) labels on \(Parameter.edgeButton) \(height); one strip holds at most \(EdgeButtonStrip.maximumLabels): split the labels",
        reason: .malformed(
          .labels, value: "\(labels.count)", expected: "at most \(EdgeButtonStrip.maximumLabels) labels"))
    }
    // The strip keeps the side limit of every image, checked before anything is drawn: its
    // memory is then at most one largest image's, and one screen's rendering besides.
    let screen = try CanvasSize.parse(spec.fields.canvas)
    try Self.checkStripWidth(labels.count, screenWidth: screen.width, canvas: spec.fields.canvas)
    let renderer = WordStackRenderer(fonts: fonts)
    let render = { (label: String) throws -> Rendering in
      var single = RenderSpec(text: label)
      single.fields = spec.fields
      return try renderer.render(single)
    }
    let first = try render(labels[0])
    let (width, screenHeight) = (first.canvas.width, first.canvas.height)
    try Self.checkStripWidth(labels.count, screenWidth: width, canvas: spec.fields.canvas)
    let gap = EdgeButtonStrip.gap
    var canvas = Canvas(
      width: EdgeButtonStrip.width(of: labels.count, screensOf: width), height: screenHeight, format: .rgba,
      background: .transparent)
    var placed: [EdgeButtonStrip.Label] = []
    var (warnings, missing) = ([String](), [Unicode.Scalar]())
    for index in labels.indices {
      let rendering = index == 0 ? first : try render(labels[index])
      for warning in rendering.warnings where !warnings.contains(warning) { warnings.append(warning) }
      for scalar in rendering.missingCharacters where !missing.contains(scalar) { missing.append(scalar) }
      let x = index * (width + gap)
      // Copied, not composited: each screen keeps its own pixels, its rim's alpha included.
      let rgba = ImageComparator.rgba(rendering.canvas)
      for row in 0..<screenHeight {
        let (source, target) = (row * width * 4, (row * canvas.width + x) * 4)
        canvas.pixels.replaceSubrange(target..<(target + width * 4), with: rgba[source..<(source + width * 4)])
      }
      placed.append(
        EdgeButtonStrip.Label(
          label: labels[index], lines: rendering.layout.lines.map(\.text),
          isTruncated: rendering.layout.lines.contains(where: \.isTruncated),
          frame: PixelBox(minX: x, minY: 0, maxX: x + width, maxY: screenHeight)))
    }
    return EdgeButtonStrip(
      buttonHeight: height, labels: placed, size: first.layout.fit.size, canvas: canvas, fontName: first.fontName,
      fontVersion: first.fontVersion, freeTypeVersion: first.freeTypeVersion, missingCharacters: missing,
      warnings: warnings)
  }

  /// Throws unless `count` screens `screenWidth` px wide fit one image's side limit.
  static func checkStripWidth(_ count: Int, screenWidth: Int, canvas: String) throws {
    let width = EdgeButtonStrip.width(of: count, screensOf: screenWidth)
    guard width > CanvasSize.maximumSide else { return }
    let most = Swift.max(1, (CanvasSize.maximumSide + EdgeButtonStrip.gap) / (screenWidth + EdgeButtonStrip.gap))
    throw WordFitError(
      .usage,
      "\(count) labels on \(canvas) make a strip \(width) px wide, over the \(CanvasSize.maximumSide) px an image may have: give at most \(most == 1 ? "1 label" : "\(most) labels") a strip, or a smaller canvas",
      reason: .malformed(.labels, value: "\(count)", expected: "at most \(most) labels on \(canvas)"))
  }
}
