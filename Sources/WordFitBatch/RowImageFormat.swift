import WordFitCore
import WordFitDrawing
import WordFitImage

/// The file format of a batch's row images: PNG (pixels), SVG (the drawing the PNG is painted
/// from: glyph outlines, the text kept for search) or a label printer's job (ZPL or Brother QL
/// raster, from the PNG's pixels).
public enum RowImageFormat: String, Sendable, CaseIterable {
  /// A PNG per row.
  case png
  /// An SVG per row.
  case svg
  /// A label printer's job per row (``BatchOptions/printer``: ZPL, Brother QL raster).
  case printerJob = "job"

  /// The formats `--format` takes (a printer's job is asked for with `--printer`).
  public static let choices: [RowImageFormat] = [.png, .svg]

  /// The file name ending, without the dot: `png`, `svg` (a printer's job: its printer's).
  public var fileExtension: String { rawValue }

  /// Whether the regular file at `path` is one WordFit wrote in this format, so that a rerun
  /// may replace it (a photo or a logo under a row's name never is).
  ///
  /// - Complexity: reads at most 256 KiB of the file.
  func isWordFitFile(atPath path: String) -> Bool {
    switch self {
    case .png: PNGCodec.isWordFitPNG(atPath: path)
    case .svg: Drawing.isWordFitSVG(atPath: path)
    case .printerJob: LabelPrinter.isOwnJob(FileIdentity.leadingBytes(ofFileAt: path, count: 512))
    }
  }
}
