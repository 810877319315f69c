import WordFitBadges
import WordFitCore

/// What a desk printed: when, the row, the printer and destination, the job's size and digest,
/// whether it was a reprint, each region's size and the badge's warnings. The answer to a print
/// and, as it is, a line of the print log.
public struct DeskPrint: Codable, Sendable, Equatable {
  /// One region of the badge as printed.
  public struct Region: Codable, Sendable, Equatable {
    /// The region's name in the template.
    public var name: String
    /// Its text, as drawn.
    public var text: String
    /// Its fitted size, in px (dots).
    public var size: Double
    /// Its size in points at the template's resolution.
    public var points: Double
    /// `true` when printed under its legible size (``PrintedRegion/illegible``); absent
    /// otherwise (and in logs written before it was recorded).
    public var illegible: Bool? = nil
    /// `true` when the printer's 1-bit dots lose its text (``PrintedRegion/lostOnOneBit``).
    public var lostOnOneBit: Bool? = nil

    /// The region as the badge's report has it.
    public init(_ region: PrintedRegion) {
      (name, text, size, points) = (region.name, region.text, region.size, region.points)
      (illegible, lostOnOneBit) = (region.illegible, region.lostOnOneBit)
    }
  }

  /// When, in UTC (ISO 8601, seconds).
  public var time: String
  /// The key printed by, or `nil` for a walk-in.
  public var key: String?
  /// The export's line of the row, or `nil` for a walk-in.
  public var line: Int?
  /// The badge's first region's text, as drawn (the attendee's name, in the usual template).
  public var name: String
  /// The printer's language.
  public var printer: String
  /// Where the job went.
  public var destination: String
  /// The job's size in bytes.
  public var bytes: Int
  /// The SHA-256 of the job's bytes.
  public var sha256: String
  /// How many times this key had printed before (0: the first print).
  public var reprint: Int
  /// The CUPS job's number, for a queue.
  public var queueJob: Int?
  /// Each region's size.
  public var regions: [Region]
  /// The badge's warnings: a region under the legible size, a text the printer's threshold
  /// loses, an image it could not read.
  public var warnings: [String]

  /// One line for a person: who printed where, at which sizes, and whether it was a reprint.
  public var summary: String {
    let sizes = regions.map { "\($0.name) \(TextFormatting.pixels($0.size)) px" }.joined(separator: ", ")
    let again = reprint > 0 ? " (reprint \(reprint))" : ""
    return "printed \(name)\(again) on \(printer) to \(destination) (\(bytes) bytes; \(sizes))"
  }
}
