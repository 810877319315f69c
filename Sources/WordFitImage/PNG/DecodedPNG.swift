import CPNG
import Foundation
import WordFitCore

/// A PNG read back into memory: RGBA pixels and the file's text chunks.
public struct DecodedPNG: Sendable {
  /// The pixels as 8-bit straight-alpha RGBA.
  public var canvas: Canvas
  /// `tEXt` and `iTXt` chunks in file order (keyword, text).
  public var textChunks: [(key: String, value: String)]
  /// Whether the file had 16-bit samples (reduced to 8 bits on reading).
  public var hadSixteenBitSamples: Bool
  /// Whether the file was palette-based (expanded on reading).
  public var wasColorMapped: Bool

  /// The value of text chunk `key`, if present.
  public func text(forKey key: String) -> String? {
    textChunks.first { $0.key == key }?.value
  }
}
