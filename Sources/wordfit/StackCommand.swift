import Foundation
import WordFit

/// `wordfit stack`: labels in equal-width boxes, one common size, as a PNG.
enum StackCommand {
  /// What `stack` is asked.
  struct Input {
    var spec = StackSpec(labels: [])
    var labels: [String] = []
    var labelsFile: String?
    var output: String?
    var specFile: String?
    var json = false
  }

  static let options: [Option<Input>] =
    [
      .repeated("label", short: "l", "TEXT", \.labels, help: "A label; repeat for each box, top to bottom."),
      .value(
        "labels", "FILE", \.labelsFile, as: .string,
        help: "Read labels from a UTF-8 file, one per line ('-': standard input)."),
      .value(
        "output", short: "o", "FILE", \.output, as: .string,
        help:
          "PNG to write, or - for standard output (default: named from the labels); a name ending in .webp writes a lossless WebP, one ending in .svg an SVG."
      ),
      RenderCommand.specOption(
        \.specFile, \.spec, load: StackSpec.load(contentsOf:),
        help: "Read the stack from a JSON spec; options given here override it."),
    ]
    + specOptions.map { $0.lifted(\Input.spec) }
    + [.flag("json", \.json, help: "Print the layout as JSON on standard output.")]

  /// The options that set the stack spec.
  static let specOptions: [Option<StackSpec>] =
    [
      .value(
        .stylePreset, "bordered-prominent|plain", \.stylePreset, as: .choice,
        help: "Box look (default bordered-prominent)."),
      .value(
        .width, "equal|fill|ideal", \.width, as: .choice,
        help: "Box widths: widest label, canvas width, own label (default equal)."),
    ]
    + LayoutOptions.options(defaults: .stack, align: "Where boxes sit across the canvas (default center).")
    .map {
      $0.lifted(\StackSpec.fields)
    }
    + [
      .value(
        .textAlign, "leading|center|trailing", \.textAlign, as: .choice,
        help: "Where a label sits in its box (default center)."),
      .value(
        .spacing, "PX", \.spacing, as: .integer(),
        help: "Space between boxes (default 8 pt: 16 px on watches, 8 px on WxH)."),
      .value(
        .padding, "PX[,PX]", \.padding, as: .pixels,
        help: "Box padding: all, or vertical,horizontal (default: preset)."),
      .value(
        .boxShape, "capsule|rounded|rectangle", \.boxShape, as: .string,
        help: "Box shape (default: preset and canvas); --shape is the screen's."),
      .value(
        .radius, "PX", \.radius, as: .number,
        help: "Corner radius; above half the box height it is clamped, with a warning."),
      .value(
        .fill, "COLOR[,COLOR…]", \.fill, as: .list,
        help: "Box fill, or a list cycled over the boxes (default: preset)."),
      .value(
        .scroll, "K", \.scroll, as: .integer(),
        help:
          "Draw the labels as a Wear OS list (round screens) scrolled to K positions, 1…\(ScrollRendering.maximumPositions), top to end, side by side: items scaled and faded near the edges as TransformingLazyColumn does, and the labels the round screen cuts named."
      ),
      .flag(
        .reduceMotion, \.reduceMotion, help: "With --scroll: the list as under Reduce Motion (no scaling or fading)."),
    ]

  static let command = Command(
    name: "stack", abstract: "Stack labelled boxes (buttons) of equal width at one common size and write a PNG.",
    usage: "wordfit stack (--label TEXT … | --labels FILE | --spec FILE) [options]",
    discussion:
      "Colours: #RRGGBB, #RRGGBBAA, or \(Color.namedColors.map(\.name).joined(separator: ", ")). Exit status: 0 written, 64 usage, 65 bad data, 66 missing input, 74 write error.",
    options: options, run: run)

  static func run(_ parsed: ParsedCommandLine<Input>) throws -> Int32 {
    guard parsed.positionals.isEmpty else {
      throw WordFitError(
        .usage,
        "stack takes labels through --label or --labels, not '\(parsed.positionals[0])'; see 'wordfit stack --help'")
    }
    var input = Input()
    try parsed.apply(to: &input)
    if let labels = try labels(input) { input.spec.labels = labels }
    let spec = input.spec
    let inputs =
      [("labels file", input.labelsFile), ("spec file", input.specFile)]
      .compactMap { role, path in path.map { (role: role, path: $0) } } + spec.inputFiles
    if spec.fields.edgeButton != nil { return try runEdgeButtons(input, inputs: inputs) }
    if spec.scroll != nil { return try runScroll(input, inputs: inputs) }
    var asked = OutputRequest.Asked(path: input.output)
    asked.printsJSON = input.json
    let output = try OutputRequest(asked, inputs: inputs)
    let base = Slug.make(from: spec.labels.joined(separator: " "), fallback: "stack")
    let rendering: StackRendering
    let written: (output: OutputRequest, bytes: Int)
    if output.format.source == .drawing {
      let drawn = try StackRenderer().renderDrawn(spec)
      (rendering, written) = (drawn.rendering, (output, try output.deliver(drawing: drawn.drawing)))
    } else {
      rendering = try StackRenderer().render(spec)
      written = try OutputReport.deliverPixels(rendering, to: output, base: base, inputs: inputs)
    }
    let file = written.output.name
    try OutputReport.report(
      rendering, to: written.output, bytes: written.bytes,
      json: input.json ? { StackReport(rendering, file: file, bytes: $0) } : nil,
      summary: StackReport.summary(rendering, file: file))
    return 0
  }

