import WordFitCore

/// The outcome of comparing an expected image with an actual one.
public struct ImageComparison: Sendable {
  /// Whether both images have the same width and height. When not, nothing else was compared.
  public var dimensionsMatch: Bool
  /// Whether every pixel is byte-for-byte equal.
  public var isIdentical: Bool
  /// Pixels that differ beyond the threshold and were not excused as anti-aliasing.
  public var differingPixels: Int
  /// Pixels beyond the threshold excused as anti-aliasing.
  public var antiAliasedPixels: Int
  /// The largest change of any channel of any pixel, 0…255.
  public var maxChannelDelta: Int
  /// The box around the counted differing pixels, or `nil` when there are none.
  public var differenceBounds: PixelBox?
  /// How many differing pixels the tolerance allowed.
  public var allowedDifferingPixels: Int
  /// The tolerance used.
  public var tolerance: ComparisonTolerance
  /// Whether the comparison passes under the tolerance.
  public var passed: Bool
  /// The diff image (faded grey of the expected image, differences red, anti-aliasing yellow),
  /// when asked for and the dimensions match.
  public var diffImage: Canvas?
  /// Image width, in pixels (the expected image's when dimensions differ).
  public var width: Int
  /// Image height, in pixels.
  public var height: Int

  /// The ratio of differing pixels to all pixels.
  public var differingRatio: Double { width * height > 0 ? Double(differingPixels) / Double(width * height) : 0 }
}
