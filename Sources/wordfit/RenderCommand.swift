import Foundation
import WordFit

/// `wordfit render`: fit a text's words to a canvas and write a PNG.
enum RenderCommand {
  static let name = "render"
  static let abstract = "Fit a text's words, one per line, to a canvas and write a PNG."

  static let options: [OptionSpec] = [
    OptionSpec(
      names: ["output"], short: "o", value: "FILE",
      help: "PNG to write (default: named from the text, e.g. aimee-bethany-charles.png)."),
    OptionSpec(names: ["text-file"], value: "FILE", help: "Read the text from a UTF-8 file instead of TEXT."),
    OptionSpec(
      names: ["spec"], value: "FILE", help: "Read the layout from a JSON spec; options given here override it."),
    OptionSpec(
      names: ["canvas"], value: "NAME|WxH",
      help: "Watch preset (see 'wordfit presets') or pixels, e.g. 390x844 (default 45mm)."),
    OptionSpec(
      names: ["font"], value: "PATH", help: "A .ttf/.otf/.ttc font (default: bundled DejaVu Sans, see --weight)."),
    OptionSpec(names: ["face-index"], value: "N", help: "Face in a font collection (default 0)."),
    OptionSpec(names: ["weight"], value: "bold|regular", help: "Bundled font when --font is not given (default bold)."),
    OptionSpec(names: ["style"], value: "STYLE", help: "Text style setting the maximum size (default largeTitle)."),
    OptionSpec(names: ["max-size"], value: "PX", help: "Maximum size in pixels; overrides --style."),
    OptionSpec(names: ["min-scale"], value: "F", help: "Smallest scale of the maximum size, in (0, 1] (default 0.01)."),
    OptionSpec(
      names: ["sizing"], value: "common|individual", help: "One size for all words, or each its own (default common)."),
    OptionSpec(
      names: ["overflow"], value: "truncate|clip|fail", help: "When the minimum size does not fit (default truncate)."),
    OptionSpec(names: ["align"], value: "leading|center|trailing", help: "Line alignment (default leading)."),
    OptionSpec(names: ["valign"], value: "top|center|bottom", help: "Block alignment (default center)."),
    OptionSpec(
      names: ["insets"], value: "PX[,PX[,PX,PX]]",
      help: "All; vertical,horizontal; or top,leading,bottom,trailing (default 8)."),
    OptionSpec(names: ["spacing"], value: "PX", help: "Extra space between lines in pixels (default 0)."),
    OptionSpec(names: ["fg"], value: "COLOR", help: "Text colour: #RRGGBB, #RRGGBBAA or a name (default white)."),
    OptionSpec(names: ["bg"], value: "COLOR", help: "Background colour, or transparent (default black)."),
    OptionSpec(
      names: ["appearance"], value: "light|dark", help: "Which value system colour names take (default dark)."),
    OptionSpec(names: ["json"], help: "Print the fit result as JSON on standard output."),
    OptionSpec(names: ["help"], short: "h", help: "Show help."),
  ]

  static func run(_ arguments: [String]) throws -> Int32 {
    let parsed = try CommandLineArguments(arguments, options: options, command: name)
    if parsed.has("help") {
      Console.out(
        CommandLineArguments.help(
          usage: "wordfit render [TEXT | -] [options]", abstract: abstract, options: options,
          discussion:
            "TEXT is split into words on white space; '-' reads standard input. Exit status: 0 written, 64 usage, 65 bad data (font, UTF-8, --overflow fail), 66 missing input, 74 write error."
        ))
      return 0
    }
    var spec = try makeSpec(parsed)
    if let text = try text(parsed) { spec.text = text }
    guard !spec.text.isEmpty else {
      throw WordFitError(
        .usage, "no text given; pass TEXT, --text-file FILE or --spec FILE (see 'wordfit render --help')")
    }
    let output = parsed.value("output") ?? Slug.make(from: spec.text, fallback: "wordfit") + ".png"
    let rendering = try WordStackRenderer().render(spec)
    let png = try rendering.pngData()
    try AtomicFile.write(png, to: output)
    if !rendering.missingCharacters.isEmpty {
      let list = rendering.missingCharacters.map { String(format: "U+%04X", $0.value) }.joined(separator: " ")
      Console.error(
        "wordfit: warning: \(rendering.fontName) has no glyph for \(list); drawn as boxes. Use --font with a font that covers them."
      )
    }
    if parsed.has("json") {
      Console.out(try RenderReport(rendering, file: output, bytes: png.count).json())
    } else {
      Console.out(RenderReport.summary(rendering, file: output))
    }
    return 0
  }

