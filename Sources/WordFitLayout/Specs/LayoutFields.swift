import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// The parameters every layout has — canvas, font, sizes, alignment, colours — declared once.
///
/// ``RenderSpec``, ``StackSpec`` and badge template regions embed one, read from the same flat
/// JSON keys with the same path rules (a relative font or fallback file is relative to the file
/// that named it); each layout starts from its own defaults (``words``, ``stack``,
/// ``badgeRegion``). ``resolved()`` checks every field once and returns a ``ResolvedLayout``,
/// the only form the renderers draw from.
public struct LayoutFields: Sendable, Equatable, Codable {
  /// How the text is broken into lines: one word per line, wrapped, or one line.
  public var layout: LayoutKind = .words
  /// The most lines a wrapped text may take, or `nil` for as many as fit (SwiftUI's
  /// `lineLimit`); `line` is always 1.
  public var lineLimit: Int? = nil
  /// Where "…" goes when a wrapped or single-line text is cut (SwiftUI's `truncationMode`).
  public var truncation: TruncationMode = .tail
  /// Whether a wrapped text's lines are balanced at the size found: the same size and line
  /// count, the longest line as short as any break set allows (CSS `text-wrap: balance`,
  /// Android's balanced strategy; exact for any number of lines). Not on round screens.
  public var balance: Bool = false
  /// Whether a wrapped text's words may break at the hyphenation points of its ``language``
  /// (libhyphen with Debian's dictionaries), used only where that lets the text fit larger.
  public var hyphenation: HyphenationMode = .none
  /// How strictly a wrapped text's lines may break between Chinese and Japanese characters
  /// (CSS `line-break`; ICU's `lb` keyword): `strict` unless said otherwise.
  public var lineBreak: LineBreakStrictness = .strict
  /// Whether a wrapped Japanese or Chinese text breaks only between phrases (`phrase`, BudouX's
  /// models, as CSS `word-break: auto-phrase`) or at every opportunity (`normal`, the default).
  public var wordBreak: WordBreak = .normal
  /// How far apart the baselines are (SwiftUI 26's `lineHeight`): the fonts' metrics
  /// (`variable`, the default) or a constant line box.
  public var lineHeight: LineHeight = .variable
  /// The font's line spacing adjustment (SwiftUI's `Font.Leading`) under a variable line height.
  public var leading: FontLeading = .standard
  /// What the block is fitted and aligned by (CSS `text-box: trim-both cap alphabetic`): its
  /// line boxes (`none`, the default) or the first line's cap height to the last line's baseline.
  public var trim: TextBoxTrim = .none
  /// Whether a line's end punctuation ("." "," "-" ":" ";" dashes) may hang past its edge into
  /// the trailing inset by Typst's fraction of its advance, which lets the text fit larger.
  public var hangPunctuation: Bool = false
  /// What a text does with a word wider than its line when it would otherwise shrink below
  /// ``minLegible``: break it between grapheme clusters, shrink, or truncate it. `nil`: the
  /// layout's default — `break` for a wrapped text (as TextKit wraps one), `shrink` for one word
  /// per line (a SwiftUI `Text` with `lineLimit(1)` per word never breaks it).
  public var overlongWords: OverlongWordPolicy? = nil
  /// Extra space between grapheme clusters (SwiftUI's `.tracking(_:)`): none, `auto` (the
  /// tracking CoreText applies by point size: the font's `trak` table, or Apple's SF Compact
  /// table for the system font's stand-in on an Apple Watch), or pixels.
  public var tracking: TrackingMode = .none
  /// More space between grapheme clusters, in pixels, on top of ``tracking`` (SwiftUI's
  /// `.kerning(_:)`); `nil` for none.
  public var kerning: Double? = nil
  /// The most a line may tighten its letter spacing before the text shrinks, as a fraction of
  /// the em (0…0.5; SwiftUI's `allowsTightening(true)` with a stated limit); `nil` for none.
  public var tightening: Double? = nil
  /// The narrowest value of a variable font's `wdth` axis the text may take before it shrinks
  /// (such as 75 for Condensed); `nil` keeps the font's width.
  public var widthAxis: Double? = nil
  /// With the `curved` layout: the edge of the round screen the line follows.
  public var arc: ArcSide = .top
  /// With the `curved` layout: the largest angle the line may take, in degrees (1…180); `nil`
  /// for Wear OS `TimeText`'s 70°.
  public var sweep: Double? = nil
  /// On a round Wear OS screen: lay the text out as the label of Material 3's `EdgeButton` of
  /// this height in dp (46, 56, 70 or 96): `labelMedium` at the font scale, centred, 1, 2, 2
  /// or 3 lines, cut with "…"; `nil` for none.
  public var edgeButton: Int? = nil
  /// The smallest legible size in points, below which a wrapped text breaks or truncates an
  /// overlong word rather than shrink; `nil`: the platform's documented minimum (12 pt on a
  /// watch, watchOS's; 11 pt on a `WxH` canvas, iOS's).
  public var minLegible: Double? = nil
  /// A watch preset (`45mm`) or `WIDTHxHEIGHT` in pixels.
  public var canvas: String = WatchCanvas.defaultName
  /// The screen's outline, or `nil` for the canvas's own (a circle on round presets, a
  /// rectangle otherwise).
  public var shape: CanvasShape? = nil
  /// Wear OS's font scale (0.94…1.24): multiplies the text style's size when it is under
  /// 20 sp, as Wear OS scales text; `nil` for 1.
  public var fontScale: Double? = nil
  /// A font file, an installed family or fontconfig pattern, `dejavu` (the bundled DejaVu Sans),
  /// or `nil` (or `system`) for the canvas's system font (``SystemFont``: SF Compact or SF Pro
  /// when installed, else the bundled stand-in; Roboto, installed or bundled).
  public var font: String? = nil
  /// The face in a font collection, 0…65535.
  public var faceIndex: Int = 0
  /// The weight: a family's nearest face, a variable font's `wght`; `nil` for the text style's
  /// (``TextStyle/weight``: bold for `largeTitle`, semibold for `headline`, else regular).
  public var weight: FontWeight?
  /// The text style that sets the maximum size, in ``dynamicType``.
  public var style: TextStyle
  /// The Dynamic Type size ``style`` is read in (`xSmall` … `xxxLarge`, and `Medium`, `AX1` …
  /// `AX5` on `WxH` canvases), or `nil` for the canvas's default.
  public var dynamicType: ContentSizeCategory? = nil
  /// The maximum size in pixels (1…4096), overriding ``style``.
  public var maxSize: Double? = nil
  /// The smallest scale of the maximum size allowed, in (0, 1].
  public var minScale: Double = 0.01
  /// What happens when the minimum size does not fit.
  public var overflow: OverflowPolicy = .truncate
  /// Horizontal alignment (of lines, or of boxes); `nil`: centred on a round screen (a Wear OS
  /// canvas or a circular shape, as Wear centres its text), else ``defaultAlign``.
  public var align: HorizontalAlignment?
  /// The layout's own alignment where ``align`` is `nil` and the screen is not round: leading
  /// for a word stack and a badge region, centred for a box stack. Not a spec key.
  public var defaultAlign: HorizontalAlignment
  /// Vertical alignment of the block.
  public var valign: VerticalAlignment = .center
  /// Insets in pixels: 1, 2 (vertical, horizontal) or 4 (top, leading, bottom, trailing) values.
  public var insets: [Int] = [8]
  /// The text colour: `#RRGGBB`, `#RRGGBBAA` or a name.
  public var fg: String = "white"
  /// The background colour (`transparent` allowed).
  public var bg: String = "black"
  /// Which values system colour names take.
  public var appearance: Appearance = .dark
  /// How glyphs are fitted to the pixel grid (default none, as CoreText).
  public var hinting: Hinting = .none
  /// Each line's paragraph direction, or `nil` for its first strong character.
  public var direction: LineDirection? = nil
  /// Where characters the font lacks come from: `auto` (fontconfig), `none`, or fonts (files
  /// or families) separated by commas.
  public var fallback: String = "auto"
  /// The text's language (BCP 47, such as `sr` or `zh-CN`) for shaping and for choosing
  /// fallback fonts, or `nil`.
  public var language: String? = nil
  /// Whether a font family that is not installed is an error instead of a warning.
  public var strictFont: Bool = false
  /// A variable font's axes, such as `wght=650,wdth=90`, or `nil` (`wght` from ``weight``).
  public var variations: String? = nil
  /// What happens when a character no font has is drawn as a box: warn or fail.
  public var missingGlyphs: MissingGlyphPolicy = .warn

