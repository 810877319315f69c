import Foundation
import WordFit

/// `wordfit stack`: labels in equal-width boxes, one common size, as a PNG.
enum StackCommand {
  static let name = "stack"
  static let abstract = "Stack labelled boxes (buttons) of equal width at one common size and write a PNG."

  static let options: [OptionSpec] =
    [
      OptionSpec(names: ["label"], short: "l", value: "TEXT", help: "A label; repeat for each box, top to bottom."),
      OptionSpec(
        names: ["labels"], value: "FILE", help: "Read labels from a UTF-8 file, one per line ('-': standard input)."),
      OptionSpec(
        names: ["output"], short: "o", value: "FILE",
        help: "PNG to write, or - for standard output (default: named from the labels)."),
      OptionSpec(
        names: ["spec"], value: "FILE", help: "Read the stack from a JSON spec; options given here override it."),
      OptionSpec(
        names: ["style-preset"], value: "bordered-prominent|plain", help: "Box look (default bordered-prominent)."),
      OptionSpec(
        names: ["width"], value: "equal|fill|ideal",
        help: "Box widths: widest label, canvas width, own label (default equal)."),
    ]
    + LayoutOptions.specs(weight: .regular, style: .body, align: "Where boxes sit across the canvas (default center).")
    + [
      OptionSpec(
        names: ["text-align"], value: "leading|center|trailing", help: "Where a label sits in its box (default center)."
      ),
      OptionSpec(
        names: ["spacing"], value: "PX", help: "Space between boxes (default 8 pt: 16 px on watches, 8 px on WxH)."),
      OptionSpec(
        names: ["padding"], value: "PX[,PX]", help: "Box padding: all, or vertical,horizontal (default: preset)."),
      OptionSpec(names: ["shape"], value: "capsule|rounded|rectangle", help: "Box shape (default: preset and canvas)."),
      OptionSpec(
        names: ["radius"], value: "PX", help: "Corner radius; above half the box height it is clamped, with a warning."),
      OptionSpec(
        names: ["fill"], value: "COLOR[,COLOR…]", help: "Box fill, or a list cycled over the boxes (default: preset)."),
      OptionSpec(names: ["json"], help: "Print the layout as JSON on standard output."),
      OptionSpec(names: ["help"], short: "h", help: "Show help."),
    ]

  static func run(_ arguments: [String]) throws -> Int32 {
    let parsed = try CommandLineArguments(arguments, options: options, command: name)
    if parsed.has("help") {
      Console.out(
        CommandLineArguments.help(
          usage: "wordfit stack (--label TEXT … | --labels FILE | --spec FILE) [options]", abstract: abstract,
          options: options,
          discussion:
            "Colours: #RRGGBB, #RRGGBBAA, or \(Color.namedColors.map(\.name).joined(separator: ", ")). Exit status: 0 written, 64 usage, 65 bad data, 66 missing input, 74 write error."
        ))
      return 0
    }
    guard parsed.positionals.isEmpty else {
      throw WordFitError(
        .usage,
        "stack takes labels through --label or --labels, not '\(parsed.positionals[0])'; see 'wordfit stack --help'")
    }
    var spec = try parsed.value("spec").map(StackSpec.load(contentsOf:)) ?? StackSpec(labels: [])
    if let labels = try labels(parsed) { spec.labels = labels }
    try apply(parsed, to: &spec)
    let rendering = try StackRenderer().render(spec)
    let inputs = [
      ("labels file", parsed.value("labels")), ("spec file", parsed.value("spec")), ("font file", spec.font),
    ]
    .compactMap { role, path in path.map { (role: role, path: $0) } }
    let destination = try PNGDestination(
      explicit: parsed.value("output"), base: Slug.make(from: spec.labels.joined(separator: " "), fallback: "stack"),
      owner: rendering.contentChunk, inputs: inputs, printsJSON: parsed.has("json"))
    let output = destination.name
    let png = try rendering.pngData()
    try destination.write(png)
    for warning in rendering.warnings { Console.error("wordfit: warning: \(warning)") }
    Console.warnMissingGlyphs(rendering.missingCharacters, fontName: rendering.fontName)
    if parsed.has("json") {
      Console.out(try Console.json(StackReport(rendering, file: output, bytes: png.count)))
    } else {
      let layout = rendering.layout
      var line =
        "wrote \(output) (\(rendering.canvas.width)x\(rendering.canvas.height), \(layout.boxes.count) boxes \(layout.boxes.first.map { "\($0.frame.width)x\($0.frame.height)" } ?? ""), \(TextFormatting.pixels(layout.size)) px, limited by \(layout.limit.phrase(limitingText: layout.limitingLabelIndex.flatMap { spec.labels.indices.contains($0) ? spec.labels[$0] : nil }, lineCount: layout.boxes.count, lineNoun: "box")))"
      let truncated = layout.boxes.filter(\.isTruncated).count + layout.labelCount - layout.boxes.count
      if truncated > 0 { line += "; \(truncated) label\(truncated == 1 ? "" : "s") truncated" }
      destination.report(line)
    }
    return 0
  }

