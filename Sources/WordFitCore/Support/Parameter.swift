/// A parameter of a WordFit layout, batch or comparison, as errors name it: an open set, each
/// layer declaring the parameters of its own concepts as static members (the fitting
/// parameters here; fonts in WordFitText; colours and tolerances in WordFitImage; batches,
/// checks and previews in WordFit).
///
/// One spelling family per parameter: ``key`` is the Swift property and the spec file's key
/// (`maxSize`), ``flag`` the command-line option (`--max-size`, the key in kebab case), and
/// ``name`` the words messages use (`maximum size`). Library messages keep the parameter as a
/// parameter (``WordFitError/Message``), so each front end names it its own way.
public struct Parameter: Hashable, Sendable, CustomStringConvertible {
  /// The Swift property and spec key: `maxSize`.
  public let key: String
  /// The parameter in words: `maximum size`.
  public let name: String
  /// The command-line option without dashes: `max-size`.
  public let flag: String
  /// Whether a spec file (or `wordfit-check.json`) can set it by ``key``.
  public let isSpecKey: Bool

  /// A parameter called `key` (its flag is `key` in kebab case unless `flag` is given, its
  /// words are `key` unless `name` is given).
  public init(_ key: String, name: String? = nil, flag: String? = nil, isSpecKey: Bool = true) {
    self.key = key
    self.name = name ?? key
    self.flag = flag ?? Self.kebabCase(key)
    self.isSpecKey = isSpecKey
  }

  /// The parameter in words.
  public var description: String { name }

  /// `maxSize` → `max-size`.
  static func kebabCase(_ key: String) -> String {
    key.reduce(into: "") { result, character in
      if character.isUppercase { result += "-" + character.lowercased() } else { result.append(character) }
    }
  }
}

extension Parameter {
  /// The text laid out.
  public static let text = Parameter("text")
  /// A stack's labels (`--label`, repeated).
  public static let labels = Parameter("labels", name: "label", flag: "label")
  /// The canvas: a watch preset or `WxH`.
  public static let canvas = Parameter("canvas")
  /// The text style that sets the maximum size.
  public static let style = Parameter("style", name: "text style")
  /// The Dynamic Type size the style is read in.
  public static let dynamicType = Parameter("dynamicType", name: "Dynamic Type size")
  /// The maximum size, in pixels.
  public static let maxSize = Parameter("maxSize", name: "maximum size")
  /// The smallest scale of the maximum size.
  public static let minScale = Parameter("minScale", name: "minimum scale factor")
  /// One common size or one per line.
  public static let sizing = Parameter("sizing")
  /// What happens when the minimum size does not fit.
  public static let overflow = Parameter("overflow", name: "overflow policy")
  /// Horizontal alignment.
  public static let align = Parameter("align", name: "alignment")
  /// Vertical alignment.
  public static let valign = Parameter("valign", name: "vertical alignment")
  /// Where a label sits in its box.
  public static let textAlign = Parameter("textAlign", name: "text alignment")
  /// The insets, in pixels.
  public static let insets = Parameter("insets")
  /// Space between lines or boxes, in pixels.
  public static let spacing = Parameter("spacing")
  /// Padding inside a stack's boxes, in pixels.
  public static let padding = Parameter("padding")
  /// How a text is broken into lines: `words`, `wrap` or `line`.
  public static let layout = Parameter("layout")
  /// The most lines a wrapped text may take.
  public static let lineLimit = Parameter("lineLimit", name: "line limit")
  /// Where "…" goes when a wrapped text is cut.
  public static let truncation = Parameter("truncation")
  /// Whether a wrapped text's lines are balanced.
  public static let balance = Parameter("balance", name: "line balancing")
  /// Whether a wrapped text's words may break at hyphenation points.
  public static let hyphenation = Parameter("hyphenation")
  /// How strictly a wrapped text's lines may break in Chinese and Japanese (CSS `line-break`).
  public static let lineBreak = Parameter("lineBreak", name: "line-break strictness")
  /// Whether a wrapped Japanese or Chinese text breaks only between phrases.
  public static let wordBreak = Parameter("wordBreak", name: "word break")
  /// How far apart a text's baselines are (SwiftUI's `lineHeight`).
  public static let lineHeight = Parameter("lineHeight", name: "line height")
  /// Whether end punctuation may hang past a line's edge.
  public static let hangPunctuation = Parameter("hangPunctuation", name: "hanging punctuation")
  /// What a text's block is fitted and aligned by (CSS `text-box`).
  public static let trim = Parameter("trim", name: "text box trim")
  /// The font's line spacing adjustment (SwiftUI's `Font.Leading`).
  public static let leading = Parameter("leading")
  /// What a wrapped text does with a word wider than its line at the legible size.
  public static let overlongWords = Parameter("overlongWords", name: "overlong words")
  /// Extra space between grapheme clusters: none, auto, or pixels.
  public static let tracking = Parameter("tracking")
  /// More space between grapheme clusters, in pixels.
  public static let kerning = Parameter("kerning")
  /// The most a line may tighten before the text shrinks, as a fraction of the em.
  public static let tightening = Parameter("tightening")
  /// The narrowest `wdth` a variable font may take before the text shrinks.
  public static let widthAxis = Parameter("widthAxis", name: "width axis minimum")
  /// The edge of a round screen a curved line follows (`top`, `bottom`).
  public static let arc = Parameter("arc", name: "arc side")
  /// The largest angle a curved line may take, in degrees.
  public static let sweep = Parameter("sweep", name: "sweep angle")
  /// A file of known problems a check does not fail on.
  public static let baseline = Parameter("baseline", isSpecKey: false)
  /// Whether a check or `strings` run writes its baseline instead of reading it.
  public static let updateBaseline = Parameter("updateBaseline", name: "baseline update", isSpecKey: false)
  /// A Wear OS edge button's height, in dp (46, 56, 70 or 96).
  public static let edgeButton = Parameter("edgeButton", name: "edge button")
  /// The smallest legible text size, in points.
  public static let minLegible = Parameter("minLegible", name: "minimum legible size")
  /// How wide a stack's boxes are.
  public static let width = Parameter("width")
  /// How many scroll positions of a Wear OS list a stack is drawn at.
  public static let scroll = Parameter("scroll", name: "scroll positions")
  /// Whether a scrolled list is drawn as under Wear OS's Reduce Motion (no transformation).
  public static let reduceMotion = Parameter("reduceMotion", name: "reduce motion")
}

extension Parameter {
  /// The screen's outline: `rect`, `circle` or `rounded:R`.
  public static let shape = Parameter("shape")
  /// How messages name a stack's box shape from the core (the parameter lives in WordFit).
  static let boxShapeName = Parameter("boxShape", name: "box shape")
  /// Wear OS's font scale, 0.94…1.24.
  public static let fontScale = Parameter("fontScale", name: "font scale")
}
