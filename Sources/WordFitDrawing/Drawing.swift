import WordFitCore
import WordFitImage
import WordFitText

/// What an image draws, in drawing order and in its pixels, without the pixels themselves: the
/// display list every painter takes — the raster (PNG), a PDF page, an SVG. The PNG is drawn
/// from the same layout (the same fits, the same glyph positions).
public struct Drawing: Sendable {
  /// One thing drawn.
  public enum Mark: Sendable {
    /// A rectangle filled with a colour (the background of a region, a band).
    case fill(PixelBox, Color)
    /// A box of a shape (square, rounded or capsule corners) filled with a colour: a stack's
    /// button behind its label.
    case box(PixelBox, BoxShape, Color)
    /// An image of premultiplied RGBA bytes the size of its box; `key` names it, so a PDF
    /// embeds each image once.
    case image(key: String, premultipliedRGBA: [UInt8], box: PixelBox)
    /// A QR code in a box (drawn as large as fits, centred, with its quiet zone).
    case qrCode(QRCode, box: PixelBox)
    /// A line of shaped text in a colour.
    case text(Line, Color)
    /// A line of shaped text set along a curve, glyph by glyph, in a colour (the `curved`
    /// layout).
    case curvedText(CurvedLine, Color)
  }

  /// A line of shaped text.
  public struct Line: Sendable {
    /// A line of `shaped` text with its pen origin at `origin`, drawn from `fonts`.
    public init(shaped: ShapedText, origin: PixelPoint, fonts: [FontIdentity]) {
      (self.shaped, self.origin, self.fonts) = (shaped, origin, fonts)
    }

    /// The glyphs, their positions and the runs they come from.
    public var shaped: ShapedText
    /// The line's pen origin in the drawing (on the baseline), in pixels.
    public var origin: PixelPoint
    /// The fonts the glyphs name (``ShapedText/Glyph/font``), as set at the line's size.
    public var fonts: [FontIdentity]
  }

  /// The drawing's width, in pixels.
  public var width: Int
  /// The drawing's height, in pixels.
  public var height: Int
  /// The background, under everything.
  public var background: Color
  /// What is drawn over it, in order.
  public var marks: [Mark] = []
  /// The screen's shape: outside it nothing is drawn (a round screen's corners stay
  /// transparent), its edge blended as the raster masks it.
  public var shape: CanvasShape = .rectangle

  /// An empty drawing of `width` × `height` px over `background`.
  public init(width: Int, height: Int, background: Color) {
    (self.width, self.height, self.background) = (width, height, background)
  }
}

extension Drawing {
  /// The boxes of the images drawn (photos and logos), in drawing order: what a label printer
  /// dithers.
  ///
  /// - Complexity: O(marks).
  public var imageBoxes: [PixelBox] {
    marks.compactMap { mark in
      guard case .image(_, _, let box) = mark else { return nil }
      return box
    }
  }
}
