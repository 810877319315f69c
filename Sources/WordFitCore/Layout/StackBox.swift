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
  /// Whether ``text`` is a truncation of ``label``.
  public var isTruncated: Bool { text != label }
}