  /// Labels from `--label` or `--labels FILE` (`-` for standard input), or `nil` when neither.
  static func labels(_ parsed: CommandLineArguments) throws -> [String]? {
    let given = parsed.all("label")
    if let path = parsed.value("labels") {
      guard given.isEmpty else { throw WordFitError(.usage, "give labels with --label or --labels, not both") }
      let text = try TextInput.read(path: path)
      let lines = text.split(
        omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
      )
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      guard !lines.isEmpty else {
        throw WordFitError(
          .invalidData, "\(path == "-" ? "standard input" : path) has no labels; write one label per line")
      }
      return lines
    }
    return given.isEmpty ? nil : given
  }

  static func apply(_ parsed: CommandLineArguments, to spec: inout StackSpec) throws {
    try LayoutOptions.apply(parsed, to: &spec)
    if let value = try parsed.choice("style-preset", StackStylePreset.self) { spec.stylePreset = value }
    if let value = try parsed.choice("width", StackWidth.self) { spec.width = value }
    if let value = try parsed.choice("text-align", HorizontalAlignment.self) { spec.textAlign = value }
    if let value = try parsed.integer("spacing") { spec.spacing = value }
    if let value = parsed.value("padding") { spec.padding = try LayoutOptions.pixels(value, option: "padding") }
    if let value = parsed.value("shape") { spec.shape = value }
    if let value = try parsed.number("radius") { spec.radius = value }
    if let value = parsed.value("fill") {
      spec.fill = value.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
  }

}

/// The JSON printed by `wordfit stack --json`.
struct StackReport: Encodable {
  struct Box: Encodable {
    var label: String
    var text: String
    var frame: PixelBox
    var idealWidth: Int
    var textOrigin: PixelPoint
    var ink: PixelBox?
    var truncated: Bool
  }

  var file: String
  var bytes: Int
  var width: Int
  var height: Int
  var size: Double
  var limit: String
  var limitingLabel: String?
  var boxHeight: Int
  var cornerRadius: Double
  var font: String
  var freeType: String
  var warnings: [String]
  var boxes: [Box]

  init(_ rendering: StackRendering, file: String, bytes: Int) {
    let layout = rendering.layout
    self.file = file
    self.bytes = bytes
    width = rendering.canvas.width
    height = rendering.canvas.height
    size = layout.size
    limit = layout.limit.rawValue
    limitingLabel = layout.limitingLabelIndex.flatMap {
      layout.boxes.indices.contains($0) ? layout.boxes[$0].label : nil
    }
    boxHeight = layout.boxHeight
    cornerRadius = rendering.cornerRadius
    font = rendering.fontName
    freeType = rendering.freeTypeVersion
    warnings = rendering.warnings
    boxes = layout.boxes.map {
      Box(
        label: $0.label, text: $0.text, frame: $0.frame, idealWidth: $0.idealWidth, textOrigin: $0.textOrigin,
        ink: $0.inkBounds, truncated: $0.isTruncated)
    }
  }

}