  /// Fields with every default but the three that differ between layouts.
  public init(weight: FontWeight?, style: TextStyle, align: HorizontalAlignment) {
    self.weight = weight
    self.style = style
    self.defaultAlign = align
  }

  /// A word stack's defaults (`wordfit render`): `largeTitle` (bold), leading.
  public static let words = LayoutFields(weight: nil, style: .largeTitle, align: .leading)
  /// A box stack's defaults (`wordfit stack`): `body` (regular), centred boxes.
  public static let stack = LayoutFields(weight: nil, style: .body, align: .center)

  /// The weight drawn with: ``weight``, else the text style's.
  public var effectiveWeight: FontWeight { weight ?? style.weight }
  /// Whether the layout only exists on a round screen: a `curved` line, an edge button's label.
  public var needsRoundScreen: Bool { layout.textLayout.followsTheScreensEdge || edgeButton != nil }

  /// A badge region's defaults: one line (`layout` `line`), no insets, black text on nothing.
  public static let badgeRegion: LayoutFields = {
    var fields = words
    (fields.insets, fields.fg, fields.bg) = ([0], "black", "transparent")
    // A badge field is a line ("SAP SE", a company, a family name), not one word per line: a
    // region says `wrap` for a short paragraph, or `words` for the seed's stack.
    fields.layout = .line
    return fields
  }()

