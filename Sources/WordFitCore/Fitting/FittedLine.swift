/// One line of a fitted text, whatever the layout: what the layout put on it, what is drawn of
/// it, and how it measures.
public struct FittedLine: Sendable, Equatable {
  /// The text the layout put on this line, before any truncation: a word (one word per line), a
  /// line of the paragraph (wrap), the whole text (one line).
  public var source: String
  /// The text drawn: ``source``, or its truncated form ending in "…".
  public var text: String
  /// The size it is drawn at, in pixels (a multiple of 1/64).
  public var size: Double
  /// The metrics of ``text`` at ``size``.
  public var metrics: WordMetrics
  /// The line metrics at ``size``.
  public var lineMetrics: LineMetrics
  /// Whether ``text`` is a truncation of ``source``.
  public var isTruncated: Bool { text != source }
}
