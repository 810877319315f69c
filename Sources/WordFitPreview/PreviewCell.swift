import WordFitCore
import WordFitDrawing
import WordFitImage

/// What can be wrong with a preview cell, each a marker on the sheet and a `--fail-on` word.
public enum PreviewProblem: String, Sendable, CaseIterable, Codable {
  /// A word or label was truncated ("…") or dropped.
  case truncated
  /// The text was set at the minimum scale (it would not fit larger).
  case minimumScale = "min-scale"
  /// The fitted size is below the legibility threshold.
  case illegible
  /// A word too wide for its line at the legible size was broken between characters
  /// (``LayoutFields/overlongWords`` `break`).
  case brokenWord = "broken-word"
  /// A phrase too wide for its line at the legible size was broken inside itself
  /// (``LayoutFields/wordBreak`` `phrase`), at an opportunity of the line-break rules.
  case brokenPhrase = "broken-phrase"
  /// The round screen cuts the label in a scrolled Wear OS list (``StackSpec/scroll``) at a
  /// position where its item is wholly on the screen (`strings`, a stack with `scroll`).
  case cutByScreen = "cut-by-screen"
  /// No canvas given could check the string (`strings`: a curved, edge-button or scrolled
  /// layout and no round screen among the canvases); a preview never has it.
  case unchecked
}

/// One variant of a preview: a canvas in a Dynamic Type size, rendered.
public struct PreviewCell: Sendable {
  /// The canvas as given (`45mm`, `390x844`).
  public var canvas: String
  /// The Dynamic Type size.
  public var category: ContentSizeCategory
  /// Whether the canvas offers this size (a watch has no Medium and no accessibility sizes);
  /// an unavailable cell has no render.
  public var isAvailable: Bool
  /// The fitted (common) size, in pixels.
  public var size: Double = 0
  /// The fitted size in points (half the pixels on a watch); in sp on a Wear OS canvas
  /// (``pointUnit``), whose text scales by the font scale rather than Dynamic Type.
  public var points: Double = 0
  /// What ``points`` counts: `sp` on a Wear OS canvas, `pt` elsewhere.
  public var pointUnit = "pt"
  /// The maximum size the style gives here, in pixels.
  public var maximumSize: Double = 0
  /// What limited the size, in words (`the width of "exponentially"`).
  public var limit: String = ""
  /// The legibility threshold applied, in points.
  public var minimumLegiblePoints: Double = 0
  /// What is wrong with this variant, if anything.
  public var problems: [PreviewProblem] = []
  /// The render, kept only when ``PreviewRequest/keepsCellImages`` asks for it (each cell is
  /// otherwise drawn onto the sheet, written to ``PreviewRequest/cellFolder`` if one is given,
  /// and dropped, so memory holds one render at a time).
  public var image: Canvas? = nil
  /// The render's size in pixels (0 × 0 for a cell with no render).
  public var imageSize: (width: Int, height: Int) = (0, 0)
  /// The drawing the render was painted from (the sheet's SVG embeds it), or `nil` for a cell
  /// with no render.
  public var drawing: Drawing? = nil
  /// Characters no font had (drawn as boxes).
  public var missingCharacters: [Unicode.Scalar] = []
  /// The render's warnings.
  public var warnings: [String] = []
  /// The render's PNG text chunks.
  public var metadata: [(key: String, value: String)] = []

  /// `45mm xxxLarge`.
  public var name: String { "\(canvas) \(column.title)" }
  /// The Wear OS font scale of the cell's column, or `nil` for none.
  public var fontScale: Double? = nil
  /// The canvas's outline (round cells are drawn inside a bezel).
  public var shape: CanvasShape = .rectangle
  /// Why a cell that is not available is empty: its size is not a watch's, or its font scale
  /// is Wear OS's on an Apple Watch.
  public var unavailableReason = "not on a watch"
  /// The cell's column: its size and font scale.
  public var column: PreviewColumn { PreviewColumn(category: category, fontScale: fontScale) }
}