  /// `stack --edge-button H`: each label on its own screen's edge button, written as one PNG,
  /// with which labels fit.
  static func runEdgeButtons(_ input: Input, inputs: [(role: String, path: String)]) throws -> Int32 {
    try writeStrip(
      input, inputs: inputs,
      refusal:
        "stack --edge-button writes a PNG or a WebP, not '\(input.output ?? "")'; name a .png or a .webp (or use render --edge-button for an SVG)",
      render: { try StackRenderer().renderEdgeButtons(input.spec) },
      json: { EdgeButtonReport($0, file: $1, bytes: $2) }, summary: EdgeButtonReport.summary)
  }

  /// `stack --scroll K`: the labels as a Wear OS list at K scroll positions, written as one
  /// image, with the labels the round screen cuts.
  static func runScroll(_ input: Input, inputs: [(role: String, path: String)]) throws -> Int32 {
    try writeStrip(
      input, inputs: inputs,
      refusal: "stack --scroll writes a PNG or a WebP, not '\(input.output ?? "")'; name a .png or a .webp",
      suffix: "-scroll", render: { try StackRenderer().renderScroll(input.spec) },
      json: { ScrollReport($0, file: $1, bytes: $2) }, summary: ScrollReport.summary)
  }

  /// Writes a strip of screens side by side (`--edge-button`, `--scroll`): pixels only (else
  /// `refusal`, before anything is drawn), named from the labels and `suffix` unless `-o` names
  /// it, then reported.
  static func writeStrip<Strip: RenderedImage>(
    _ input: Input, inputs: [(role: String, path: String)], refusal: WordFitError.Message, suffix: String = "",
    render: () throws -> Strip, json: @escaping (Strip, String, Int) -> any Encodable,
    summary: (Strip, String) -> String
  ) throws -> Int32 {
    var asked = OutputRequest.Asked(path: input.output)
    asked.printsJSON = input.json
    let output = try OutputRequest(asked, inputs: inputs)
    guard output.format.source == .pixels else { throw WordFitError(.usage, refusal) }
    let strip = try render()
    let written = try OutputReport.deliverPixels(
      strip, to: output, base: Slug.make(from: input.spec.labels.joined(separator: " "), fallback: "stack") + suffix,
      inputs: inputs)
    let file = written.output.name
    try OutputReport.report(
      strip, to: written.output, bytes: written.bytes, json: input.json ? { json(strip, file, $0) } : nil,
      summary: summary(strip, file))
    return 0
  }

  /// Labels from `--label` or `--labels FILE` (`-` for standard input), or `nil` when neither.
  static func labels(_ input: Input) throws -> [String]? {
    if let path = input.labelsFile {
      guard input.labels.isEmpty else { throw WordFitError(.usage, "give labels with --label or --labels, not both") }
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
    return input.labels.isEmpty ? nil : input.labels
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
    /// The width the box had to fit in: the available width, or its chord on a shaped screen.
    var availableWidth: Int
    /// A wrapped label's lines (absent for a label on one line).
    var lines: [String]?
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
  /// The screen's outline: `rect`, `circle` or `rounded:R`.
  var shape: String
  var font: String
  var freeType: String
  var warnings: [String]
  var boxes: [Box]

  /// One line for a person: what was written, the boxes, the size and what limited it.
  static func summary(_ rendering: StackRendering, file: String) -> String {
    let layout = rendering.layout
    let limiting = layout.limitingLabelIndex.flatMap {
      layout.fit.words.indices.contains($0) ? layout.fit.words[$0] : nil
    }
    let why = layout.limit.phrase(limitingText: limiting, lineCount: layout.boxes.count, lineNoun: "box")
    let boxSize = layout.boxes.first.map { "\($0.frame.width)x\($0.frame.height)" } ?? ""
    var line =
      "wrote \(file) (\(rendering.canvas.width)x\(rendering.canvas.height), \(layout.boxes.count) boxes \(boxSize), \(TextFormatting.pixels(layout.size)) px, limited by \(why))"
    let truncated = layout.boxes.filter(\.isTruncated).count + layout.labelCount - layout.boxes.count
    if truncated > 0 { line += "; \(truncated) label\(truncated == 1 ? "" : "s") truncated" }
    return line
  }

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
    shape = rendering.shape.description
    font = rendering.fontName
    freeType = rendering.freeTypeVersion
    warnings = rendering.warnings
    boxes = layout.boxes.map {
      Box(
        label: $0.label, text: $0.text, frame: $0.frame, idealWidth: $0.idealWidth, textOrigin: $0.textOrigin,
        ink: $0.inkBounds, truncated: $0.isTruncated, availableWidth: $0.availableWidth,
        lines: $0.lines.isEmpty ? nil : $0.lines.map(\.text))
    }
  }

}
