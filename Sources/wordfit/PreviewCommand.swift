import Foundation
import WordFit

/// `wordfit preview`: one layout on every canvas in every Dynamic Type size, on one sheet.
enum PreviewCommand {
  /// What `preview` is asked.
  struct Input {
    var words = RenderSpec(text: "")
    var stack = StackSpec(labels: [])
    var labels: [String] = []
    var specFile: String?
    var spec: LayoutSpec?
    var canvases: [String]?
    var categories: [ContentSizeCategory]?
    var fontScales: [Double] = []
    var scale = 1.0
    var failOn: [PreviewProblem] = []
    var output: String?
    var html: String?
    var json = false
  }

  /// The layout options, each setting both the text spec and the stack spec (whichever the
  /// preview turns out to use).
  static let layoutOptions: [Option<Input>] = LayoutOptions.options(
    defaults: .words,
    align: "Line or box alignment (default leading for text, center for boxes; center on a round screen)."
  ).filter { !["canvas", "dynamic-type", "font-scale"].contains($0.usage.names[0]) }.map { option in
    Option<Input>(usage: option.usage) { input, text in
      try option.apply(&input.words.fields, text)
      try option.apply(&input.stack.fields, text)
    }
  }

  static let options: [Option<Input>] =
    [
      .repeated("label", short: "l", "TEXT", \.labels, help: "A label: preview a stack of boxes; repeat for each."),
      Option(
        usage: OptionUsage(names: ["spec"], valueName: "FILE", help: "A render or stack spec; options override it."),
        appliesFirst: true
      ) { input, path in
        input.specFile = path
        let spec = try LayoutSpec.load(contentsOf: path)
        input.spec = spec
        if case .words(let words) = spec { input.words = words }
        if case .stack(let stack) = spec { input.stack = stack }
      },
      .value(
        "canvases", "C,C,...", \.canvases, as: .list,
        help:
          "Rows: watch presets or WxH, e.g. 41mm,45mm,390x844 (default: the ten Apple Watches; with --layout curved, wear-small,wear-large)."
      ),
      VariantOptions.categories(
        \.categories,
        help:
          "Columns: Dynamic Type sizes, e.g. large,xxxLarge (default: the six watch sizes; a sheet of Wear OS screens only has font-scale columns instead)."
      ),
      .value(
        "font-scales", "F,F,...", \.fontScales,
        as: .parsed { text in
          try text.split(separator: ",").map { word in
            guard let value = Double(word.trimmingCharacters(in: .whitespaces)) else {
              throw WordFitError(.usage, "--font-scales takes numbers such as 0.94,1,1.24, not '\(word)'")
            }
            return value
          }
        },
        help:
          "Columns per size: Wear OS font scales 0.94…1.24, e.g. 0.94,1,1.24 (sizes default to each canvas's own; Wear OS screens only: the six of Android Studio)."
      ),
      .value(.scale, "F", \.scale, as: .number, help: "Draw each cell at F of its size, in (0, 1] (default 1)."),
      VariantOptions.failOn(\.failOn, what: "variant"),
      .value(
        "output", short: "o", "FILE", \.output, as: .string,
        help:
          "The sheet PNG (default preview.png); a name ending in .webp writes a lossless WebP, one ending in .svg an SVG (each cell's glyph outlines); - writes to standard output."
      ),
      .value(
        "html", "DIR", \.html, as: .string,
        help:
          "Also write a self-contained page: DIR/index.html, the sheet and each cell's image, in -o's pixel format (PNG, or WebP for a .webp sheet)."
      ),
      .flag("json", \.json, help: "Print the table of variants as JSON on standard output."),
    ] + layoutOptions

  static let command = Command(
    name: "preview", abstract: "Render a layout on every watch in every Dynamic Type size, on one sheet.",
    usage: "wordfit preview [TEXT | --label L ... | --spec FILE] [options]",
    discussion:
      "Rows are canvases, columns Dynamic Type sizes; each cell is what 'render --canvas C --dynamic-type D' draws. Variants that were truncated, set at the minimum scale, or fall below the legibility threshold are framed in red and listed. Exit status: 0, 1 with --fail-on when a listed problem occurs, 64 usage, 65 bad data, 66 missing input, 74 write error.",
    options: options, run: run)

