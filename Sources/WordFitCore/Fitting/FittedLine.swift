/// One line of a fitted text: the word, what is drawn of it, and how it measures.
public struct FittedLine: Sendable, Equatable {
  /// The word as it came in.
  public var word: String
  /// The text drawn: the word, or its truncated form ending in "…".
  public var text: String
  /// The size it is drawn at, in pixels (a multiple of 1/64).
  public var size: Double
  /// The metrics of ``text`` at ``size``.
  public var metrics: WordMetrics
  /// The line metrics at ``size``.
  public var lineMetrics: LineMetrics
  /// Whether ``text`` is a truncation of ``word``.
  public var isTruncated: Bool { text != word }
}
