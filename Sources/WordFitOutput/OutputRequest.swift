import Foundation
import WordFitArchive
import WordFitCore
import WordFitDrawing
import WordFitImage

/// Where an output goes and in which format, decided once from what was asked (an output path
/// and its ending, a PDF, a label printer, a batch's folder or archive). One image — a text, a
/// stack or a badge — is written by ``deliver(pixels:metadata:png:)`` or ``deliver(drawing:)``:
/// to a file through a temporary file and a rename and never over an input, standard output, a
/// default name that never replaces another command's file, or a CUPS queue. A batch's files go
/// to a ``Destination/folder(_:)`` or an ``Destination/archive(_:_:)`` (``rows(into:archive:format:shard:)``),
/// its document to a PDF file and its print sheets to a folder: each named here, each written
/// by the batch's sink for it.
public struct OutputRequest: Sendable, Equatable {
  /// Where the bytes go.
  public enum Destination: Sendable, Equatable {
    /// A file the user named.
    case file(String)
    /// No name given: a default one is chosen once the content is known (``named(base:owner:inputs:)``).
    case unnamed
    /// A name chosen for the user (``DefaultOutputName``): free, or an earlier render of the
    /// same content.
    case defaultName(String)
    /// Standard output.
    case standardOutput
    /// A CUPS queue, handed the job (the format names the printer).
    case queue(String)
    /// A folder of files, one a row or a page, each named by what writes it.
    case folder(String)
    /// An archive of files, one a row, in `ArchiveFormat` (`-`: a tar on standard output).
    case archive(String, ArchiveFormat)
  }

  /// What an output is asked for, before it is decided.
  public struct Asked: Sendable {
    /// The output path (`-`, `/dev/stdout` …: standard output), or `nil` for a default name.
    public var path: String?
    /// A one-page PDF instead, at this path.
    public var pdf: String? = nil
    /// A label printer's job instead.
    public var printer: LabelPrinter? = nil
    /// Whether a bleed is asked for (a PNG's or a PDF's; refused with an SVG or a printer).
    public var hasBleed = false
    /// Whether a JSON report also wants standard output.
    public var printsJSON = false
    /// How a refusal names the output (`preview sheet`, `diff image`); `nil`: by its format
    /// (`output`, `SVG`, `PDF`, `printer job`).
    public var role: String? = nil

    /// What `path` asks for.
    public init(path: String?) { self.path = path }
  }

  /// Where the bytes go.
  public var destination: Destination
  /// The format they are in.
  public var format: OutputFormat

  /// The names that mean standard output.
  public static let standardOutputNames: Set<String> = ["-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"]

  /// Decides the output `asked` names: a printer's job with a printer (to the path, standard
  /// output, or its CUPS queue), a PDF with a PDF path, else the image format of the path's
  /// ending (`.svg`, `.webp`; anything else a PNG), or a PNG under a default name from
  /// ``Destination/unnamed`` when no path is given. No file output may be one of `inputs`.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the parameters that cannot go together: a PDF
  ///   or a bleed with a printer, a path with a CUPS queue, a PDF on standard output, a bleed
  ///   with an SVG, an image and JSON both on standard output, an output that is an input.
  public init(_ asked: Asked, inputs: [(role: String, path: String)]) throws {
    if let printer = asked.printer {
      self = try Self.printerJob(printer, asked: asked)
    } else if let pdf = asked.pdf {
      guard pdf != "-" else {
        throw WordFitError(.usage, "the PDF cannot go to standard output; give it a file name such as badge.pdf")
      }
      self.init(destination: .file(pdf), format: .pdf)
    } else if let path = asked.path, Self.standardOutputNames.contains(path) {
      guard !asked.printsJSON else {
        throw WordFitError(
          .usage,
          "\(Parameter.output) - and \(Parameter.json) both write to standard output; write the image to a file")
      }
      self.init(destination: .standardOutput, format: .png)
    } else if let path = asked.path {
      self.init(destination: .file(path), format: OutputFormat.image(endingOf: path) ?? .png)
    } else {
      self.init(destination: .unnamed, format: .png)
    }
    guard !asked.hasBleed || format == .png || format == .webp || format == .pdf else {
      throw WordFitError(.usage, "\(Parameter.bleed) goes with a PNG or a PDF, not an \(format.name)")
    }
    if let path { try FileIdentity.refuseOverwriting((asked.role ?? role, path), inputs: inputs) }
  }

  /// An output of `format` to `destination`.
  public init(destination: Destination, format: OutputFormat) {
    self.destination = destination
    self.format = format
  }

  /// A printer's job: to the path, standard output, or the CUPS queue the printer names.
  private static func printerJob(_ printer: LabelPrinter, asked: Asked) throws -> OutputRequest {
    guard asked.pdf == nil, !asked.hasBleed else {
      throw WordFitError(
        .usage, "\(Parameter.printer) writes the printer's job alone: drop \(Parameter.bleed) and \(Parameter.pdf)")
    }
    if case .cups(let queue, _) = printer {
      if let path = asked.path {
        throw WordFitError(
          .usage,
          "cups:\(queue) hands the badge to CUPS, not to \(path); drop \(Parameter.output), or give \(Parameter.printer) without cups:"
        )
      }
      return OutputRequest(destination: .queue(queue), format: .printer(printer))
    }
    guard let path = asked.path, !standardOutputNames.contains(path) else {
      return OutputRequest(destination: .standardOutput, format: .printer(printer))
    }
    return OutputRequest(destination: .file(path), format: .printer(printer))
  }

