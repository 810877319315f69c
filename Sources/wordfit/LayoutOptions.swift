import Foundation
import WordFit

/// The options of the layout fields (``LayoutFields``) — canvas, font, sizes, alignment, colours —
/// declared once over them; `render`, `stack`, `batch` and `preview` lift them into their inputs.
enum LayoutOptions {
  /// How the text is broken into lines: the layout kind, its line limit, truncation, balance
  /// and hyphenation.
  static let lineOptions: [Option<LayoutFields>] = [
    .value(
      .layout, "words|wrap|line|curved", \.layout, as: .choice,
      help:
        "words: one word per line (default); wrap: broken at line-break opportunities to fill lines; line: the whole text on one line; curved: one line along the top or bottom of a round screen."
    ),
    .value(
      .edgeButton, "46|56|70|96", \.edgeButton, as: .integer(in: 46...96),
      help:
        "On a round Wear OS screen: the text as the label of Material 3's EdgeButton of this height in dp (labelMedium, centred, 1/2/2/3 lines, cut with …); the report says whether it fits."
    ),
    .value(
      .arc, "top|bottom", \.arc, as: .choice,
      help: "With --layout curved: the edge the line follows (default top, reading clockwise; bottom reads upright)."
    ),
    .value(
      .sweep, "DEG", \.sweep, as: .number,
      help: "With --layout curved: the largest angle the line may take, 1…180 degrees (default 70, Wear OS TimeText's)."
    ),
    .value(
      .lineLimit, "N", \.lineLimit, as: .integer(in: 1...InputLimits.wordsPerText),
      help: "With --layout wrap: the most lines (default: as many as fit)."),
    .value(
      .truncation, "tail|middle|head", \.truncation, as: .choice,
      help: "With wrap or line: where \"…\" goes when the text is cut at the minimum size (default tail)."),
    .flag(
      .balance, \.balance,
      help:
        "With wrap: balance the lines at the size found (same size and line count, the longest line as short as it can be)."
    ),
    .value(
      .hyphenation, "none|auto", \.hyphenation, as: .choice,
      help:
        "With wrap: auto breaks words at the hyphenation points of --language (libhyphen), only where that fits the text larger (default none)."
    ),
    .value(
      .lineBreak, "strict|normal|loose|anywhere", \.lineBreak, as: .choice,
      help:
        "With wrap: how strictly lines break in Chinese and Japanese (CSS line-break; ICU's lb keyword): strict keeps small kana, ー and closing punctuation off a line's start (default); normal and loose allow more; anywhere breaks between any characters."
    ),
    .value(
      .wordBreak, "normal|phrase", \.wordBreak, as: .choice,
      help:
        "With wrap: phrase breaks Japanese and Chinese only between phrases (BudouX's models for --language ja, zh-Hans, zh-Hant; CSS word-break: auto-phrase); a phrase too wide for a line at --min-legible breaks at the line-break rules' opportunities (default normal)."
    ),
    .value(
      .lineHeight, "variable|normal|tight|loose|multiple:F|leading:PT|exact:PT", \.lineHeight,
      as: .parsed(LineHeight.init(parsing:)),
      help:
        "How far apart baselines are (SwiftUI's lineHeight): variable, the fonts' metrics (default); multiple:F the size times F; leading:PT the size plus PT points; exact:PT; normal, tight, loose as multiples 1.2, 1.0, 1.4 (Apple publishes no factors). Glyphs sit centred in a constant line box, as in CSS."
    ),
    .flag(
      .hangPunctuation, \.hangPunctuation,
      help:
        "Let a line's end punctuation hang into the trailing inset by Typst's fraction of its advance (. , 0.8; - 0.55; : ; 0.3; dashes 0.2), so the text fits larger; its ink stays on the canvas."
    ),
    .value(
      .trim, "none|cap-alphabetic", \.trim, as: .choice,
      help:
        "What the block is fitted and centred by: its line boxes (default none), or cap-alphabetic, the first line's cap height to the last line's baseline (CSS text-box: trim-both cap alphabetic); ink stays inside the box."
    ),
    .value(
      .leading, "standard|tight|loose", \.leading, as: .choice,
      help:
        "The font's line spacing (SwiftUI's Font.Leading) with a variable line height: tight and loose take 1 point on an Apple Watch, 2 elsewhere (default standard)."
    ),
    .value(
      .overlongWords, "break|shrink|truncate", \.overlongWords, as: .choice,
      help:
        "A word wider than the line at --min-legible breaks between characters, at its hyphenation points first with --hyphenation auto (default with wrap), shrinks the text (default with words), or is truncated."
    ),
    .value(
      .tracking, "PX|auto|none", \.tracking, as: .parsed(TrackingMode.init(parsing:)),
      help:
        "Space between characters: PX, or auto for the platform's (the font's trak table; SF Compact's published table for the system font on an Apple Watch) (default none)."
    ),
    .value(
      .tightening, "F", \.tightening, as: .number,
      help:
        "Let a line that does not fit tighten its letter spacing by up to F of the em (0…0.5) before the text shrinks; each line tightens only as much as it needs (default 0)."
    ),
    .value(
      .widthAxis, "MIN", \.widthAxis, as: .number,
      help:
        "With a variable font with a wdth axis: narrow the text down to wdth MIN before it shrinks; the text takes the widest wdth at which every line fits at the size found."
    ),
    .value(
      .kerning, "PX", \.kerning, as: .number,
      help: "More space between characters, in px, on top of --tracking (SwiftUI's kerning; default 0)."),
    .value(
      .minLegible, "PT", \.minLegible, as: .number,
      help: "The smallest legible size in points (default 12 on watches, 11 on WxH canvases)."),
  ]

