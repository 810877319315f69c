import Foundation
import WordFit

/// `wordfit render`: fit a text's words to a canvas and write a PNG.
enum RenderCommand {
  /// What `render` is asked: the spec and where things come from and go.
  struct Input {
    var spec = RenderSpec(text: "")
    var output: String?
    var textFile: String?
    var specFile: String?
    var json = false
    var template: String?
    var rows: [String] = []
    var images: String?
    var bleed: Double?
    var pdf: String?
    var printer: LabelPrinter?
    var side = "front"
    var oneBit: OneBitText.Fix? = nil
    var sheet: String?
    var fitLabel = false
  }

  /// `--spec FILE`: read first, so the options given with it override its values.
  static func specOption<Spec, Outer>(
    _ specPath: WritableKeyPath<Outer, String?> & Sendable, _ spec: WritableKeyPath<Outer, Spec> & Sendable,
    load: @escaping @Sendable (String) throws -> Spec, help: String
  ) -> Option<Outer> {
    Option(usage: OptionUsage(names: ["spec"], valueName: "FILE", help: help), appliesFirst: true) { input, path in
      input[keyPath: specPath] = path
      input[keyPath: spec] = try load(path)
    }
  }

  /// The options of `render` that `batch` shares: the spec file and every layout option.
  static let layoutOptions: [Option<Input>] =
    [
      specOption(
        \.specFile, \.spec, load: RenderSpec.load(contentsOf:),
        help: "Read the layout from a JSON spec; options given here override it.")
    ]
    + LayoutOptions.options(
      defaults: .words,
      align: "Line alignment (default leading; center on a round screen: Wear OS canvases, --shape circle)."
    ).map {
      $0.lifted(\Input.spec.fields)
    }
    + [
      Option.value(
        .sizing, "common|individual", \.sizing, as: .choice,
        help: "One size for all words, or each its own (default common)."
      ).lifted(\Input.spec),
      Option.value(.spacing, "PX", \.spacing, as: .number, help: "Extra space between lines in pixels (default 0).")
        .lifted(\Input.spec),
    ]

  static let options: [Option<Input>] =
    [
      .value(
        "output", short: "o", "FILE", \.output, as: .string,
        help:
          "PNG to write, or - for standard output (default: named from the text, e.g. aimee-bethany-charles.png, never replacing another text's PNG); a name ending in .webp writes a lossless WebP (the same pixels), one ending in .svg an SVG (glyph outlines, the text kept for search)."
      ),
      .value("text-file", "FILE", \.textFile, as: .string, help: "Read the text from a UTF-8 file instead of TEXT."),
      .value(
        "template", "T.json", \.template, as: .string,
        help: "Render one badge from a badge template (README, \"Badge templates\"); its columns come from --row."),
      .repeated("row", "COLUMN=VALUE", \.rows, help: "A column's value for --template; repeat for each column."),
      .value(
        .images, "DIR", \.images, as: .string,
        help: "With --template: folder a row's own images are read from, never outside it (default: the current one)."),
      .value(
        .bleed, "MM", \.bleed, as: .number,
        help: "With --template: bleed around the badge, in mm, its edge pixels repeated outward (0…20; default 0)."),
      .value(
        "pdf", "FILE.pdf", \.pdf, as: .string,
        help:
          "With --template: write the badge as a one-page PDF (text as text, TrimBox and BleedBox) instead of a PNG."),
      .value(
        .printer, "zpl[:DPI]|brother-ql:MODEL:LABEL[:red]", \.printer, as: .printer,
        help:
          "With --template: write the badge as a label printer's job to -o FILE (default: standard output), from its pixels as 1-bit dots: zpl is Zebra ZPL II (:Z64: compressed; DPI 152, 203, 300 or 600, by default the template's); brother-ql:MODEL:LABEL is Brother QL raster (e.g. brother-ql:QL-820NWB:62x100, 300 dpi; 62red or 62:red prints black and red on a QL-800 series). Photos and logos are dithered, texts thresholded. The design is drawn at the printer's resolution (its size in mm kept) and, for a Brother label, fitted to its printable area."
      ),
      .value(
        .sheet, "LABEL", \.sheet, as: .string,
        help: "With --template and --fit-label: the label product the badge is fitted to (see 'wordfit sheets')."),
      .flag(
        .fitLabel, \.fitLabel,
        help:
          "With --template and --sheet LABEL: fit the design to the label (uniform scale, centred), as batch --fit-label does; the fit is reported."
      ),
      .value(
        .side, "front|back", \.side, as: .parsed(parseSide),
        help:
          "With --template: which side to render: the badge's front (default), or its back (the template's \"back\")."
      ),
      oneBitOption(\.oneBit),
    ] + layoutOptions + [.flag("json", \.json, help: "Print the fit result as JSON on standard output.")]