  /// This request with its default name chosen, when it has none: the first of `base.png`,
  /// `base-2.png` … that is free or an earlier render of the same content (`owner`, a PNG text
  /// chunk), never one of `inputs`.
  ///
  /// - Throws: ``WordFitError`` `.io` when no name is free; `.usage` when the name is an input.
  public func named(base: String, owner: (key: String, value: String), inputs: [(role: String, path: String)])
    throws -> OutputRequest
  {
    guard destination == .unnamed else { return self }
    let path = try DefaultOutputName.resolve(base: base, owner: owner)
    try FileIdentity.refuseOverwriting((role, path), inputs: inputs)
    return OutputRequest(destination: .defaultName(path), format: format)
  }

  /// The file, folder or archive written, or `nil` for standard output, a queue, or a name not
  /// chosen yet.
  public var path: String? {
    switch destination {
    case .file(let path), .defaultName(let path), .folder(let path): path
    case .archive(let path, _): OutputRequest.standardOutputNames.contains(path) ? nil : path
    case .unnamed, .standardOutput, .queue: nil
    }
  }

  /// Whether the bytes go to standard output (a report line then goes to standard error).
  public var isStandardOutput: Bool {
    switch destination {
    case .standardOutput: true
    case .archive(let path, _): OutputRequest.standardOutputNames.contains(path)
    case .file, .defaultName, .unnamed, .queue, .folder: false
    }
  }

  /// How reports name the destination: the path, `standard output`, or `CUPS queue Q`.
  public var name: String {
    switch destination {
    case .file(let path), .defaultName(let path), .folder(let path): path
    case .archive(let path, _): OutputRequest.standardOutputNames.contains(path) ? "standard output" : path
    case .unnamed: "a default name"
    case .standardOutput: "standard output"
    case .queue(let queue): "CUPS queue \(queue)"
    }
  }

  /// How refusals name the output: `output` for an image, else its format (`SVG`, `PDF`,
  /// `printer job`).
  private var role: String {
    switch format {
    case .png, .webp: "output"
    case .svg, .pdf: format.name
    case .printer: "printer job"
    }
  }

  /// Encodes `canvas` (with its PNG text chunks `metadata`) in this pixel format and writes
  /// it; returns the bytes' count. `png` are the PNG writer's settings (its encoder and
  /// resolution).
  ///
  /// - Throws: ``WordFitError`` `.usage` for a format made from the drawing; as the encoder;
  ///   `.io` when the bytes cannot be written.
  /// - Complexity: O(*width* × *height*).
  @discardableResult
  public func deliver(pixels canvas: Canvas, metadata: [(key: String, value: String)], png: PNGSettings) throws -> Int {
    guard let encoder = format.encoder(png: png) else {
      throw WordFitError(.usage, "an \(format.name) is painted from the drawing, not encoded from pixels")
    }
    let bytes = try encoder.encode(canvas, metadata: metadata, dotsPerInch: png.dotsPerInch)
    try write(bytes)
    return bytes.count
  }

  /// Paints `drawing` as this vector format (an SVG) and writes it; returns the bytes' count.
  ///
  /// - Throws: ``WordFitError`` `.usage` for another format; as the painter; `.io` when the
  ///   bytes cannot be written.
  /// - Complexity: O(*n*) for *n* marks and their outlines.
  @discardableResult
  public func deliver(drawing: Drawing) throws -> Int {
    guard format == .svg else {
      throw WordFitError(.usage, "this output paints SVGs; a \(format.name) is written by its own writer")
    }
    let bytes = try drawing.svg()
    try write(bytes)
    return bytes.count
  }

  /// Writes `bytes` to the file (through a temporary file and a rename) or standard output.
  ///
  /// - Throws: ``WordFitError`` `.io`; `.usage` for a CUPS queue, which takes jobs, not files,
  ///   and for a folder or an archive, which take named files.
  public func write(_ bytes: [UInt8]) throws {
    switch destination {
    case .file(let path), .defaultName(let path):
      try AtomicFile.write(bytes, to: path)
    case .standardOutput:
      do {
        try FileHandle.standardOutput.write(contentsOf: Data(bytes))
      } catch {
        throw WordFitError(.io, "cannot write the \(format.name) to standard output: \(error.localizedDescription)")
      }
    case .unnamed:
      throw WordFitError(.usage, "the output has no name yet; choose it from the content first")
    case .queue(let queue):
      throw WordFitError(.usage, "CUPS queue \(queue) takes a job through its printer, not a file")
    case .folder(let path), .archive(let path, _):
      throw WordFitError(.usage, "\(path) holds a file a row, each written under its own name; name the file")
    }
  }
}
