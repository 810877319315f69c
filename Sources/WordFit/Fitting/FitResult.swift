/// What limited the chosen size.
public enum FitLimit: String, Sendable, Codable {
  /// The maximum size was reached with room to spare.
  case maximumSize
  /// A word's width: one size step (1/64 px) larger and it would not fit across.
  case width
  /// The stack's height: one size step larger and the lines would not fit top to bottom.
  case height
  /// Even the minimum size did not fit; the overflow policy decided what is drawn.
  case minimumSize
}

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

/// The fitting core's answer: the size and what each line draws.
public struct FitResult: Sendable, Equatable {
  /// The lines in order. Fewer than the words when `truncate` dropped lines that did not fit.
  public var lines: [FittedLine]
  /// The common size (with individual sizing, the largest line size), in pixels.
  public var size: Double
  /// What limited the size.
  public var limit: FitLimit
  /// The index of the word that limited the size, when a width did.
  public var limitingWordIndex: Int?
  /// How many distinct sizes were measured to find the answer.
  public var measuredSizeCount: Int

  /// Indices of the words whose text was truncated or dropped.
  public var truncatedWordIndices: [Int] {
    var indices = lines.indices.filter { lines[$0].isTruncated }
    indices.append(contentsOf: lines.count..<wordCount)
    return indices
  }

  /// The number of words asked for, including lines dropped by truncation.
  public var wordCount: Int
}
