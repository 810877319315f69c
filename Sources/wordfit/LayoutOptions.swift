import Foundation
import WordFit

/// What `render` and `stack` specs have in common, so one parser serves both commands.
protocol LayoutOptionFields {
  var canvas: String { get set }
  var font: String? { get set }
  var faceIndex: Int { get set }
  var weight: FontWeight { get set }
  var style: TextStyle { get set }
  var maxSize: Double? { get set }
  var minScale: Double { get set }
  var overflow: OverflowPolicy { get set }
  var align: HorizontalAlignment { get set }
  var valign: VerticalAlignment { get set }
  var insets: [Int] { get set }
  var fg: String { get set }
  var bg: String { get set }
  var appearance: Appearance { get set }
}

extension RenderSpec: LayoutOptionFields {}
extension StackSpec: LayoutOptionFields {}

/// The options `render`, `stack` and `batch` share: canvas, font, sizes, alignment, colours.
enum LayoutOptions {
  /// The shared options; `weight`, `style` and `align` name each command's own defaults.
  static func specs(weight: FontWeight, style: TextStyle, align: String) -> [OptionSpec] {
    [
      OptionSpec(
        names: ["canvas"], value: "NAME|WxH",
        help: "Watch preset (see 'wordfit presets') or pixels, e.g. 390x844 (default 45mm)."),
      OptionSpec(
        names: ["font"], value: "PATH", help: "A .ttf/.otf/.ttc font (default: bundled DejaVu Sans, see --weight)."),
      OptionSpec(names: ["face-index"], value: "N", help: "Face in a font collection (default 0)."),
      OptionSpec(
        names: ["weight"], value: "bold|regular",
        help: "Bundled font when --font is not given (default \(weight.rawValue))."),
      OptionSpec(
        names: ["style"], value: "STYLE", help: "Text style setting the maximum size (default \(style.rawValue))."),
      OptionSpec(names: ["max-size"], value: "PX", help: "Maximum size in pixels; overrides --style."),
      OptionSpec(
        names: ["min-scale"], value: "F", help: "Smallest scale of the maximum size, in (0, 1] (default 0.01)."),
      OptionSpec(
        names: ["overflow"], value: "truncate|clip|fail", help: "When the minimum size does not fit (default truncate)."
      ),
      OptionSpec(names: ["align"], value: "leading|center|trailing", help: align),
      OptionSpec(
        names: ["valign"], value: "top|center|bottom", help: "Vertical alignment of the block (default center)."),
      OptionSpec(
        names: ["insets"], value: "PX[,PX[,PX,PX]]",
        help: "All; vertical,horizontal; or top,leading,bottom,trailing (default 8)."),
      OptionSpec(names: ["fg"], value: "COLOR", help: "Text colour: #RRGGBB, #RRGGBBAA or a name (default white)."),
      OptionSpec(names: ["bg"], value: "COLOR", help: "Background colour, or transparent (default black)."),
      OptionSpec(
        names: ["appearance"], value: "light|dark", help: "Which value system colour names take (default dark)."),
    ]
  }

  /// Applies every shared option given on the command line to `spec`.
  static func apply<Spec: LayoutOptionFields>(_ parsed: CommandLineArguments, to spec: inout Spec) throws {
    if let value = parsed.value("canvas") { spec.canvas = value }
    if let value = parsed.value("font") { spec.font = value }
    if let value = try parsed.integer("face-index") { spec.faceIndex = value }
    if let value = try parsed.choice("weight", FontWeight.self) { spec.weight = value }
    if let value = parsed.value("style") { spec.style = try TextStyle.parse(value) }
    if let value = try parsed.number("max-size") { spec.maxSize = value }
    if let value = try parsed.number("min-scale") { spec.minScale = value }
    if let value = try parsed.choice("overflow", OverflowPolicy.self) { spec.overflow = value }
    if let value = try parsed.choice("align", HorizontalAlignment.self) { spec.align = value }
    if let value = try parsed.choice("valign", VerticalAlignment.self) { spec.valign = value }
    if let value = parsed.value("insets") { spec.insets = try pixels(value, option: "insets") }
    if let value = parsed.value("fg") { spec.fg = value }
    if let value = parsed.value("bg") { spec.bg = value }
    if let value = try parsed.choice("appearance", Appearance.self) { spec.appearance = value }
  }

  /// Whole pixels separated by commas (insets, padding).
  static func pixels(_ text: String, option: String) throws -> [Int] {
    let values = text.split(separator: ",", omittingEmptySubsequences: false).map {
      Int($0.trimmingCharacters(in: .whitespaces))
    }
    guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else {
      throw WordFitError(
        .usage,
        "--\(option) takes whole pixels separated by commas (PX, V,H or TOP,LEADING,BOTTOM,TRAILING), not '\(text)'")
    }
    return values.map { $0! }
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
      "wordfit: warning: \(fontName) has no glyph for \(list); drawn as boxes. Use --font with a font that covers them."
    )
  }
}