  static func run(_ parsed: ParsedCommandLine<Input>) throws -> Int32 {
    var input = Input()
    try parsed.apply(to: &input)
    var request = PreviewRequest(layout: try layout(input, positionals: parsed.positionals))
    if let canvases = input.canvases { request.canvases = canvases }
    if let categories = input.categories { request.categories = categories }
    request.fontScales = input.fontScales
    if !input.fontScales.isEmpty, input.categories == nil { request.categories = [.large] }
    request.scale = input.scale
    // --min-legible (a layout option) is also the threshold below which cells are marked.
    request.minimumLegiblePoints = input.words.minLegible
    let output = try checkOutputs(input.output ?? "preview.png", input: input, layout: request.layout)
    if let html = input.html { request.cellFolder = html + "/cells" }
    // The page's images take the sheet's pixel format (an SVG sheet's page: PNG).
    request.imageFormat = output.format
    let sheet = try PreviewSheet.render(request)
    try sheet.deliver(to: output)
    if let html = input.html { try sheet.writePage(to: html, title: "wordfit preview") }
    if input.json { Console.outText(try Console.json(Report(sheet))) }
    let line =
      "wrote \(output.name) (\(sheet.canvases.count) canvas\(sheet.canvases.count == 1 ? "" : "es") × \(sheet.columns.count) size\(sheet.columns.count == 1 ? "" : "s"), \(sheet.image.width)x\(sheet.image.height))"
      + (input.html.map { " and \($0)/index.html" } ?? "") + "; " + sheet.summary
    if input.json || output.isStandardOutput { Console.error(line) } else { Console.out(line) }
    return input.failOn.contains { !sheet.cells(with: $0).isEmpty } ? 1 : 0
  }

  /// The sheet's output, decided once (its ending: `.svg`, `.webp`, else PNG; `-`: standard
  /// output), and every output checked before anything is drawn: the sheet may not replace the
  /// spec or a font, and the sheet's and the page's folders must be writable, so a failure
  /// leaves nothing.
  private static func checkOutputs(_ path: String, input: Input, layout: LayoutSpec) throws -> OutputRequest {
    var inputs = input.specFile.map { [("spec file", $0)] } ?? []
    switch layout {
    case .words(let words): inputs += words.inputFiles
    case .stack(let stack): inputs += stack.inputFiles
    }
    var asked = OutputRequest.Asked(path: path)
    (asked.printsJSON, asked.role) = (input.json, "preview sheet")
    let output = try OutputRequest(asked, inputs: inputs)
    if let file = output.path { try AtomicFile.checkDestination(file) }
    if let html = input.html {
      try FileIdentity.refuseOverwriting(
        ("page folder", html), inputs: inputs + (output.path.map { [("preview sheet", $0)] } ?? []))
      // Neither exists yet: the same name for both would leave a page folder and no sheet.
      try OutputPaths.refuseCollisions([("preview sheet", output.path), ("page folder", html)])
      try HTMLPage.checkFolder(html)
    }
    return output
  }

  /// The layout: a stack when labels are given (or the spec is a stack), else the text.
  private static func layout(_ input: Input, positionals: [String]) throws -> LayoutSpec {
    if !input.labels.isEmpty || { if case .stack = input.spec { return true } else { return false } }() {
      guard positionals.isEmpty else { throw WordFitError(.usage, "give either TEXT or --label, not both") }
      var stack = input.stack
      if !input.labels.isEmpty { stack.labels = input.labels }
      return .stack(stack)
    }
    var words = input.words
    if let text = try RenderCommand.text(positionals, textFile: nil, command: "preview") { words.text = text }
    guard !words.text.isEmpty else {
      throw WordFitError(.usage, "no text given; pass TEXT, --label or --spec FILE (see 'wordfit preview --help')")
    }
    return .words(words)
  }

  /// The JSON form: one entry per variant.
  struct Report: Encodable {
    struct Variant: Encodable {
      var canvas: String
      var dynamicType: String
      /// The Wear OS font scale (absent: none).
      var fontScale: Double?
      /// The canvas's outline: `rect`, `circle` or `rounded:R`.
      var shape: String
      var available: Bool
      var size: Double
      var points: Double
      /// What ``points`` counts: `sp` on a Wear OS canvas, `pt` elsewhere.
      var pointUnit: String
      var maximumSize: Double
      var limit: String
      var minimumLegiblePoints: Double
      var problems: [String]
    }
    var canvases: [String]
    var dynamicTypes: [String]
    var summary: String
    var variants: [Variant]

    init(_ sheet: PreviewSheet) {
      canvases = sheet.canvases
      dynamicTypes = sheet.categories.map(\.rawValue)
      summary = sheet.summary
      variants = sheet.cells.map {
        Variant(
          canvas: $0.canvas, dynamicType: $0.category.rawValue, fontScale: $0.fontScale, shape: $0.shape.description,
          available: $0.isAvailable, size: $0.size,
          points: $0.points, pointUnit: $0.pointUnit, maximumSize: $0.maximumSize, limit: $0.limit,
          minimumLegiblePoints: $0.minimumLegiblePoints, problems: $0.problems.map(\.rawValue))
      }
    }
  }
}
