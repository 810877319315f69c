/// One box of a stack, placed.
public struct StackBox: Sendable, Equatable {
  /// The label as given.
  public var label: String
  /// The text drawn: the label or its truncation ending in "…".
  public var text: String
  /// The box, in canvas pixels.
  public var frame: PixelBox
  /// The label's ideal width: its advance joined with its ink, in pixels.
  public var idealWidth: Int
  /// The pen origin of the text on its baseline, in canvas pixels.
  public var textOrigin: PixelPoint
  /// The ink as drawn, in canvas pixels.
  public var inkBounds: PixelBox?
  /// A wrapped label's lines, top to bottom (empty for a label on one line, drawn as ``text``
  /// at ``textOrigin``).
  public var lines: [StackLine] = []
  /// The width the box had to fit in, in pixels: the available width, or on a shaped outline
  /// the chord at the box's rows.
  public var availableWidth = 0
  /// Whether ``text`` is a truncation of ``label``.
  public var isTruncated: Bool { text != label }
}

/// One line of a wrapped label, placed.
public struct StackLine: Sendable, Equatable {
  /// The text drawn.
  public var text: String
  /// The pen origin on the baseline, in canvas pixels.
  public var origin: PixelPoint
  /// The ink as drawn, in canvas pixels.
  public var inkBounds: PixelBox?
}
