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
  }

  /// The 1-based data row number (the header is not counted).
  public var row: Int
  /// The line of the input the row starts on.
  public var line: Int
  /// The row's `id` column, when there is one.
  public var id: String?
  /// The text rendered.
  public var text: String?
  /// The file written or skipped, relative to the output folder.
  public var file: String?
  /// The fitted size, in pixels.
  public var size: Double?
  /// Words drawn truncated (or dropped).
  public var truncatedWords: [String]
  /// Things worth knowing that did not stop the row (glyphs the font lacks).
  public var warnings: [String]
  /// Why the row failed.
  public var error: String?
  /// How the row ended.
  public var status: Status
}

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
  /// Rows with at least one truncated word.
  public var truncated = 0
  /// Wall-clock seconds.
  public var elapsed = 0.0
  /// Whether the batch stopped early (a signal, or a write error).
  public var wasInterrupted = false
  /// The write error that stopped the batch, if one did.
  public var fatalError: WordFitError? = nil

  /// Images written per second.
  public var imagesPerSecond: Double { elapsed > 0 ? Double(written) / elapsed : 0 }
}

/// Progress of a running batch.
public struct BatchProgress: Sendable {
  /// Rows finished (written, skipped or failed).
  public var done: Int
  /// Rows in this shard, when the input could be counted first.
  public var total: Int?
  /// Seconds since the start.
  public var elapsed: Double
}
