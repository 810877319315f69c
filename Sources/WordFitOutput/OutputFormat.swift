import Foundation
import WordFitCore
import WordFitDrawing
import WordFitImage

/// The format an output is written in, decided once — from a path's ending, `--format` or
/// `--printer` — and asked everything that depends on it: its file ending, whether it is made
/// from pixels or from the drawing, how its bytes are made, and whether a file is one WordFit
/// wrote in it. A new format is a case here; the compiler then lists every answer it needs.
public enum OutputFormat: Sendable, Equatable {
  /// PNG: pixels, WordFit's own writer (``PNGCodec``), text chunks and `pHYs` recorded.
  case png
  /// WebP, lossless: pixels (``WebPImageEncoder``).
  case webp
  /// SVG: the drawing, glyph outlines with the text kept for search (``Drawing/svg()``).
  case svg
  /// PDF: the drawing as a page (``PDFDocument``).
  case pdf
  /// A label printer's job (ZPL, Brother QL raster, or a CUPS queue): pixels as 1-bit dots.
  case printer(LabelPrinter)

  /// What an output is made from.
  public enum Source: Sendable, Equatable {
    /// The rasterised canvas.
    case pixels
    /// The display list, painted as vectors.
    case drawing
  }

  /// The image formats a path's ending or `--format` may name.
  public static let imageFormats: [OutputFormat] = [.png, .webp, .svg]

  /// What this format is made from.
  public var source: Source {
    switch self {
    case .png, .webp, .printer: .pixels
    case .svg, .pdf: .drawing
    }
  }

  /// The file name ending, without the dot (a printer's job: its language's, `zpl`, `bin`).
  public var fileExtension: String {
    switch self {
    case .png: "png"
    case .webp: "webp"
    case .svg: "svg"
    case .pdf: "pdf"
    case .printer(let printer): printer.fileExtension
    }
  }

  /// How reports name it: `PNG`, `WebP`, `ZPL` …
  public var name: String {
    switch self {
    case .png: "PNG"
    case .webp: "WebP"
    case .svg: "SVG"
    case .pdf: "PDF"
    case .printer(let printer): printer.languageName
    }
  }

  /// The image format whose ending `path` has (`.png`, `.webp`, `.svg`, any case), or `nil`.
  public static func image(endingOf path: String) -> OutputFormat? {
    let ending = PathText.pathExtension(path).lowercased()
    return imageFormats.first { $0.fileExtension == ending }
  }

  /// Parses an image format's name (`png`, `webp`, `svg`).
  ///
  /// - Throws: ``WordFitError`` `.usage` naming ``Parameter/format`` and the choices.
  public static func parseImage(_ text: String) throws -> OutputFormat {
    try parse(text, among: imageFormats, naming: .format)
  }

  /// The one of `formats` whose ending is `text` (any case).
  ///
  /// - Throws: ``WordFitError`` `.usage` naming `parameter` and the choices.
  public static func parse(_ text: String, among formats: [OutputFormat], naming parameter: Parameter) throws
    -> OutputFormat
  {
    guard let format = formats.first(where: { $0.fileExtension == text.lowercased() }) else {
      throw WordFitError.notOneOf(parameter, text, choices: formats.map(\.fileExtension))
    }
    return format
  }

  /// Whether the regular file at `path` is one WordFit wrote in this format, so that a rerun
  /// may replace it (a photo or a logo under a row's name never is).
  ///
  /// - Complexity: reads at most 256 KiB of the file.
  public func isWordFitFile(atPath path: String) -> Bool {
    switch self {
    case .png: PNGCodec.isWordFitPNG(atPath: path)
    case .webp: WebPImageEncoder.isWordFitWebP(atPath: path)
    case .svg: Drawing.isWordFitSVG(atPath: path)
    case .pdf: FileIdentity.leadingBytes(ofFileAt: path, count: 5) == Array("%PDF-".utf8)
    case .printer: LabelPrinter.isOwnJob(FileIdentity.leadingBytes(ofFileAt: path, count: 512))
    }
  }

  /// The encoder of a pixel format, with `png` the PNG writer's settings; `nil` for a format
  /// made from the drawing.
  public func encoder(png settings: PNGSettings = PNGSettings()) -> (any ImageEncoder)? {
    switch self {
    case .png: PNGImageEncoder(settings: settings)
    case .webp: WebPImageEncoder()
    case .printer(let printer): PrinterJobEncoder(printer: printer)
    case .svg, .pdf: nil
    }
  }
}
