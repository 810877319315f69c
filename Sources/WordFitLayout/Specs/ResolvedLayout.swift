import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// A layout's fields parsed and checked: made only by ``LayoutFields/resolved()``, so it cannot
/// hold an unchecked value. The renderers draw from it.
public struct ResolvedLayout: Sendable, Equatable {
  /// The canvas.
  public let canvas: CanvasSize
  /// The insets.
  public let insets: EdgeInsets
  /// The canvas minus the insets.
  public let availableBox: PixelBox
  /// The screen's outline.
  public let shape: CanvasShape
  /// The region text stays inside on a shaped screen (the outline inset by the insets), in
  /// canvas pixels, or `nil` on a rectangle (``availableBox``).
  public let outline: ContentOutline?
  /// The Wear OS font scale applied to the style's size (1 when none was asked for, and on an
  /// Apple Watch canvas, whose text follows Dynamic Type).
  public let fontScale: Double
  /// A warning when a font scale was asked for on an Apple Watch canvas and not applied.
  public var fontScaleWarning: String? = nil
  /// The maximum size, in pixels (1…4096).
  public let maximumSize: Double
  /// The Dynamic Type size the style was read in (the canvas's default unless one was asked for).
  public let category: ContentSizeCategory
  /// The text colour.
  public let foreground: Color
  /// The background colour.
  public let background: Color
  /// The fonts to open: the font part of the fields, the key of the renderer's font cache.
  package var fonts: FontRequest
  /// How the text is cut into lines.
  public let kind: LayoutKind
  /// The most lines the text may take, as the kind takes it: `nil` for one word per line and
  /// for a wrap without a limit, 1 for one line.
  public let lineLimit: Int?
  /// Where a line too long for its width is cut.
  public let truncation: TruncationMode
  /// Whether wrapped lines are balanced.
  public let balancesLines: Bool
  /// Whether a wrapped text's words may break at hyphenation points.
  public let hyphenation: HyphenationMode
  /// How strictly a wrapped text's lines may break in Chinese and Japanese.
  public internal(set) var lineBreak = LineBreakStrictness.strict
  /// Whether a wrapped Japanese or Chinese text breaks only between phrases.
  public internal(set) var wordBreak = WordBreak.normal
  /// The line box each line is stacked in: the ``LayoutFields/lineHeight`` and
  /// ``LayoutFields/leading`` asked for, in pixels on this canvas.
  public internal(set) var lineBox = LineBox.natural
  /// What the block is fitted and aligned by.
  public internal(set) var trim = TextBoxTrim.none
  /// How far, in pixels, a left-to-right line's end punctuation may hang past the available box:
  /// the trailing inset with `hangPunctuation` (so its ink stays on the canvas), 0 without it or
  /// on a shaped screen (whose chords are the edge).
  public internal(set) var hangingRoom = 0.0
  /// What a wrapped text does with a word too wide for its line at ``legibleSize``.
  public let overlongWords: OverlongWordPolicy
  /// The tracking asked for (turned into px by size once the primary font is open).
  public let tracking: TrackingMode
  /// Extra space between clusters on top of ``tracking``, in pixels.
  public let kerning: Double
  /// The most a line may tighten before the text shrinks, as a fraction of the em (0: never).
  public let tightening: Double
  /// The most a line may tighten, in ems (0.1): past it letters of common faces touch (Inter
  /// Display Bold's "Bethany" at 0.08 with the SF Compact table's tracking), and a line's
  /// width stops growing with the size, which the fit's search rests on.
  public static let maximumTightening = 0.1
  /// The narrowest `wdth` the text may take before it shrinks, or `nil`.
  public let widthAxis: Double?
  /// With the `curved` layout: the edge of the round screen the line follows.
  public let arc: ArcSide
  /// With the `curved` layout: the largest angle the line may take, in degrees (1…180).
  public let sweep: Double
  /// The Wear OS edge button the text is the label of, or `nil`.
  public let edgeButton: EdgeButton?
  /// The smallest legible size, in pixels (``LayoutFields/minLegible`` at the canvas's scale).
  public let legibleSize: Double
  /// The smallest fraction of the maximum size the text may shrink to, in (0, 1].
  public let minimumScaleFactor: Double
  /// What happens when the text does not fit at the minimum size.
  public let overflow: OverflowPolicy
  /// The horizontal alignment of the lines (or of the stack's boxes).
  public let alignment: HorizontalAlignment
  /// The vertical alignment of the block.
  public let verticalAlignment: VerticalAlignment
  /// The direction asked for, or `nil` to take each paragraph's own.
  public let direction: LineDirection?
  /// The hinting the glyphs are drawn with.
  public let hinting: Hinting
  /// What a character no font draws does: a warning, or a failure.
  public let missingGlyphs: MissingGlyphPolicy
  /// The language the text is in (BCP 47), for line breaking and fallback, or `nil`.
  public var language: String? { fonts.language }
  /// Pixels per point: 2 on watch canvases, 1 on `WxH` canvases.
  public var scale: Int { canvas.pixelsPerPoint }

