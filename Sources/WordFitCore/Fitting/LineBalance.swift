/// How evenly a wrapped text's lines fill the width: what balanced lines minimize (after the
/// longest line), reported for greedy lines too so the two can be compared.
public struct LineBalance: Sendable, Equatable {
  /// The longest line's unrounded extent, in pixels.
  public var longestLine: Double
  /// The raggedness: Σ slack² over the lines, in px², slack being the width a line leaves
  /// (unrounded), the last line included — as Knuth–Plass scores a paragraph.
  public var raggedness: Double
  /// How many lines end at a hyphenation point.
  public var hyphens: Int
  /// The score balancing minimizes among the break sets with the shortest longest line: the
  /// raggedness plus ``hyphenPenalty(width:)`` per hyphen, in px².
  public var score: Double
  /// Whether balancing was asked and gave up: it would have measured more than
  /// ``characterBudget`` characters, so the greedy lines stand.
  public var isOverBudget = false

  /// The most characters balancing one text measures (every candidate line's text counted):
  /// 1,000,000, about half a second of shaping; a text past it keeps its greedy lines.
  public static let characterBudget = 1_000_000

  /// The balance of lines of unrounded extents `extents` (px) in `width` px, `hyphens` of them
  /// ending at a hyphenation point.
  ///
  /// - Complexity: O(*n*) in the lines.
  public init(extents: [Double], width: Int, hyphens: Int) {
    longestLine = extents.max() ?? 0
    raggedness = extents.reduce(0) { $0 + (Double(width) - $1) * (Double(width) - $1) }
    self.hyphens = hyphens
    score = raggedness + Double(hyphens) * Self.hyphenPenalty(width: width)
  }

  /// What a line ending at a hyphenation point adds to the score, in px²: the raggedness of a
  /// line left a quarter empty, (`width`/4)². It plays TeX's `\hyphenpenalty`: among break sets
  /// with the same longest line, a hyphen is kept only where it saves more unevenness than that.
  public static func hyphenPenalty(width: Int) -> Double {
    let quarter = Double(width) / 4
    return quarter * quarter
  }
}
