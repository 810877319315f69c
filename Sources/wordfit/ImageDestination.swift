import Foundation
import WordFit

/// Where `render` and `stack` write their image, and in which pixel format (decided once, from
/// `-o`'s ending: `.webp` a WebP, anything else a PNG): a file named by `-o`, standard output
/// (`-o -` or `-o /dev/stdout`, a PNG), or a default name that never replaces another
/// command's file.
struct ImageDestination {
  /// The path written, or `-` for standard output.
  var path: String
  /// The format written: ``OutputFormat/png`` or ``OutputFormat/webp``.
  var format = OutputFormat.png

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
    if let explicit, OutputFormat.image(endingOf: explicit) == .webp { format = .webp }
    try FileIdentity.refuseOverwriting(("output", path), inputs: inputs)
  }

  /// Writes `bytes` to the file (through a temporary file and a rename) or to standard output.
  func write(_ bytes: [UInt8]) throws {
    if isStandardOutput {
      do {
        try FileHandle.standardOutput.write(contentsOf: Data(bytes))
      } catch {
        throw WordFitError(.io, "cannot write the \(format.name) to standard output: \(error.localizedDescription)")
      }
    } else {
      try AtomicFile.write(bytes, to: path)
    }
  }

  /// `rendering` in the destination's format: its PNG (its own writer and resolution), or its
  /// WebP.
  func bytes(of rendering: any RenderedImage) throws -> [UInt8] {
    let settings = PNGSettings(encoder: rendering.preferredEncoder, dotsPerInch: rendering.preferredDotsPerInch)
    guard format != .png, let encoder = format.encoder(png: settings) else { return try rendering.pngData() }
    return try encoder.encode(rendering.canvas, metadata: rendering.metadata, dotsPerInch: settings.dotsPerInch)
  }

  /// Writes `rendering`'s image, prints its warnings and missing glyphs on standard error, then
  /// the JSON report (`json`, given the image's size in bytes) or the one-line `summary`.
  func deliver(
    _ rendering: any RenderedImage, json: ((Int) throws -> any Encodable)?, summary: @autoclosure () -> String
  ) throws {
    let png = try bytes(of: rendering)
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
