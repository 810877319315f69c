import WordFit

/// The tolerance options `diff` and `check` share, with pixelmatch's and Playwright's meanings.
enum ToleranceOptions {
  static let specs: [OptionSpec] = [
    OptionSpec(
      names: ["threshold"], value: "T", help: "YIQ colour distance threshold, 0…1 (default 0.1; 0 counts any change)."),
    OptionSpec(names: ["include-aa"], help: "Count anti-aliased pixels as differences (default: excused)."),
    OptionSpec(names: ["max-diff-pixels"], value: "N", help: "Differing pixels allowed (default 0)."),
    OptionSpec(
      names: ["max-diff-ratio"], value: "R",
      help: "Differing pixels allowed as a ratio 0…1 of all pixels (not a percentage)."),
    OptionSpec(
      names: ["max-channel-delta"], value: "D",
      help: "Fail if any pixel's channel moved more than D (0…255), whatever the count."),
    OptionSpec(
      names: ["max-pixels"], value: "N",
      help: "Refuse PNGs that decode to more than N pixels (default 67108864, i.e. 8192x8192)."),
  ]

  /// `--max-pixels`, or the default limit.
  static func maximumPixels(_ parsed: CommandLineArguments) throws -> Int {
    guard let value = try parsed.integer("max-pixels") else { return InputLimits.decodedPixels }
    let range = 1...(CanvasSize.maximumSide * CanvasSize.maximumSide)
    guard range.contains(value) else {
      throw WordFitError(.usage, "--max-pixels \(value) is out of range; use \(range.lowerBound)…\(range.upperBound)")
    }
    return value
  }

  /// The tolerance options given on the command line.
  static func overrides(_ parsed: CommandLineArguments) throws -> ToleranceOverrides {
    ToleranceOverrides(
      threshold: try parsed.number("threshold"), includeAA: parsed.has("include-aa") ? true : nil,
      maxDiffPixels: try parsed.integer("max-diff-pixels"), maxDiffRatio: try parsed.number("max-diff-ratio"),
      maxChannelDelta: try parsed.integer("max-channel-delta"))
  }
}
