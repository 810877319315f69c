import WordFitCore
import WordFitImage
import WordFitOutput

extension RenderedImage {
  /// The image's pixels as a file in the pixel format `format`: through the format's
  /// ``ImageEncoder``, with `settings` for a PNG (where they set no resolution or writer, the
  /// image's own: ``preferredDotsPerInch``, ``preferredEncoder``), the image's metadata in its
  /// text chunks or XMP packet.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming ``Parameter/format`` for a format made from the
  ///   drawing (SVG, PDF); as the format's encoder.
  /// - Complexity: O(*width* × *height*).
  public func encoded(as format: OutputFormat, png settings: PNGSettings = PNGSettings()) throws -> [UInt8] {
    var settings = settings
    if settings.dotsPerInch == nil { settings.dotsPerInch = preferredDotsPerInch }
    if settings.encoder == PNGSettings.defaultEncoder { settings.encoder = preferredEncoder }
    guard let encoder = format.encoder(png: settings) else {
      throw WordFitError(.usage, "\(Parameter.format) \(format.name) is made from the drawing, not from pixels")
    }
    return try encoder.encode(canvas, metadata: metadata, dotsPerInch: settings.dotsPerInch)
  }
}
