import WordFitCore

/// How a canvas stores its pixels, which is also how its PNG is written.
public enum PixelFormat: Int, Sendable, Equatable {
  /// One grey byte a pixel.
  case grey = 1
  /// Red, green, blue bytes.
  case rgb = 3
  /// Red, green, blue, straight alpha.
  case rgba = 4

  /// Bytes per pixel.
  public var channels: Int { rawValue }

  /// The smallest format that holds every colour exactly: grey when all are opaque greys, RGB
  /// when all are opaque, RGBA otherwise.
  public static func smallest(holding colors: [Color]) -> PixelFormat {
    if colors.allSatisfy({ $0.isOpaque && $0.isGrey }) { return .grey }
    if colors.allSatisfy(\.isOpaque) { return .rgb }
    return .rgba
  }
}
