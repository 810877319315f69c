import WordFit

/// The one line `wordfit` prints for an error: the library's message, with the parameter it
/// concerns named the way the user gave it (a flag, or a spec file's key).
enum ErrorReport {
  /// The options given on this command line (long names), recorded by the parser, so a
  /// parameter that came from a spec file is named by its key rather than by a flag.
  nonisolated(unsafe) static var givenOptions: Set<String> = []

  /// The line after `wordfit: error: `.
  static func line(for error: WordFitError) -> String {
    switch error.reason {
    case .outOfRange(let parameter, _, _), .notOneOf(let parameter, _, _), .malformed(let parameter, _, _):
      if parameter == .labels, error.message.hasPrefix("no labels") {
        return "no labels; give at least one --label, a --labels file or \"labels\" in the spec"
      }
      guard error.message.hasPrefix(parameter.name + " ") else { return error.message }
      return name(of: parameter) + error.message.dropFirst(parameter.name.count)
    case .doesNotFit:
      return error.message
        .replacingOccurrences(of: "(overflow policy fail)", with: "(--overflow fail)")
        .replacingOccurrences(
          of: "a smaller minimum scale factor or the truncate policy",
          with: "a smaller --min-scale or --overflow truncate"
        )
        .replacingOccurrences(of: "(the truncate overflow policy keeps", with: "(--overflow truncate keeps")
    case .other:
      return error.message
    }
  }

  /// How the user named `parameter`: `--flag` when given on the command line (or when it has
  /// no spec key), else `spec key 'key'`.
  static func name(of parameter: Parameter) -> String {
    let flag = flags[parameter] ?? parameter.rawValue
    if givenOptions.contains(flag) || givenOptions.isEmpty { return "--" + flag }
    if givenOptions.contains("spec"), let key = parameter.specKey { return "spec key '\(key)'" }
    return "--" + flag
  }

  /// Each parameter's long option name.
  static let flags: [Parameter: String] = [
    .text: "text", .labels: "label", .canvas: "canvas", .font: "font", .faceIndex: "face-index", .weight: "weight",
    .style: "style", .maximumSize: "max-size", .minimumScale: "min-scale", .sizing: "sizing", .overflow: "overflow",
    .alignment: "align", .verticalAlignment: "valign", .textAlignment: "text-align", .insets: "insets",
    .spacing: "spacing", .padding: "padding", .radius: "radius", .shape: "shape", .fill: "fill", .foreground: "fg",
    .background: "bg", .appearance: "appearance", .width: "width", .stylePreset: "style-preset", .fallback: "fallback",
    .language: "language", .variations: "variations", .dynamicType: "dynamic-type", .scale: "scale",
    .minimumLegible: "min-legible", .failOn: "fail-on", .sheet: "sheet", .bleed: "bleed", .jobs: "jobs",
    .column: "column", .colorsBy: "colors-by", .colors: "colors", .nameTemplate: "name-template",
    .contactSheetCount: "contact-count", .dotsPerInch: "dpi", .shard: "shard", .delimiter: "delimiter",
    .outputDirectory: "out", .manifest: "manifest", .contactSheet: "contact-sheet", .maximumPixels: "max-pixels",
    .threshold: "threshold", .maxDiffPixels: "max-diff-pixels", .maxDiffRatio: "max-diff-ratio",
    .maxChannelDelta: "max-channel-delta", .recordMode: "record",
  ]
}
