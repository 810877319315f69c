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
}