  /// The layout options; `defaults` gives the command's own defaults (for help), `align` the
  /// help of `--align`.
  static func options(defaults: LayoutFields, align: String) -> [Option<LayoutFields>] {
    let style = defaults.style
    return lineOptions + canvasOptions + fontOptions() + [
      .value(
        .style, "STYLE", \.style, as: .parsed(TextStyle.parse),
        help: "Text style setting the maximum size (default \(style.rawValue))."),
      .value(
        .dynamicType, "CATEGORY", \.dynamicType, as: .parsed(ContentSizeCategory.parse),
        help:
          "Dynamic Type size for --style: xSmall small large xLarge xxLarge xxxLarge; on WxH canvases also medium, AX1…AX5 (default: the canvas's)."
      ),
      .value(.maxSize, "PX", \.maxSize, as: .number, help: "Maximum size in pixels; overrides --style."),
      .value(
        .minScale, "F", \.minScale, as: .number, help: "Smallest scale of the maximum size, in (0, 1] (default 0.01)."
      ),
      .value(
        .overflow, "truncate|clip|fail", \.overflow, as: .choice,
        help: "When the minimum size does not fit (default truncate)."),
      .value(.align, "leading|center|trailing", \.align, as: .choice, help: align),
      .value(
        .valign, "top|center|bottom", \.valign, as: .choice, help: "Vertical alignment of the block (default center)."),
      .value(
        .insets, "PX[,PX[,PX,PX]]", \.insets, as: .pixels,
        help: "All; vertical,horizontal; or top,leading,bottom,trailing (default 8)."),
      .value(.fg, "COLOR", \.fg, as: .string, help: "Text colour: #RRGGBB, #RRGGBBAA or a name (default white)."),
      .value(.bg, "COLOR", \.bg, as: .string, help: "Background colour, or transparent (default black)."),
      .value(
        .appearance, "light|dark", \.appearance, as: .choice,
        help: "Which value system colour names take (default dark)."),
      .value(
        "hinting", "none|light", \.hinting, as: .choice,
        help: "none: unhinted, fractional advances, as the watch draws (default); light: crisper, whole pixels."),
      .value(
        "direction", "auto|ltr|rtl", \.direction,
        as: .parsed { text in
          if text.lowercased() == "auto" { return nil }
          guard let direction = LineDirection(rawValue: text.lowercased()) else {
            throw WordFitError(.usage, "--direction takes one of auto, ltr, rtl, not '\(text)'")
          }
          return direction
        },
        help: "Each line's direction; leading/trailing follow it (default auto: its first strong character)."),
    ]
  }
}

extension LayoutOptions {
  /// The screen: canvas, its outline, and Wear OS's font scale.
  static var canvasOptions: [Option<LayoutFields>] {
    [
      .value(
        .canvas, "NAME|WxH", \.canvas, as: .string,
        help: "Watch preset (see 'wordfit presets') or pixels, e.g. 390x844 (default 45mm)."),
      .value(
        .shape, "rect|circle|rounded:R", \.shape, as: .parsed(CanvasShape.parse),
        help:
          "The screen's outline; each line fits the chord at its height (default: the canvas's, circle on wear-* presets)."
      ),
      .value(
        .fontScale, "F", \.fontScale, as: .number,
        help: "Wear OS font scale 0.94…1.24: scales --style sizes under 20 sp (default 1)."),
    ]
  }

  /// The font options: which font, its fallback, language, weight and axes (`wordfit fonts`
  /// takes these alone).
  static func fontOptions() -> [Option<LayoutFields>] {
    [
      .value(
        .font, "PATH|FAMILY", \.font, as: .string,
        help:
          "system (default: SF Compact on a watch, SF Pro on WxH, when installed, else the bundled Inter Display; Roboto on Wear OS, installed or bundled), dejavu (bundled DejaVu Sans), a .ttf/.otf/.ttc file, or an installed family or fontconfig pattern such as \"Noto Sans:bold\"."
      ),
      .flag("strict-font", \.strictFont, help: "Stop (exit 66) when the family asked for is not installed."),
      .value(
        "missing-glyphs", "warn|fail", \.missingGlyphs, as: .choice,
        help: "When no font has a character: draw a box and warn (default), or fail (exit 65)."),
      .value(
        .fallback, "auto|none|FONT,...", \.fallback, as: .string,
        help: "Fonts for characters the font lacks: auto (fontconfig, default), none (boxes), or files/families."),
      .value(
        .language, "TAG", \.language, as: .string,
        help: "The text's language (BCP 47: sr, zh-CN, ja…) for shaping and fallback fonts (default none)."),
      .value(.faceIndex, "N", \.faceIndex, as: .integer(), help: "Face in a font collection (default 0)."),
      .value(
        .weight, "100…900|NAME", \.weight, as: .parsed { try FontWeight.parse($0) },
        help:
          "thin…black or 100…900: a family's nearest face, a variable font's wght (default: the --style's: bold for largeTitle, semibold for headline, else regular)."
      ),
      .value(
        .variations, "AXIS=V,...", \.variations, as: .string,
        help:
          "A variable font's axes, e.g. wght=650,wdth=90; a tag of 1-4 letters or digits (default: wght from --weight, others the font's)."
      ),
    ]
  }
}

