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
  /// How many distinct sizes the search measured to find a size that fits where the next
  /// does not.
  public var measuredSizeCount: Int
  /// How many sizes above that one were then measured to make sure rounding lets no larger
  /// size fit (see ``Fitter``).
  public var scannedSizeCount = 0

  /// Every word asked for, in order, including those whose lines truncation dropped.
  public var words: [String]

  /// For a wrapped text: where each line but the last ends, in characters (grapheme clusters)
  /// from the start of the text as laid out — the break opportunities used. Empty otherwise.
  public var breakOffsets: [Int] = []
  /// What kind of break each of ``breakOffsets`` is: between words, at a hyphenation point (a
  /// hyphen drawn), or a newline in the text.
  public var breakKinds: [LineBreakKind] = []
  /// For a wrapped text on a rectangle: how evenly its lines fill the width (the score
  /// ``FitRequest/balancesLines`` minimizes). `nil` otherwise.
  public var balance: LineBalance?

  /// Indices of the words whose text was truncated or dropped.
  public var truncatedWordIndices: [Int] {
    var indices = lines.indices.filter { lines[$0].isTruncated }
    indices.append(contentsOf: lines.count..<words.count)
    return indices
  }

  /// The words whose text was truncated or dropped, in order.
  public var truncatedWords: [String] { truncatedWordIndices.map { words[$0] } }

  /// The number of words asked for, including lines dropped by truncation.
  public var wordCount: Int { words.count }

  /// The widest line's extent, px (0 with no line).
  ///
  /// - Complexity: O(*l*) in the lines.
  var widestLineExtent: Int { lines.map(\.metrics.extentWidth).max() ?? 0 }
}