  /// `canvas` as the screen shows it: on a shaped screen, transparent outside its outline
  /// (anti-aliased on the edge); unchanged on a rectangle.
  ///
  /// - Complexity: O(*width* × *height*) on a shaped screen.
  public func masked(_ canvas: Canvas) -> Canvas {
    guard let screen = shape.outline(canvasWidth: canvas.width, canvasHeight: canvas.height) else { return canvas }
    return canvas.masked(to: screen)
  }
}

extension LayoutFields {
  /// Parses and checks every field: the one place layout fields are checked.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the parameter, its value and its range or
  ///   valid words: an unknown canvas or colour, insets that leave no room, a maximum size
  ///   outside 1…4096 px, a minimum scale outside (0, 1], a face index outside 0…65535,
  ///   malformed variations or language tag, more fallback fonts than a renderer opens.
  public func resolved() throws -> ResolvedLayout {
    let canvas = try CanvasSize.parse(self.canvas)
    let insets = try EdgeInsets(values: self.insets)
    let box = PixelBox(
      minX: insets.leading, minY: insets.top, maxX: canvas.width - insets.trailing, maxY: canvas.height - insets.bottom)
    guard box.width > 0, box.height > 0 else {
      let values = insets.values.map(String.init).joined(separator: ",")
      throw WordFitError(
        .usage,
        "\(Parameter.insets) \(values) leave no room on a \(canvas.width)x\(canvas.height) canvas; use smaller insets or a larger canvas",
        reason: .outOfRange(
          .insets, value: values, range: "less than half the canvas (\(canvas.width)x\(canvas.height))"))
    }
    if let lineLimit, lineLimit < 1 || lineLimit > InputLimits.wordsPerText {
      throw WordFitError.outOfRange(.lineLimit, lineLimit, range: "1…\(InputLimits.wordsPerText)")
    }
    guard minScale > 0, minScale <= 1 else {
      throw WordFitError.outOfRange(.minScale, minScale, range: "a value in (0, 1], such as 0.5")
    }
    let category = dynamicType ?? canvas.watch?.defaultCategory ?? .large
    var scale = try checkedFontScale()
    var scaleWarning: String? = nil
    if let watch = canvas.watch, !watch.isWearOS, let asked = fontScale {
      // Wear OS's setting; an Apple Watch's text follows Dynamic Type.
      scale = 1
      scaleWarning =
        "\(Parameter.fontScale) \(TextFormatting.pixels(asked)) is Wear OS's setting and is not applied on \(watch.name), an Apple Watch (its text follows the \(Parameter.dynamicType))"
    }
    let pixelsPerSp = Double(canvas.pixelsPerPoint)
    let maximumSize =
      try maxSize ?? Self.scaled(style.pixelSize(on: canvas, category: category), by: scale, pixelsPerSp)
    guard maximumSize.isFinite, maximumSize >= 1, maximumSize <= 4096 else {
      throw WordFitError.outOfRange(.maxSize, maximumSize, range: "1…4096", unit: "px")
    }
    let shape = self.shape ?? canvas.shape
    var resolved = ResolvedLayout(
      canvas: canvas, insets: insets, availableBox: box, shape: shape,
      outline: shape.outline(canvasWidth: canvas.width, canvasHeight: canvas.height, insets: insets),
      fontScale: scale, maximumSize: maximumSize, category: category,
      foreground: try Color.parse(fg, appearance: appearance),
      background: try Color.parse(bg, appearance: appearance, for: .bg),
      fonts: try fontRequest(pointsPerPixel: 1 / Double(canvas.pixelsPerPoint), system: SystemFont.of(canvas)),
      kind: layout, lineLimit: layout.textLayout.lineLimit(lineLimit), truncation: truncation, balancesLines: balance,
      hyphenation: hyphenation, overlongWords: overlongWords ?? layout.textLayout.defaultOverlongWords,
      tracking: tracking, kerning: try checkedKerning(), tightening: try checkedTightening(),
      widthAxis: try checkedWidthAxis(), arc: arc, sweep: try checkedSweep(),
      edgeButton: try edgeButton.map(EdgeButton.named),
      legibleSize: try checkedMinLegible(on: canvas) * Double(canvas.pixelsPerPoint),
      minimumScaleFactor: minScale, overflow: overflow,
      alignment: align ?? (canvas.watch?.isWearOS == true || shape == .circle ? .center : defaultAlign),
      verticalAlignment: valign,
      direction: direction, hinting: hinting, missingGlyphs: missingGlyphs)
    resolved.fontScaleWarning = scaleWarning
    resolved.lineBreak = lineBreak
    resolved.wordBreak = wordBreak
    resolved.lineBox = try checkedLineBox(on: canvas)
    resolved.trim = trim
    resolved.hangingRoom = hangPunctuation && resolved.outline == nil ? Double(insets.trailing) : 0
    return resolved
  }

