import WordFitCore
import WordFitImage
import WordFitText

/// Counts and timing of a finished (or interrupted) batch.
public struct BatchSummary: Sendable, Equatable {
  /// Rows of this shard that were read.
  public var rows = 0
  /// PNGs written.
  public var written = 0
  /// Rows skipped because their PNG existed.
  public var skipped = 0
  /// Rows that failed.
  public var failed = 0
  /// Rows read but not started because the batch stopped first.
  public var notStarted = 0
  /// Rows with at least one truncated word.
  public var truncated = 0
  /// Wall-clock seconds.
  public var elapsed = 0.0
  /// Whether the batch stopped early (a signal, or a write error).
  public var wasInterrupted = false
  /// The write error that stopped the batch, if one did.
  public var stoppingError: WordFitError? = nil
  /// Characters the font has no glyph for, with the number of rows each appeared in.
  public var missingCharacters: [Unicode.Scalar: Int] = [:]
  /// The font the missing characters were looked for in.
  public var fontName = ""
  /// Temporary files of earlier runs that died (killed, power cut) removed before starting.
  public var removedTemporaries: [String] = []
  /// The field delimiter used, when it was detected rather than given (`;` or TAB).
  public var detectedDelimiter: UInt8? = nil
  /// Pages of the PDF written (`--pdf`), 0 without one.
  public var pdfPages = 0
  /// The print sheets written (`sheet-001.png` …: in the sheets folder, or the archive's
  /// `sheets/`), empty without any.
  public var sheetPages: [String] = []
  /// How many badges the print sheets hold.
  public var sheetBadges = 0
  /// What to check before printing: minimum sizes, truncated fields, smallest sizes.
  public var prePrint = PrePrintReport()

  /// Counts one row's report.
  mutating func count(_ row: BatchRowReport) {
    rows += 1
    switch row.status {
    case .written: written += 1
    case .skipped: skipped += 1
    case .failed: failed += 1
    case .notStarted: notStarted += 1
    }
    if !row.truncatedWords.isEmpty { truncated += 1 }
    prePrint.count(row)
  }

  /// Images written per second.
  public var imagesPerSecond: Double { elapsed > 0 ? Double(written) / elapsed : 0 }
}
