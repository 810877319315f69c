import WordFitCore
import WordFitImage
import WordFitText

/// A finished image and the text chunks its PNG records.
public protocol RenderedImage: Sendable {
  /// The pixels.
  var canvas: Canvas { get }
  /// Text chunks recorded in the PNG: fitted size, font, FreeType and WordFit versions.
  var metadata: [(key: String, value: String)] { get }
  /// The font used: family and style, for example `DejaVu Sans Bold`.
  var fontName: String { get }
  /// Characters the font has no glyph for (drawn as `.notdef`).
  var missingCharacters: [Unicode.Scalar] { get }
  /// Problems worth telling the user about that did not stop the render.
  var warnings: [String] { get }
  /// The resolution its PNG records (`pHYs`), or `nil` for none (a screen image).
  var preferredDotsPerInch: Int? { get }
  /// The PNG writer its file is encoded with unless the caller chooses one.
  var preferredEncoder: PNGSettings.Encoder { get }
}

extension RenderedImage {
  /// No resolution: screen images record none.
  public var preferredDotsPerInch: Int? { nil }
  /// ``PNGSettings/defaultEncoder``.
  public var preferredEncoder: PNGSettings.Encoder { PNGSettings.defaultEncoder }
}

extension RenderedImage {
  /// The text chunk that says what the image shows (`WordFit-Text` of a word stack,
  /// `WordFit-Labels` of a box stack): how `DefaultOutputName` (WordFitOutput) recognises an earlier render of
  /// the same content.
  public var contentChunk: (key: String, value: String) {
    metadata.first { $0.key == "WordFit-Text" || $0.key == "WordFit-Labels" } ?? ("Software", "")
  }
}

extension RenderedImage {
  /// The PNG file's bytes: with `settings`, or else the image's preferred encoder and resolution.
  ///
  /// - Complexity: O(*width* × *height*).
  public func pngData(settings: PNGSettings? = nil) throws -> [UInt8] {
    try PNGCodec.encode(
      canvas, text: metadata,
      settings: settings ?? PNGSettings(encoder: preferredEncoder, dotsPerInch: preferredDotsPerInch))
  }
}
