import WordFitCore
import WordFitImage
import WordFitText

/// Progress of a running batch.
public struct BatchProgress: Sendable {
  /// Rows finished (written, skipped or failed).
  public var done: Int
  /// Rows in this shard, when the input could be counted first.
  public var total: Int?
  /// Seconds since the start.
  public var elapsed: Double
}
