/// What the fitting core is asked: words, the space they must fit in, and the size limits.
public struct FitRequest: Sendable, Equatable {
  /// The words, one per line, in order.
  public var words: [String]
  /// The width available to each line (canvas width minus insets), in pixels.
  public var availableWidth: Int
  /// The height available to the stack (canvas height minus insets), in pixels.
  public var availableHeight: Int
  /// The largest size allowed, in pixels.
  public var maximumSize: Double
  /// The smallest size allowed, as a fraction of ``maximumSize`` in (0, 1].
  public var minimumScaleFactor: Double
  /// Extra space between consecutive line boxes, in pixels.
  public var lineSpacing: Double
  /// What the block is measured and placed by: its line boxes, or the first line's cap height
  /// to the last line's baseline (``TextBoxTrim/capAlphabetic``).
  public var trim = TextBoxTrim.none
  /// One word (or wrapped line) per line, as this request stacks them: ``lineSpacing`` apart,
  /// trimmed as ``trim`` says.
  public var wordLines: WordLines { WordLines(spacing: lineSpacing, trim: trim) }
  /// One common size, or one per word.
  public var sizing: Sizing
  /// What to do when the minimum size does not fit.
  public var overflow: OverflowPolicy
  /// The most lines a wrapped text may take (`nil`: as many as fit, SwiftUI's `lineLimit(nil)`).
  public var lineLimit: Int? = nil
  /// Where "…" goes when a wrapped text is cut.
  public var truncation: TruncationMode = .tail
  /// Whether a wrapped text's lines are balanced at the size found (``Fitter/fitWrapped(_:segments:)``):
  /// the same size and line count, the longest line as short as it can be.
  public var balancesLines = false
  /// The most characters balancing may measure (``LineBalance/characterBudget``; tests lower it).
  var balanceCharacterBudget = LineBalance.characterBudget
  /// For a wrapped text: what a word wider than its line at ``legibleSize`` does when the text
  /// would otherwise shrink below that size.
  public var overlongWords = OverlongWordPolicy.shrink
  /// The smallest size still legible, in pixels (watchOS's 12 pt: 24 px at @2x); 0 for none.
  public var legibleSize = 0.0
  /// The outline lines must stay inside, in pixels relative to the available area's top-left
  /// corner (`nil`: the available rectangle). Each line then gets the chord at its rows.
  public var outline: ContentOutline? = nil
  /// Where the block sits in the available height: with an ``outline`` the fit places the
  /// lines as the layout will, since a line's chord depends on its rows.
  public var verticalAlignment: VerticalAlignment = .center

  /// Creates a request; sizes and spaces are in pixels.
  public init(
    words: [String], availableWidth: Int, availableHeight: Int, maximumSize: Double,
    minimumScaleFactor: Double = 0.01, lineSpacing: Double = 0, sizing: Sizing = .common,
    overflow: OverflowPolicy = .truncate
  ) {
    self.words = words
    self.availableWidth = availableWidth
    self.availableHeight = availableHeight
    self.maximumSize = maximumSize
    self.minimumScaleFactor = minimumScaleFactor
    self.lineSpacing = lineSpacing
    self.sizing = sizing
    self.overflow = overflow
  }

  /// The largest size in 1/64 px.
  var maximumUnits: Int { Swift.max(1, Int((maximumSize * 64).rounded(.down))) }
  /// The smallest size in 1/64 px.
  var minimumUnits: Int {
    Swift.min(maximumUnits, Swift.max(1, Int((maximumSize * minimumScaleFactor * 64).rounded(.up))))
  }
}
