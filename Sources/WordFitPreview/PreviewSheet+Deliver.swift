import WordFitCore
import WordFitImage
import WordFitOutput

extension PreviewSheet {
  /// Writes the sheet where `output` says, in its format: the pixels encoded (PNG, WebP) or the
  /// sheet's SVG (the cells' drawings nested); returns the bytes' count.
  ///
  /// - Throws: ``WordFitError`` `.usage` for a printer's job or a PDF, which a sheet is not
  ///   made as; as the encoder; `.io` when the bytes cannot be written.
  /// - Complexity: O(*width* × *height*) for pixels; O(*n*) in the cells' marks for an SVG.
  @discardableResult
  public func deliver(to output: OutputRequest) throws -> Int {
    switch output.format {
    case .png, .webp:
      return try output.deliver(pixels: image, metadata: [], png: PNGSettings())
    case .svg:
      let bytes = try svg()
      try output.write(bytes)
      return bytes.count
    case .pdf, .printer:
      throw WordFitError.malformed(.output, output.name, expected: "a preview sheet's .png, .webp or .svg")
    }
  }
}
