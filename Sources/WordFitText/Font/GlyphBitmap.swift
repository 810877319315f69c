import WordFitCore

/// A glyph's 8-bit coverage, copied out of FreeType's glyph slot as soon as it is rendered.
package struct GlyphBitmap {
  /// Columns, in pixels.
  package var width: Int
  /// Rows, in pixels.
  package var rows: Int
  /// Distance from the pen origin to the left column, in pixels.
  package var left: Int
  /// Distance from the baseline up to the top row, in pixels.
  package var top: Int
  /// Coverage, `width × rows` bytes, row by row (0 empty, 255 full); for a colour glyph, its
  /// alpha.
  package var coverage: [UInt8]
  /// A colour glyph's pixels (emoji): premultiplied red, green, blue, alpha, `width × rows × 4`
  /// bytes; `nil` for a glyph drawn in the text colour.
  package var color: [UInt8]? = nil
}

/// A glyph's advance and the box of its bitmap at one size, without the bitmap itself.
struct GlyphBox: Equatable {
  /// FreeType's hinted pen advance in 26.6 fixed point (light hinting; 0 unhinted, where
  /// advances come from the shaping).
  var advance26_6: Int
  /// The bitmap box relative to the pen origin on the baseline (y down), or `nil` if empty.
  var ink: PixelBox?
  /// The ink's left and right edges unrounded, in 26.6 relative to the pen origin (the bitmap
  /// box rounds them outward).
  var exactInk26_6: (left: Int, right: Int)? = nil

  static func == (a: GlyphBox, b: GlyphBox) -> Bool {
    a.advance26_6 == b.advance26_6 && a.ink == b.ink && a.exactInk26_6?.left == b.exactInk26_6?.left
      && a.exactInk26_6?.right == b.exactInk26_6?.right
  }
}
