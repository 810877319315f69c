import WordFitCore
import WordFitDrawing
import WordFitImage
import WordFitLayout
import WordFitOutput

extension BadgeOutput {
  /// What a badge must render to become a file in `format`: its pixels for a pixel format,
  /// with the 1-bit check for a label printer's, its drawing for a format made from the
  /// drawing.
  public static func needed(for format: OutputFormat) -> BadgeOutput {
    switch format {
    case .png, .webp: .pixels
    case .printer(let printer): printer.inks == .blackAndRed ? [.pixels, .oneBit, .redInk] : [.pixels, .oneBit]
    case .svg, .pdf: .drawing
    }
  }
}

extension BadgeRendering {
  /// The badge as one file in `format`, the one place a badge's format is answered (a row of
  /// `batch`, `render --template`): the pixels encoded (`png` settings for a PNG), a label
  /// printer's job from its 1-bit dots (a text the threshold would lose fixed by `oneBitFix`
  /// or named in ``imageWarnings``), or the drawing with `bleed` px of bleed as an SVG. The
  /// pixels already carry their bleed (``BadgeRequest/render(with:)``, the batch's row).
  ///
  /// - Throws: ``WordFitError`` `.usage` for a PDF (a document of pages: ``BadgePDFWriter``)
  ///   or a format whose part was not rendered (``BadgeOutput/needed(for:)``); as the encoder,
  ///   the printer's job or the SVG painter.
  /// - Complexity: O(*width* × *height*), or O(marks + glyphs) for an SVG.
  public mutating func file(
    in format: OutputFormat, bleed: Int = 0, png settings: PNGSettings = PNGSettings(),
    oneBitFix: OneBitText.Fix = .warn
  ) throws -> [UInt8] {
    switch format {
    case .png, .webp:
      return try encoded(as: format, png: settings)
    case .printer(let printer):
      let (job, lost) = try printerJobAndLost(on: printer, fix: oneBitFix)
      oneBitLost = lost
      if let warning = OneBitText.warning(lost: lost, fix: oneBitFix) { imageWarnings.append(warning) }
      return job
    case .svg:
      guard let drawing else { throw WordFitError(.usage, "the badge was rendered without its drawing") }
      return try drawing.withBleed(bleed).svg()
    case .pdf:
      throw WordFitError(.usage, "a badge's PDF is a page of a document: give it to a BadgePDFWriter")
    }
  }
}
