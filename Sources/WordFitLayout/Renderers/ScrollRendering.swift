import WordFitCore
import WordFitImage
import WordFitText

/// A stack drawn as a Wear OS list (`stack --scroll K`): the list's screen at K scroll
/// positions, side by side, each item scaled and faded as `TransformingLazyColumn` does, and
/// which labels the round screen cuts.
public struct ScrollRendering: RenderedImage {
  /// One item at one position.
  public struct Item: Sendable, Equatable {
    /// Where the list put it and how it is transformed.
    public var placement: ListScroll.Placement
    /// Whether it is judged here: its transformed slot lies wholly on the screen. An item
    /// partly above or below the screen is scrolling on or off it, drawn but not judged.
    public var isJudged: Bool
    /// Label pixels (any coverage) whose centre falls outside the round screen, counted on the
    /// scaled label as drawn (0 when not judged).
    public var inkOutside: Int
  }

  /// The list at one scroll position.
  public struct Position: Sendable, Equatable {
    /// How far the list is scrolled, in pixels from its top.
    public var offset: Int
    /// Its screen in the strip, in pixels.
    public var frame: PixelBox
    /// Every item, in list order.
    public var items: [Item]
  }

  /// The most positions one strip holds.
  public static let maximumPositions = 24
  /// The most labels one list holds.
  public static let maximumItems = 100
  /// The most pixels a list's item images (each box, and its label with a margin) may take
  /// together: 64 million (256 MB of RGBA), checked before any is drawn.
  public static let maximumItemPixels = 64_000_000
  /// Wear OS Material 3's content padding for a list (`PaddingDefaults`): 5.2% of the screen's
  /// width at each side, 10% of its height above the first item and below the last.
  public static let contentPadding = (horizontal: 0.052, vertical: 0.10)

  /// The list laid out: sizes, boxes (in the list, not on a screen), fonts and warnings; its
  /// canvas is the strip's.
  public var stack: StackRendering
  /// The transformation applied (identity under Reduce Motion).
  public var transformation: ListTransformation
  /// The list's geometry.
  public var list: ListScroll.List
  /// Every position, top to end.
  public var positions: [Position]
  /// The pixels: the screens left to right, ``EdgeButtonStrip/gap`` apart, transparent between.
  public var canvas: Canvas

  /// The font used: family and style.
  public var fontName: String { stack.fontName }
  /// Characters the font has no glyph for.
  public var missingCharacters: [Unicode.Scalar] { stack.missingCharacters }
  /// Problems that did not stop the render.
  public var warnings: [String] {
    guard list.scrollRange == 0, positions.count > 1 else { return stack.warnings }
    return stack.warnings + [
      "the list fits the screen and does not scroll: its \(positions.count) positions are the same; give more labels or fewer positions"
    ]
  }

  /// The labels the round screen cuts at a position where they are judged, each with those
  /// positions (0-based), in list order.
  public var cutLabels: [(index: Int, positions: [Int])] {
    stack.layout.boxes.indices.compactMap { index in
      let cut = positions.indices.filter { positions[$0].items[index].inkOutside > 0 }
      return cut.isEmpty ? nil : (index, cut)
    }
  }

  /// Text chunks recorded in the PNG.
  public var metadata: [(key: String, value: String)] {
    stack.metadata + [
      ("WordFit-Scroll", "\(positions.count) positions\(transformation.isIdentity ? ", reduce motion" : "")")
    ]
  }
}