  /// The line box of ``lineHeight`` and ``leading`` on `canvas`.
  ///
  /// - Throws: ``WordFitError`` `.usage` when a leading other than standard meets a constant
  ///   line height (which ignores the font's metrics, so the leading would change nothing).
  func checkedLineBox(on canvas: CanvasSize) throws -> LineBox {
    if leading != .standard, lineHeight != .variable {
      throw WordFitError(
        .usage,
        "\(Parameter.leading) \(leading.rawValue) changes the font's own line spacing, which \(Parameter.lineHeight) \(lineHeight.text) replaces; use one of them",
        reason: .outOfRange(.leading, value: leading.rawValue, range: "standard with a constant line height"))
    }
    let isAppleWatch = canvas.watch.map { !$0.isWearOS } ?? false
    return lineHeight.box(pixelsPerPoint: Double(canvas.pixelsPerPoint), leading: leading, isWatch: isAppleWatch)
  }

  /// `value` when it is finite and in `range`, else the error naming `parameter` and `text`.
  private func checked(
    _ value: Double?, _ range: ClosedRange<Double>, _ parameter: Parameter, _ text: String, unit: String = ""
  ) throws -> Double? {
    guard let value else { return nil }
    guard value.isFinite, range.contains(value) else {
      throw WordFitError.outOfRange(parameter, value, range: text, unit: unit)
    }
    return value
  }

  /// Extra space between clusters on top of the tracking, in px (checked: ±100 px), or 0.
  func checkedKerning() throws -> Double {
    let limit = TrackingMode.limit
    return try checked(kerning, -limit...limit, .kerning, "±\(Int(limit))", unit: "px") ?? 0
  }

  /// The most a line may tighten, in ems (checked: 0…0.5), or 0.
  func checkedTightening() throws -> Double {
    try checked(tightening, 0...ResolvedLayout.maximumTightening, .tightening, "0…0.1 of the em, such as 0.05") ?? 0
  }

  /// The narrowest `wdth` (checked: 1…1000, and not with tightening), or `nil`.
  func checkedWidthAxis() throws -> Double? {
    guard let widthAxis = try checked(widthAxis, 1...1000, .widthAxis, "1…1000 (a wdth value, such as 75)") else {
      return nil
    }
    guard (tightening ?? 0) == 0 else {
      throw WordFitError(
        .usage, "\(Parameter.widthAxis) and \(Parameter.tightening) both narrow the text; give one of them",
        reason: .malformed(.widthAxis, value: TextFormatting.pixels(widthAxis), expected: "no tightening with it"))
    }
    return widthAxis
  }

