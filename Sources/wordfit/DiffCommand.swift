import Foundation
import WordFit

/// `wordfit diff`: compare two PNGs the way pixelmatch and Playwright do.
enum DiffCommand {
  /// What `diff` is asked.
  struct Input {
    var tolerance = ToleranceOverrides()
    var diffImage: String?
    var json = false
    var maximumPixels = InputLimits.decodedPixels
  }

  static let options: [Option<Input>] =
    ToleranceOptions.options.map { $0.lifted(\Input.tolerance) } + [
      ToleranceOptions.maximumPixels(\.maximumPixels),
      .value(
        "diff", "OUT.png", \.diffImage, as: .string,
        help:
          "Write a diff image: faded expected, differences red, anti-aliasing yellow (PNG, or WebP for a .webp name)."
      ),
      .flag("json", \.json, help: "Print the result as JSON."),
    ]

  static let command = Command(
    name: "diff", abstract: "Compare two PNGs (pixelmatch semantics); exit 1 when they differ.",
    usage: "wordfit diff EXPECTED.png ACTUAL.png [options]",
    discussion: """
      A pixel differs when its YIQ distance exceeds 35215 × threshold² (both pixels blended over white when \
      not opaque); anti-aliased pixels are excused unless --include-aa. The images pass when the differing \
      pixels are at most min(--max-diff-pixels, --max-diff-ratio × pixels) and no channel moved more than \
      --max-channel-delta. 16-bit PNGs are reduced to 8 bits and palettes expanded before comparing.
      Exit status: 0 pass, 1 differ, 64 usage, 65 unreadable PNG or different dimensions, 66 missing file, 74 write error.
      """,
    options: options, run: run)

  static func run(_ parsed: ParsedCommandLine<Input>) throws -> Int32 {
    guard parsed.positionals.count == 2 else {
      throw WordFitError(.usage, "diff takes two PNG files, EXPECTED and ACTUAL; see 'wordfit diff --help'")
    }
    var input = Input()
    try parsed.apply(to: &input)
    let tolerance = input.tolerance.applied(to: ComparisonTolerance())
    try tolerance.validate()
    let (expectedPath, actualPath) = (parsed.positionals[0], parsed.positionals[1])
    let diffOutput = try input.diffImage.map {
      try diffImageOutput(
        $0, json: input.json, inputs: [("expected image", expectedPath), ("actual image", actualPath)])
    }
    let expected = try PNGCodec.read(contentsOf: expectedPath, maximumPixels: input.maximumPixels)
    let actual = try PNGCodec.read(contentsOf: actualPath, maximumPixels: input.maximumPixels)
    let comparison = ImageComparator.compare(
      expected: expected.canvas, actual: actual.canvas, tolerance: tolerance, makeDiffImage: input.diffImage != nil)
    if let diffOutput, let image = comparison.diffImage {
      try diffOutput.deliver(pixels: image, metadata: [], png: PNGSettings())
    }
    if input.json {
      Console.outText(
        try Console.json(DiffReport(comparison, expected: expectedPath, actual: actualPath, diff: input.diffImage)))
    }
    guard comparison.dimensionsMatch else {
      let message =
        "\(actualPath) is \(actual.canvas.width)x\(actual.canvas.height) but \(expectedPath) is \(expected.canvas.width)x\(expected.canvas.height); images of different dimensions never match"
      if !input.json { Console.error("wordfit: error: \(message)") }
      return 65
    }
    if !input.json { Console.out(DiffReport.summary(comparison)) }
    return comparison.passed ? 0 : 1
  }

  /// The diff image's output, decided as `render`'s is: its ending picks PNG or WebP (a diff is
  /// pixels, so an SVG is refused), `-` is standard output (not beside `--json`), and it is
  /// never one of the images compared.
  private static func diffImageOutput(_ path: String, json: Bool, inputs: [(role: String, path: String)]) throws
    -> OutputRequest
  {
    var asked = OutputRequest.Asked(path: path)
    asked.role = "diff image"
    let output = try OutputRequest(asked, inputs: inputs)
    guard !(json && output.isStandardOutput) else {
      throw WordFitError(.usage, "--diff - and --json both write to standard output; write the diff image to a file")
    }
    if let file = output.path { try AtomicFile.checkDestination(file) }
    guard output.format.source == .pixels else {
      throw WordFitError(.usage, "--diff \(path): a diff image is pixels; name a .png or .webp file")
    }
    return output
  }
}

/// The JSON and the summary line of `wordfit diff`.
struct DiffReport: Encodable {
  struct Tolerance: Encodable {
    var threshold: Double
    var includeAA: Bool
    var maxDiffPixels: Int?
    var maxDiffRatio: Double?
    var maxChannelDelta: Int?
  }

  var expected: String
  var actual: String
  var diff: String?
  var passed: Bool
  var dimensionsMatch: Bool
  var width: Int
  var height: Int
  var differingPixels: Int
  var differingRatio: Double
  var antiAliasedPixels: Int
  var maxChannelDelta: Int
  var bounds: PixelBox?
  var allowedDifferingPixels: Int
  var tolerance: Tolerance

  init(_ comparison: ImageComparison, expected: String, actual: String, diff: String?) {
    self.expected = expected
    self.actual = actual
    self.diff = comparison.diffImage == nil ? nil : diff
    passed = comparison.passed
    dimensionsMatch = comparison.dimensionsMatch
    width = comparison.width
    height = comparison.height
    differingPixels = comparison.differingPixels
    differingRatio = comparison.differingRatio
    antiAliasedPixels = comparison.antiAliasedPixels
    maxChannelDelta = comparison.maxChannelDelta
    bounds = comparison.differenceBounds
    allowedDifferingPixels = comparison.allowedDifferingPixels
    let t = comparison.tolerance
    tolerance = Tolerance(
      threshold: t.threshold, includeAA: t.includesAntiAliasing, maxDiffPixels: t.maxDiffPixels,
      maxDiffRatio: t.maxDiffRatio,
      maxChannelDelta: t.maxChannelDelta)
  }

  static func summary(_ comparison: ImageComparison) -> String {
    let t = comparison.tolerance
    var tolerance = "threshold \(t.threshold)"
    tolerance +=
      t.includesAntiAliasing
      ? ", anti-aliasing counted" : ", \(comparison.antiAliasedPixels) anti-aliased pixels excused"
    if let cap = t.maxChannelDelta { tolerance += ", channel delta ≤ \(cap) (max seen \(comparison.maxChannelDelta))" }
    let percent = String(format: "%.4f%%", comparison.differingRatio * 100)
    if comparison.passed {
      return
        "pass: \(comparison.differingPixels) of \(comparison.width * comparison.height) pixels differ (\(percent)), allowed \(comparison.allowedDifferingPixels); \(tolerance)"
    }
    let box = comparison.differenceBounds.map { " in \($0.summary)" } ?? ""
    return
      "differ: \(comparison.differingPixels) of \(comparison.width * comparison.height) pixels (\(percent))\(box), allowed \(comparison.allowedDifferingPixels); \(tolerance)"
  }

}
