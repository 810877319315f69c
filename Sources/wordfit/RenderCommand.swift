import Foundation
import WordFit

/// `wordfit render`: fit a text's words to a canvas and write a PNG.
enum RenderCommand {
  static let name = "render"
  static let abstract = "Fit a text's words, one per line, to a canvas and write a PNG."

  static let options: [OptionSpec] =
    [
      OptionSpec(
        names: ["output"], short: "o", value: "FILE",
        help:
          "PNG to write, or - for standard output (default: named from the text, e.g. aimee-bethany-charles.png, never replacing another text's PNG)."
      ),
      OptionSpec(names: ["text-file"], value: "FILE", help: "Read the text from a UTF-8 file instead of TEXT."),
      OptionSpec(
        names: ["spec"], value: "FILE", help: "Read the layout from a JSON spec; options given here override it."),
    ]
    + LayoutOptions.specs(weight: .bold, style: .largeTitle, align: "Line alignment (default leading).")
    + [
      OptionSpec(
        names: ["sizing"], value: "common|individual", help: "One size for all words, or each its own (default common)."
      ),
      OptionSpec(names: ["spacing"], value: "PX", help: "Extra space between lines in pixels (default 0)."),
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
    let rendering = try WordStackRenderer().render(spec)
    let destination = try PNGDestination(
      explicit: parsed.value("output"), base: Slug.make(from: spec.text, fallback: "wordfit"),
      owner: rendering.contentChunk, inputs: inputs(parsed, spec: spec), printsJSON: parsed.has("json"))
    let png = try rendering.pngData()
    try destination.write(png)
    for warning in rendering.warnings { Console.error("wordfit: warning: \(warning)") }
    Console.warnMissingGlyphs(rendering.missingCharacters, fontName: rendering.fontName)
    if parsed.has("json") {
      Console.out(try Console.json(RenderReport(rendering, file: destination.path, bytes: png.count)))
    } else {
      destination.report(RenderReport.summary(rendering, file: destination.name))
    }
    return 0
  }

  /// The files a render reads, which its output may not replace.
  static func inputs(_ parsed: CommandLineArguments, spec: RenderSpec) -> [(role: String, path: String)] {
    [("text file", parsed.value("text-file")), ("spec file", parsed.value("spec")), ("font file", spec.font)]
      .compactMap { role, path in path.map { (role, $0) } }
  }

  /// The spec from `--spec` (if any) with every option given on the command line applied.
  static func makeSpec(_ parsed: CommandLineArguments) throws -> RenderSpec {
    var spec = try parsed.value("spec").map(RenderSpec.load(contentsOf:)) ?? RenderSpec(text: "")
    try LayoutOptions.apply(parsed, to: &spec)
    if let value = try parsed.choice("sizing", Sizing.self) { spec.sizing = value }
    if let value = try parsed.number("spacing") { spec.spacing = value }
    return spec
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
    let name = path == "-" ? "standard input" : path
    var bytes = try InputFile.read(
      path == "-" ? "/dev/stdin" : path, role: path == "-" ? "standard input" : "text file",
      limit: InputLimits.textBytes, expecting: .stream)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw WordFitError(.invalidData, "\(name) is not valid UTF-8; save it as UTF-8")
    }
    return text
  }
}
