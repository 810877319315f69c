import WordFitBadges
import WordFitCore
import WordFitImage
import WordFitText

/// What happened to one row: a line of the manifest.
public struct BatchRowReport: Sendable, Encodable, Equatable {
  /// How a row ended.
  public enum Status: String, Sendable, Encodable {
    /// Its PNG was written.
    case written
    /// Its PNG already existed and `--skip-existing` was given.
    case skipped
    /// It was not rendered; ``BatchRowReport/error`` says why.
    case failed
    /// It was read but not started, because the batch stopped first (a signal, a write error).
    case notStarted = "not-started"
  }

  /// The 1-based data row number (the header is not counted).
  public var row: Int
  /// The line of the input the row starts on.
  public var line: Int
  /// The row's `id` column, when there is one.
  public var id: String?
  /// The text rendered.
  public var text: String?
  /// The row's language from the language column (`--language-column`), when its cell had one.
  public var language: String? = nil
  /// The file written or skipped, relative to the output folder.
  public var file: String?
  /// The page of the PDF the badge is on (from 1), with `--pdf`.
  public var page: Int? = nil
  /// The fitted size, in pixels.
  public var size: Double?
  /// What limited the size of a row's one text (`maximumSize`, `width`, `height`, `lineLimit`,
  /// `minimumSize`); with a template, each region says in ``regions``.
  public var limit: String? = nil
  /// With a badge template: each region as printed (``PrintedRegion``: its size, what limited
  /// it, whether it is legible and survives a printer's 1-bit dots), the front's in template
  /// order, then the back's.
  public var regions: [PrintedRegion]? = nil

  /// Words drawn truncated (or dropped).
  public var truncatedWords: [String]
  /// The smallest QR module of a badge, in mm (`nil` without a QR code).
  public var qrModule: Double? = nil
  /// Things worth knowing that did not stop the row (glyphs the font lacks).
  public var warnings: [String]
  /// Why the row failed.
  public var error: String?
  /// How the row ended.
  public var status: Status
}
