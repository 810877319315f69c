/// What a stack of labelled boxes is asked: labels, the space, sizes, padding and alignment.
public struct StackRequest: Sendable, Equatable {
  /// The labels, top to bottom; each is drawn on one line.
  public var labels: [String]
  /// The area the stack must stay inside (the canvas minus insets), in canvas pixels.
  public var availableBox: PixelBox
  /// The largest font size, in pixels.
  public var maximumSize: Double
  /// The smallest scale of ``maximumSize`` allowed, in (0, 1].
  public var minimumScaleFactor: Double
  /// Space between boxes, in pixels.
  public var spacing: Int
  /// Space between a label and its box's left and right edges, in pixels.
  public var horizontalPadding: Int
  /// Space between a label's line box and its box's top and bottom edges, in pixels.
  public var verticalPadding: Int
  /// How wide the boxes are.
  public var width: StackWidth
  /// Where boxes narrower than the available width sit.
  public var alignment: HorizontalAlignment
  /// Where a label sits inside its box.
  public var textAlignment: HorizontalAlignment
  /// Where the stack sits in the available height.
  public var verticalAlignment: VerticalAlignment
  /// What happens when the minimum size does not fit.
  public var overflow: OverflowPolicy
  /// Whether labels wrap inside their boxes (`stack --layout wrap`), each cut at its
  /// ``labelSegments``; otherwise each label is one line.
  public var wraps = false
  /// With ``wraps``: the most lines a label may take (`nil`: as many as fit).
  public var lineLimit: Int? = nil
  /// With ``wraps``: where "…" goes when a label is cut at the minimum size.
  public var truncation: TruncationMode = .tail
  /// With ``wraps``: whether each label's lines are balanced at the common size found (the
  /// same lines count, the longest as short as it can be; not on an outline).
  public var balancesLines = false
  /// With ``wraps``: each label cut at its line-break opportunities (from a ``LineBreaking``).
  public var labelSegments: [[LineSegment]] = []
  /// With ``wraps``: what a word wider than its box does when the common size would fall below
  /// ``legibleSize`` (see ``FitRequest/overlongWords``; not on an outline).
  public var overlongWords = OverlongWordPolicy.shrink
  /// With ``wraps``: the smallest legible size, in pixels (0: none).
  public var legibleSize = 0.0
  /// The outline boxes must stay inside, in canvas pixels (`nil`: ``availableBox``): each box
  /// must fit the chord at its rows, and is aligned within that chord.
  public var outline: ContentOutline? = nil

  /// Creates a request of one-line labels; lengths in pixels.
  public init(
    labels: [String], availableBox: PixelBox, maximumSize: Double, minimumScaleFactor: Double = 0.01, spacing: Int = 16,
    horizontalPadding: Int = 0, verticalPadding: Int = 0, width: StackWidth = .equal,
    alignment: HorizontalAlignment = .center,
    textAlignment: HorizontalAlignment = .center, verticalAlignment: VerticalAlignment = .center,
    overflow: OverflowPolicy = .truncate
  ) {
    self.labels = labels
    self.availableBox = availableBox
    self.maximumSize = maximumSize
    self.minimumScaleFactor = minimumScaleFactor
    self.spacing = spacing
    self.horizontalPadding = horizontalPadding
    self.verticalPadding = verticalPadding
    self.width = width
    self.alignment = alignment
    self.textAlignment = textAlignment
    self.verticalAlignment = verticalAlignment
    self.overflow = overflow
  }

  /// The fitting engine's request: the labels against the available box.
  public var fitRequest: FitRequest {
    var request = FitRequest(
      words: labels, availableWidth: availableBox.width, availableHeight: availableBox.height,
      maximumSize: maximumSize, minimumScaleFactor: minimumScaleFactor, overflow: overflow)
    request.outline = outline?.offsetBy(dx: -availableBox.minX, dy: -availableBox.minY)
    request.verticalAlignment = verticalAlignment
    return request
  }

  /// What a line is to the fitting engine: a padded box, `spacing` apart.
  public var lines: BoxLines {
    BoxLines(
      horizontalPadding: horizontalPadding, verticalPadding: verticalPadding, spacing: spacing,
      sharesWidth: width == .equal)
  }
}
