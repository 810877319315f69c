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
  public var stoppingError: WordFitError? = nil

  /// Images written per second.
  public var imagesPerSecond: Double { elapsed > 0 ? Double(written) / elapsed : 0 }
}