/// The tolerance options `diff` and `check` share, with pixelmatch's and Playwright's meanings.
enum ToleranceOptions {
  static let options: [Option<ToleranceOverrides>] = [
    .value(
      .threshold, "T", \.threshold, as: .number,
      help: "YIQ colour distance threshold, 0…1 (default 0.1; 0 counts any change)."),
    Option(
      usage: OptionUsage(
        names: ["include-aa"], valueName: nil, help: "Count anti-aliased pixels as differences (default: excused).")
    ) { tolerance, _ in tolerance.includeAA = true },
    .value(.maxDiffPixels, "N", \.maxDiffPixels, as: .integer(), help: "Differing pixels allowed (default 0)."),
    .value(
      .maxDiffRatio, "R", \.maxDiffRatio, as: .number,
      help: "Differing pixels allowed as a ratio 0…1 of all pixels (not a percentage)."),
    .value(
      .maxChannelDelta, "D", \.maxChannelDelta, as: .integer(),
      help: "Fail if any pixel's channel moved more than D (0…255), whatever the count."),
    Option(
      usage: OptionUsage(
        names: ["mask"], valueName: "X,Y,W,H",
        help: "Leave this region (pixels) out of the comparison; hatched in the diff. Repeatable.")
    ) { tolerance, text in
      let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map {
        Int($0.trimmingCharacters(in: .whitespaces))
      }
      guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let width = numbers[2], let height = numbers[3]
      else {
        throw WordFitError(
          .usage, "--mask \(text): give a region as X,Y,WIDTH,HEIGHT in whole pixels, e.g. --mask 0,0,40,20")
      }
      tolerance.mask = (tolerance.mask ?? []) + [PixelBox(x: x, y: y, width: width, height: height)]
    },
  ]

  /// `--max-pixels N`: the most pixels a PNG may decode to.
  static func maximumPixels<Input>(_ keyPath: WritableKeyPath<Input, Int> & Sendable) -> Option<Input> {
    .value(
      .maxPixels, "N", keyPath, as: .integer(in: 1...(CanvasSize.maximumSide * CanvasSize.maximumSide)),
      help: "Refuse PNGs that decode to more than N pixels (default 67108864, i.e. 8192x8192).")
  }
}

extension Console {
  /// `value` as pretty, key-sorted JSON.
  static func json<Value: Encodable>(_ value: Value) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  /// Warns on standard error about characters the font has no glyph for.
  static func warnMissingGlyphs(_ scalars: [Unicode.Scalar], fontName: String) {
    guard !scalars.isEmpty else { return }
    let list = scalars.map { TextFormatting.codePoint($0) }.joined(separator: " ")
    error(
      "wordfit: warning: no glyph for \(list) in \(fontName) or any fallback font; drawn as boxes. Install a font that covers them, or name one with --font or --fallback."
    )
  }
}

/// Options `preview` and `strings` share: which sizes, and which problems fail the run.
enum VariantOptions {
  /// `--categories D,D,...`: Dynamic Type sizes.
  static func categories<Input>(
    _ keyPath: WritableKeyPath<Input, [ContentSizeCategory]?> & Sendable, help: String
  ) -> Option<Input> {
    .value(
      "categories", "D,D,...", keyPath,
      as: .parsed { try $0.split(separator: ",").map { try ContentSizeCategory.parse(String($0)) } }, help: help)
  }

  /// `--fail-on truncated|min-scale|illegible,...`: exit 1 when one of them occurs.
  static func failOn<Input>(_ keyPath: WritableKeyPath<Input, [PreviewProblem]> & Sendable, what: String) -> Option<
    Input
  > {
    .value(
      .failOn, "truncated|min-scale|illegible|broken-word|broken-phrase|cut-by-screen|unchecked,...", keyPath,
      as: .parsed { text in
        try text.split(separator: ",").map { word in
          guard let problem = PreviewProblem(rawValue: word.lowercased()) else {
            throw WordFitError(
              .usage,
              "--fail-on takes truncated, min-scale, illegible, broken-word, broken-phrase, cut-by-screen or unchecked, not '\(word)'"
            )
          }
          return problem
        }
      },
      help:
        "Exit 1 when any \(what) is truncated, at the minimum scale, illegible, has a word broken between characters or a phrase broken inside (--word-break phrase), (strings) is cut by the round screen in a scrolled list (a stack with scroll), or (strings) could be checked on none of the canvases."
    )
  }
}
