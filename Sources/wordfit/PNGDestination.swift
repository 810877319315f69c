import Foundation
import WordFit

/// Where `render` and `stack` write their PNG: a file named by `-o`, standard output (`-o -`
/// or `-o /dev/stdout`), or a default name that never replaces another command's file.
struct PNGDestination {
  /// The path written, or `-` for standard output.
  var path: String

  /// Whether the PNG goes to standard output (then the report line goes to standard error).
  var isStandardOutput: Bool { path == "-" }

  /// The destination for `-o` (`explicit`), or a default from `base` for the content `owner`.
  ///
  /// - Parameters:
  ///   - inputs: files the command reads; the output may not be one of them.
  ///   - printsJSON: whether `--json` wants standard output too.
  /// - Throws: ``WordFitError`` `.usage` when the output is an input, or both the PNG and the
  ///   JSON would go to standard output.
  init(
    explicit: String?, base: String, owner: (key: String, value: String), inputs: [(role: String, path: String)],
    printsJSON: Bool
  ) throws {
    if let explicit, ["-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"].contains(explicit) {
      guard !printsJSON else {
        throw WordFitError(.usage, "-o - and --json both write to standard output; write the PNG to a file")
      }
      path = "-"
      return
    }
    path = try explicit ?? DefaultOutputName.resolve(base: base, owner: owner)
    try FileIdentity.refuseOverwriting(("output", path), inputs: inputs)
  }

  /// Writes `png` to the file (through a temporary file and a rename) or to standard output.
  func write(_ png: [UInt8]) throws {
    if isStandardOutput {
      do {
        try FileHandle.standardOutput.write(contentsOf: Data(png))
      } catch {
        throw WordFitError(.io, "cannot write the PNG to standard output: \(error.localizedDescription)")
      }
    } else {
      try AtomicFile.write(png, to: path)
    }
  }

  /// Writes `rendering`'s PNG, prints its warnings and missing glyphs on standard error, then
  /// the JSON report (`json`, given the PNG's size in bytes) or the one-line `summary`.
  func deliver(
    _ rendering: any RenderedImage, json: ((Int) throws -> any Encodable)?, summary: @autoclosure () -> String
  ) throws {
    let png = try rendering.pngData()
    try write(png)
    for warning in rendering.warnings { Console.error("wordfit: warning: \(warning)") }
    Console.warnMissingGlyphs(rendering.missingCharacters, fontName: rendering.fontName)
    if let json {
      Console.outText(try Console.json(try json(png.count)))
    } else {
      report(summary())
    }
  }

  /// How reports name the destination: the path, or `standard output`.
  var name: String { isStandardOutput ? "standard output" : path }

  /// Prints the one-line report: on standard output, or standard error when the PNG went there.
  func report(_ line: String) {
    if isStandardOutput { Console.error(line) } else { Console.out(line) }
  }
}