  /// The spec from `--spec` (if any) with every option given on the command line applied.
  static func makeSpec(_ parsed: CommandLineArguments) throws -> RenderSpec {
    var spec = try parsed.value("spec").map(RenderSpec.load(contentsOf:)) ?? RenderSpec(text: "")
    if let value = parsed.value("canvas") { spec.canvas = value }
    if let value = parsed.value("font") { spec.font = value }
    if let value = try parsed.integer("face-index") { spec.faceIndex = value }
    if let value = try parsed.choice("weight", FontWeight.self) { spec.weight = value }
    if let value = parsed.value("style") { spec.style = try TextStyle.parse(value) }
    if let value = try parsed.number("max-size") { spec.maxSize = value }
    if let value = try parsed.number("min-scale") { spec.minScale = value }
    if let value = try parsed.choice("sizing", Sizing.self) { spec.sizing = value }
    if let value = try parsed.choice("overflow", OverflowPolicy.self) { spec.overflow = value }
    if let value = try parsed.choice("align", HorizontalAlignment.self) { spec.align = value }
    if let value = try parsed.choice("valign", VerticalAlignment.self) { spec.valign = value }
    if let value = parsed.value("insets") { spec.insets = try parseInsets(value) }
    if let value = try parsed.number("spacing") { spec.spacing = value }
    if let value = parsed.value("fg") { spec.fg = value }
    if let value = parsed.value("bg") { spec.bg = value }
    if let value = try parsed.choice("appearance", Appearance.self) { spec.appearance = value }
    return spec
  }

  static func parseInsets(_ text: String, option: String = "insets") throws -> [Int] {
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

  /// The text from the positional argument, standard input (`-`) or `--text-file`.
  static func text(_ parsed: CommandLineArguments) throws -> String? {
    guard parsed.positionals.count <= 1 else {
      throw WordFitError(
        .usage,
        "render takes one TEXT argument, got \(parsed.positionals.count); quote the text: wordfit render \"Aimée Bethany Charles\""
      )
    }
    if let path = parsed.value("text-file") {
      guard parsed.positionals.isEmpty else {
        throw WordFitError(.usage, "give either TEXT or --text-file, not both")
      }
      return try TextInput.read(path: path)
    }
    if parsed.positionals.first == "-" { return try TextInput.read(path: "-") }
    return parsed.positionals.first
  }
}

/// Reading UTF-8 text from files and standard input.
enum TextInput {
  /// The contents of `path` (`-` for standard input) as UTF-8.
  ///
  /// - Throws: `.missingInput` when the file is missing, `.invalidData` when it is not UTF-8.
  static func read(path: String) throws -> String {
    let data: Data
    let name = path == "-" ? "standard input" : path
    if path == "-" {
      data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
      guard FileManager.default.fileExists(atPath: path), let contents = FileManager.default.contents(atPath: path)
      else {
        throw WordFitError(.missingInput, "text file \(path) does not exist or cannot be read; check the path")
      }
      data = contents
    }
    var bytes = [UInt8](data)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw WordFitError(.invalidData, "\(name) is not valid UTF-8; save it as UTF-8")
    }
    return text
  }
}