  /// `--one-bit warn|black|knockout`, with `--printer`: what the label's 1-bit dots do with a
  /// text the threshold would lose.
  static func oneBitOption<Input>(_ keyPath: WritableKeyPath<Input, OneBitText.Fix?> & Sendable) -> Option<Input> {
    .value(
      .oneBit, "warn|black|knockout", keyPath,
      as: ValueReader<OneBitText.Fix>.parsed { text in
        guard let fix = OneBitText.Fix(rawValue: text.lowercased()) else {
          throw WordFitError.notOneOf(.oneBit, text, choices: OneBitText.Fix.allCases.map(\.rawValue))
        }
        return fix
      },
      help:
        "With --printer: a text its 1-bit threshold would lose (white on a light band) is warned about (warn, the default), printed black (black), or knocked out of a black box (knockout)."
    )
  }

  /// `--side`: `front` or `back`.
  static func parseSide(_ text: String) throws -> String {
    guard ["front", "back"].contains(text.lowercased()) else {
      throw WordFitError.notOneOf(.side, text, choices: ["front", "back"])
    }
    return text.lowercased()
  }

  static let command = Command(
    name: "render", abstract: "Fit a text's words, one per line, to a canvas and write a PNG.",
    usage: "wordfit render [TEXT | -] [options]",
    discussion:
      "TEXT is split into words on white space; '-' reads standard input. Exit status: 0 written, 64 usage, 65 bad data (font, UTF-8, --overflow fail), 66 missing input, 74 write error.",
    options: options, run: run)

  static func run(_ parsed: ParsedCommandLine<Input>) throws -> Int32 {
    var input = Input()
    try parsed.apply(to: &input)
    if let template = input.template {
      try parsed.refuse(layoutOptions, because: "each region has its own layout")
      return try renderBadge(template, input: input, positionals: parsed.positionals)
    }
    guard input.bleed == nil, input.pdf == nil, input.printer == nil, input.side == "front", input.sheet == nil,
      !input.fitLabel, input.oneBit == nil
    else {
      throw WordFitError(
        .usage, "--bleed, --pdf, --printer, --one-bit, --side, --sheet and --fit-label go with --template T.json")
    }
    if let text = try text(parsed.positionals, textFile: input.textFile) { input.spec.text = text }
    guard !input.spec.text.isEmpty else {
      throw WordFitError(
        .usage, "no text given; pass TEXT, --text-file FILE or --spec FILE (see 'wordfit render --help')")
    }
    let inputs =
      [("text file", input.textFile), ("spec file", input.specFile)]
      .compactMap { role, path in path.map { (role, $0) } } + input.spec.inputFiles
    var asked = OutputRequest.Asked(path: input.output)
    asked.printsJSON = input.json
    let output = try OutputRequest(asked, inputs: inputs)
    let rendering: Rendering
    let written: (output: OutputRequest, bytes: Int)
    if output.format.source == .drawing {
      let drawn = try WordStackRenderer().renderDrawing(input.spec)
      (rendering, written) = (drawn.rendering, (output, try output.deliver(drawing: drawn.drawing)))
    } else {
      rendering = try WordStackRenderer().render(input.spec)
      written = try OutputReport.deliverPixels(
        rendering, to: output, base: Slug.make(from: input.spec.text, fallback: "wordfit"), inputs: inputs)
    }
    let file = written.output.name
    try OutputReport.report(
      rendering, to: written.output, bytes: written.bytes,
      json: input.json ? { RenderReport(rendering, file: file, bytes: $0) } : nil,
      summary: RenderReport.summary(rendering, file: file))
    return 0
  }

  /// `render --template T.json --row column=value …`: one badge.
  private static func renderBadge(_ path: String, input: Input, positionals: [String]) throws -> Int32 {
    guard positionals.isEmpty, input.textFile == nil else {
      throw WordFitError(.usage, "--template takes its texts from --row COLUMN=VALUE, not from TEXT or --text-file")
    }
    var request = try BadgeRequest(template: try template(path, input: input), rows: input.rows)
    (request.imagesFolder, request.bleedMillimetres) = (input.images ?? "", input.bleed)
    if let fix = input.oneBit {
      guard input.printer != nil else {
        throw WordFitError(.usage, "--one-bit says how a label printer prints; give --printer")
      }
      request.oneBitFix = fix
    }
    if input.side == "back" { request = try request.back() }
    var asked = OutputRequest.Asked(path: input.output)
    (asked.pdf, asked.printer, asked.printsJSON) = (input.pdf, input.printer, input.json)
    let output = try request.output(asked)
    guard output.format == .png || output.format == .webp else {
      let badge = try request.write(to: output)
      reportWritten(badge, to: output, request: request, printsPDF: input.pdf != nil)
      return 0
    }
    let badge = try request.render()
    warnSmallQRModules(badge, printsPDF: false)
    let written = try OutputReport.deliverPixels(
      badge, to: output, base: Slug.make(from: badge.regions.map(\.text).joined(separator: " "), fallback: "badge"),
      inputs: request.inputFiles)
    let sizes = badge.regions.map { "\($0.name) \(TextFormatting.pixels($0.rendering.layout.fit.size)) px" }
    let file = written.output.name
    try OutputReport.report(
      badge, to: written.output, bytes: written.bytes,
      json: input.json
        ? { bytes in
          BadgeReport(
            file: file, bytes: bytes, width: badge.canvas.width, height: badge.canvas.height,
            regions: zip(badge.regions, badge.printedRegions()).map {
              BadgeReport.Region($0, printed: $1, file: file)
            })
        } : nil,
      summary: "wrote \(file) (\(badge.canvas.width)x\(badge.canvas.height), \(sizes.joined(separator: ", ")))")
    return 0
  }

