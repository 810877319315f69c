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
  /// With a badge template: each region's fitted size in pixels and what limited it, in
  /// template order.
  public var regions: [RegionReport]? = nil

  /// One region of a badge as fitted.
  public struct RegionReport: Sendable, Equatable, Encodable {
    /// The region's name in the template.
    public var name: String
    /// Its fitted size, in pixels.
    public var size: Double
    /// What limited it (`maximumSize`, `width`, `height`, `lineLimit`, `minimumSize`, `sizeGroup`).
    public var limit: String
    /// Whether its text was truncated.
    public var truncated = false
    /// `back` for a region of the badge's back (printed with `--duplex`); absent for the front.
    public var side: String? = nil
    /// `true` when it was printed under its legible size (the region's `minLegible`, else
    /// 8 pt); absent otherwise.
    public var illegible: Bool? = nil
    /// Its size in points as printed (not in the manifest: the pre-print report's unit).
    var points = 0.0
    /// Its legible size in points (not in the manifest).
    var minimumPoints = 0.0

    /// What the manifest holds of a region (its truncation is in the row's `truncatedWords`).
    enum CodingKeys: String, CodingKey {
      case name, size, limit, side, illegible
    }

    /// The region's name as the pre-print report lists it: `name`, or `name (back)`.
    var field: String { side.map { "\(name) (\($0))" } ?? name }
  }
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
