import WordFit

/// Where `render` and `stack` write an SVG: a file named by `-o` ending in `.svg` (never an
/// input, written through a temporary file and a rename).
enum SVGDestination {
  /// Whether `output` asks for an SVG (its name ends in `.svg`, any case).
  static func isSVG(_ output: String?) -> Bool {
    output?.lowercased().hasSuffix(".svg") ?? false
  }

  /// Writes `svg` to `path`, unless `path` is one of `inputs`.
  ///
  /// - Throws: ``WordFitError`` `.usage` when the output is an input, `.io` when it cannot be
  ///   written.
  static func write(_ svg: [UInt8], to path: String, inputs: [(role: String, path: String)]) throws {
    try FileIdentity.refuseOverwriting(("SVG", path), inputs: inputs)
    try AtomicFile.write(svg, to: path)
  }

  /// Writes `svg` to `path` (as ``write(_:to:inputs:)``), prints `rendering`'s warnings and
  /// missing glyphs on standard error, then the JSON report (`json`, given the SVG's size in
  /// bytes) or the one-line `summary`.
  static func deliver(
    _ svg: [UInt8], to path: String, inputs: [(role: String, path: String)], rendering: any RenderedImage,
    json: ((Int) throws -> any Encodable)?, summary: String
  ) throws {
    try write(svg, to: path, inputs: inputs)
    for warning in rendering.warnings { Console.error("wordfit: warning: \(warning)") }
    Console.warnMissingGlyphs(rendering.missingCharacters, fontName: rendering.fontName)
    if let json {
      Console.outText(try Console.json(try json(svg.count)))
    } else {
      Console.out(summary)
    }
  }
}
