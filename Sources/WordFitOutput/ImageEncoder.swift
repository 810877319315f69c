import WordFitCore
import WordFitImage

/// Turns a canvas into a file's bytes: one per pixel format (PNG, WebP, a printer's job).
public protocol ImageEncoder: Sendable {
  /// `canvas` as the format's bytes, recording `metadata` (text chunks: size, font, versions)
  /// and `dotsPerInch` where the format can.
  ///
  /// - Throws: ``WordFitError`` when the canvas cannot be written in the format.
  func encode(_ canvas: Canvas, metadata: [(key: String, value: String)], dotsPerInch: Int?) throws -> [UInt8]
}

/// PNG through WordFit's own writer (``PNGCodec``), with `settings` (the resolution, when
/// given, overrides theirs).
public struct PNGImageEncoder: ImageEncoder {
  /// The writer's settings.
  public var settings: PNGSettings

  /// An encoder with `settings`.
  public init(settings: PNGSettings = PNGSettings()) { self.settings = settings }

  /// The PNG of `canvas`, its text chunks and `pHYs`.
  ///
  /// - Complexity: O(*w* × *h*).
  public func encode(_ canvas: Canvas, metadata: [(key: String, value: String)], dotsPerInch: Int?) throws -> [UInt8] {
    var settings = settings
    if let dotsPerInch, settings.dotsPerInch == nil { settings.dotsPerInch = dotsPerInch }
    return try PNGCodec.encode(canvas, text: metadata, settings: settings)
  }
}

/// A label printer's job (``LabelPrinter``) from the canvas's pixels as 1-bit dots.
public struct PrinterJobEncoder: ImageEncoder {
  /// The printer.
  public var printer: LabelPrinter

  /// The job that prints `canvas` drawn at `dotsPerInch` (300 when not given); metadata is not
  /// kept (a printer takes dots).
  ///
  /// - Throws: as the printer's `job(for:dotsPerInch:)` (``LabelPrinter``).
  public func encode(_ canvas: Canvas, metadata: [(key: String, value: String)], dotsPerInch: Int?) throws -> [UInt8] {
    try printer.job(for: canvas, dotsPerInch: Double(dotsPerInch ?? 300))
  }
}