  package enum CodingKeys: String, CodingKey, CaseIterable {
    case layout, lineLimit, truncation, balance, hyphenation, lineBreak, wordBreak, lineHeight, leading, trim,
      hangPunctuation, overlongWords, tracking, kerning, tightening, widthAxis, arc, sweep, edgeButton, minLegible
    case canvas, shape, fontScale, font, faceIndex, weight, hinting, direction, fallback, language, strictFont,
      variations
    case missingGlyphs, style, dynamicType, maxSize, minScale, overflow, align, valign, insets, fg, bg, appearance
  }

  /// The JSON keys of the fields, in declaration order.
  public static var keys: [String] { CodingKeys.allCases.map(\.rawValue) }

  /// Decodes the fields from a flat object over the word stack's defaults (other keys are left
  /// to the type that embeds them).
  public init(from decoder: Decoder) throws {
    self = try Self.words.decoding(from: decoder)
  }

  /// These fields with each key present in `decoder`'s object read over them: the one decoder
  /// of layout keys, for specs and template regions alike.
  ///
  /// - Throws: `DecodingError` naming the key whose value has the wrong type or word.
  public func decoding(from decoder: Decoder) throws -> LayoutFields {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    var fields = self
    func read<Value: Decodable>(_ key: CodingKeys, _ keyPath: WritableKeyPath<LayoutFields, Value>) throws {
      if let value = try c.decodeIfPresent(Value.self, forKey: key) { fields[keyPath: keyPath] = value }
    }
    func read<Value: Decodable>(_ key: CodingKeys, _ keyPath: WritableKeyPath<LayoutFields, Value?>) throws {
      if let value = try c.decodeIfPresent(Value.self, forKey: key) { fields[keyPath: keyPath] = value }
    }
    try read(.layout, \.layout)
    try read(.lineLimit, \.lineLimit)
    try read(.truncation, \.truncation)
    try read(.balance, \.balance)
    try read(.hyphenation, \.hyphenation)
    try read(.lineBreak, \.lineBreak)
    try read(.wordBreak, \.wordBreak)
    try read(.lineHeight, \.lineHeight)
    try read(.leading, \.leading)
    try read(.trim, \.trim)
    try read(.hangPunctuation, \.hangPunctuation)
    try read(.overlongWords, \.overlongWords)
    try read(.tracking, \.tracking)
    try read(.kerning, \.kerning)
    try read(.tightening, \.tightening)
    try read(.widthAxis, \.widthAxis)
    try read(.arc, \.arc)
    try read(.sweep, \.sweep)
    try read(.edgeButton, \.edgeButton)
    try read(.minLegible, \.minLegible)
    try read(.canvas, \.canvas)
    try read(.shape, \.shape)
    try read(.fontScale, \.fontScale)
    try read(.font, \.font)
    try read(.faceIndex, \.faceIndex)
    try read(.weight, \.weight)
    try read(.hinting, \.hinting)
    if c.contains(.direction) { fields.direction = try SpecDecoding.decodeDirection(c, .direction) }
    try read(.fallback, \.fallback)
    try read(.language, \.language)
    try read(.strictFont, \.strictFont)
    try read(.variations, \.variations)
    try read(.missingGlyphs, \.missingGlyphs)
    try read(.style, \.style)
    try read(.dynamicType, \.dynamicType)
    try read(.maxSize, \.maxSize)
    try read(.minScale, \.minScale)
    try read(.overflow, \.overflow)
    try read(.align, \.align)
    try read(.valign, \.valign)
    fields.insets = try SpecDecoding.decodeNumbers(c, .insets) ?? fields.insets
    try read(.fg, \.fg)
    try read(.bg, \.bg)
    try read(.appearance, \.appearance)
    return fields
  }
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

  /// Makes relative ``font`` and ``fallback`` file paths relative to `folder` (the folder of the
  /// spec or template that named them): the one path rule for specs and template regions.
  public mutating func resolvePaths(inFolder folder: String) {
    func resolved(_ path: String) -> String {
      path.hasPrefix("/") || folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }
    if let font, FontCache.isFilePath(font) || font.contains("/") { self.font = resolved(font) }
    if case .fonts(let names) = FallbackPolicy(parsing: fallback) {
      // Fallback fonts named by path (with a slash or a font extension) are relative too.
      fallback = names.map { FontCache.isFilePath($0) ? resolved($0) : $0 }.joined(separator: ",")
    }
  }
}
