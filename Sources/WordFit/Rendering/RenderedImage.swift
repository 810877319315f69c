/// A finished image and the text chunks its PNG records.
public protocol RenderedImage: Sendable {
  /// The pixels.
  var canvas: Canvas { get }
  /// Text chunks recorded in the PNG: fitted size, font, FreeType and WordFit versions.
  var metadata: [(key: String, value: String)] { get }
}

extension RenderedImage {
  /// The PNG file's bytes.
  ///
  /// - Complexity: O(*width* × *height*).
  public func pngData(settings: PNGSettings = PNGSettings()) throws -> [UInt8] {
    try PNGCodec.encode(canvas, text: metadata, settings: settings)
  }
}