  /// The lines a badge written as an SVG, a PDF or a printer's job reports on standard error
  /// (an SVG's on standard output).
  private static func reportWritten(
    _ badge: BadgeRendering, to output: OutputRequest, request: BadgeRequest, printsPDF: Bool
  ) {
    for warning in badge.warnings { Console.error("wordfit: warning: \(warning)") }
    warnSmallQRModules(badge, printsPDF: printsPDF)
    let sizes = badge.regions.map { "\($0.name) \(TextFormatting.pixels($0.rendering.layout.fit.size)) px" }
    let dimensions = "\(request.template.width)x\(request.template.height)"
    switch output.format {
    case .pdf: Console.error("wrote \(output.name) (1 page, \(sizes.joined(separator: ", ")))")
    case .printer(let printer) where badge.printJob != nil:
      Console.error("sent job \(badge.printJob ?? 0): \(printer.languageName) (\(sizes.joined(separator: ", ")))")
    case .printer(let printer):
      let place = output.isStandardOutput ? "the printer job to standard output" : output.name
      Console.error(
        "wrote \(place) (\(printer.languageName), \(dimensions) dots, \(sizes.joined(separator: ", ")))")
    case .svg: Console.out("wrote \(output.name) (\(dimensions), \(sizes.joined(separator: ", ")))")
    case .png, .webp: break
    }
  }

  /// The template at `path`, fitted to a label product (`--sheet` with `--fit-label`) or drawn
  /// for a label printer (`--printer`), the fit said on standard error.
  private static func template(_ path: String, input: Input) throws -> BadgeTemplate {
    guard input.fitLabel == (input.sheet != nil) else {
      throw WordFitError(
        .usage, "--fit-label and --sheet LABEL go together in render: the label product the design is fitted to")
    }
    guard input.sheet == nil || input.printer == nil else {
      throw WordFitError(
        .usage, "--printer fits the design to its own label; --sheet and --fit-label are for label products")
    }
    let template =
      try input.sheet.map { try BadgeTemplate.load(contentsOf: path, fittingLabelOf: $0) }
      ?? input.printer.map { try BadgeTemplate.load(contentsOf: path, printer: $0) }
      ?? BadgeTemplate.load(contentsOf: path)
    if let fit = template.labelFit, let sheet = input.sheet {
      Console.error("wordfit: " + fit.summary(dotsPerInch: template.dotsPerInch, label: sheet))
    }
    if let fit = template.printerFit, fit.designedAt != fit.drawnAt || fit.label != nil {
      Console.error("wordfit: " + fit.summary(template.labelFit))
    }
    return template
  }

  /// Warns when a region is printed under its legible size, and when the badge's QR modules are
  /// under 3 dots at the resolution its output may be rasterised at (``QRModuleCheck``).
  private static func warnSmallQRModules(_ badge: BadgeRendering, printsPDF: Bool) {
    for warning in badge.legibilityWarnings { Console.error("wordfit: warning: " + warning) }
    guard let module = badge.smallestQRModuleMillimetres else { return }
    let check = QRModuleCheck(writesPDF: printsPDF, writesPixels: !printsPDF, templateDotsPerInch: badge.dotsPerInch)
    if let warning = check.warning(smallestModule: module) { Console.error("wordfit: warning: " + warning) }
  }

  /// The text from the positional argument, standard input (`-`) or `--text-file`.
  static func text(_ positionals: [String], textFile: String?, command: String = "render") throws -> String? {
    guard positionals.count <= 1 else {
      throw WordFitError(
        .usage,
        "\(command) takes one TEXT argument, got \(positionals.count); quote the text: wordfit \(command) \"Aimée Bethany Charles\""
      )
    }
    if let textFile {
      guard positionals.isEmpty else { throw WordFitError(.usage, "give either TEXT or --text-file, not both") }
      return try TextInput.read(path: textFile)
    }
    if positionals.first == "-" { return try TextInput.read(path: "-") }
    return positionals.first
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