  /// The sweep in degrees (checked: 1…180, default 70°, Wear OS `TimeText`'s), and nothing
  /// that narrows a `curved` line (whose round screen the renderer checks: a spec's canvas may
  /// still change after it is read).
  func checkedSweep() throws -> Double {
    if !layout.textLayout.narrows, (tightening ?? 0) > 0 || widthAxis != nil {
      throw WordFitError(
        .usage,
        "\(Parameter.tightening) and \(Parameter.widthAxis) narrow lines of words, wrap and line; a curved line shrinks (give it \(Parameter.tracking) to space it)",
        reason: .malformed(.layout, value: "curved", expected: "no tightening or width axis"))
    }
    return try checked(sweep, 1...180, .sweep, "1…180", unit: "°") ?? 70
  }

  /// The minimum legible size in points: ``minLegible`` (checked: 1…200 pt), or the
  /// platform's documented minimum.
  func checkedMinLegible(on canvas: CanvasSize) throws -> Double {
    try checked(minLegible, 1...200, .minLegible, "1…200", unit: "pt") ?? (canvas.watch == nil ? 11 : 12)
  }

  /// The font scale, checked against Wear OS's range.
  func checkedFontScale() throws -> Double {
    try checked(fontScale, 0.94...1.24, .fontScale, "0.94…1.24 (Wear OS's font scales)") ?? 1
  }

  /// A style's size in pixels under Wear OS's font `scale`: sizes of 20 sp and up do not scale.
  static func scaled(_ pixels: Double, by scale: Double, _ pixelsPerSp: Double) -> Double {
    pixels / pixelsPerSp < 20 ? pixels * scale : pixels
  }

  /// The font part, checked: face index, axes, language and fallback list.
  func fontRequest(pointsPerPixel: Double, system: SystemFont) throws -> FontRequest {
    guard (0...Font.maximumFaceIndex).contains(faceIndex) else {
      throw WordFitError.outOfRange(.faceIndex, faceIndex, range: "0…\(Font.maximumFaceIndex)")
    }
    if let language, !Self.isLanguageTag(language) {
      throw WordFitError(
        .usage, "\(Parameter.language) \"\(language)\" is not a BCP 47 tag; give one such as en, sr, zh-CN or ar",
        reason: .malformed(.language, value: language, expected: "a BCP 47 tag such as en, sr, zh-CN"))
    }
    let policy = FallbackPolicy(parsing: fallback)
    if case .fonts(let names) = policy, names.count > InputLimits.fallbackListEntries {
      throw WordFitError(
        .usage,
        "the fallback list names \(names.count) fonts; at most \(InputLimits.fallbackListEntries) (the most fonts a renderer opens), so keep those that draw what the font lacks",
        reason: .outOfRange(
          .fallback, value: "\(names.count) fonts", range: "1…\(InputLimits.fallbackListEntries) fonts"))
    }
    let isSystem = font.map { SystemFont.keywords.contains($0.lowercased()) } ?? true
    return FontRequest(
      name: isSystem ? nil : font, system: isSystem ? system : nil, faceIndex: faceIndex, weight: effectiveWeight,
      hinting: hinting, fallback: policy, language: language,
      strict: strictFont, variations: try variations.map(Self.parseVariations) ?? [:],
      pointsPerPixel: pointsPerPixel)
  }

  /// Reads `wght=650,wdth=90`: axis tags of one to four letters or digits (a shorter tag is the
  /// font's padded with spaces: `M1` is `M1  `) and finite values.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the malformed entry.
  static func parseVariations(_ text: String) throws -> [String: Double] {
    var result: [String: Double] = [:]
    for entry in text.split(separator: ",") {
      let parts = entry.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard parts.count == 2, (1...4).contains(parts[0].count),
        parts[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
        let value = Double(parts[1]), value.isFinite
      else {
        throw WordFitError(
          .usage,
          "variation \"\(entry)\" is not AXIS=VALUE; give axes of one to four letters or digits such as wght=650,wdth=90",
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
}
