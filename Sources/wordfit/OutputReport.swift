import WordFit

/// What `render` and `stack` print once their output is written: the image's warnings and
/// missing glyphs on standard error, then the JSON report or the one-line summary (on standard
/// error when the image went to standard output).
enum OutputReport {
  /// Reports `rendering`, written to `output` as `bytes` bytes: `json` (given the size) with
  /// `--json`, else `summary`.
  static func report(
    _ rendering: any RenderedImage, to output: OutputRequest, bytes: Int, json: ((Int) throws -> any Encodable)?,
    summary: String
  ) throws {
    for warning in rendering.warnings { Console.error("wordfit: warning: \(warning)") }
    Console.warnMissingGlyphs(rendering.missingCharacters, fontName: rendering.fontName)
    if let json {
      Console.outText(try Console.json(try json(bytes)))
    } else {
      line(summary, for: output)
    }
  }

  /// Prints a one-line report: on standard output, or standard error when the image went there.
  static func line(_ text: String, for output: OutputRequest) {
    if output.isStandardOutput { Console.error(text) } else { Console.out(text) }
  }

  /// Writes `rendering`'s pixels to `output` (named from `base` when it has no name yet) in
  /// its format, with the image's own PNG writer and resolution; returns where it went and how
  /// many bytes.
  static func deliverPixels(
    _ rendering: any RenderedImage, to output: OutputRequest, base: String, inputs: [(role: String, path: String)]
  ) throws -> (output: OutputRequest, bytes: Int) {
    let named = try output.named(base: base, owner: rendering.contentChunk, inputs: inputs)
    let settings = PNGSettings(encoder: rendering.preferredEncoder, dotsPerInch: rendering.preferredDotsPerInch)
    return (named, try named.deliver(pixels: rendering.canvas, metadata: rendering.metadata, png: settings))
  }
}
