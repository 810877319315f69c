import WordFitCore
import WordFitImage
import WordFitText

/// What a badge draws, in drawing order and in the badge's pixels, without the pixels
/// themselves: what a PDF page is made from. The PNG is drawn from the same layout (the same
/// fits, the same glyph positions).
public struct BadgeDrawing: Sendable {
  /// One thing drawn.
  public enum Mark: Sendable {
    /// A rectangle filled with a colour (the background of a region, a band).
    case fill(PixelBox, Color)
    /// An image of premultiplied RGBA bytes the size of its box; `key` names it, so a PDF
    /// embeds each image once.
    case image(key: String, premultipliedRGBA: [UInt8], box: PixelBox)
    /// A QR code in a box (drawn as large as fits, centred, with its quiet zone).
    case qrCode(QRCode, box: PixelBox)
    /// A line of shaped text in a colour.
    case text(Line, Color)
  }

  /// A line of text as shaped for the badge.
  public struct Line: Sendable {
    /// The glyphs, their positions and the runs they come from.
    public var shaped: ShapedText
    /// The line's pen origin on the badge (on the baseline), in pixels.
    public var origin: PixelPoint
    /// The fonts the glyphs name (``ShapedText/Glyph/font``), as set at the line's size.
    public var fonts: [FontIdentity]
  }

  /// The badge's width, in pixels.
  public var width: Int
  /// The badge's height, in pixels.
  public var height: Int
  /// The badge's background.
  public var background: Color
  /// What is drawn over it, in order.
  public var marks: [Mark] = []
}

extension Canvas {
  /// Draws a mark that is not text (text is drawn from its live fonts, by the renderer).
  ///
  /// - Throws: as ``Canvas/draw(_:in:dark:light:)`` for a QR code whose box is too small.
  mutating func paint(_ mark: BadgeDrawing.Mark) throws {
    switch mark {
    case .fill(let box, let color): fill(box, color)
    case .image(_, let pixels, let box):
      composite(premultipliedRGBA: pixels, imageWidth: box.width, imageHeight: box.height, atX: box.minX, y: box.minY)
    case .qrCode(let code, let box): try draw(code, in: box)
    case .text: break
    }
  }
}
