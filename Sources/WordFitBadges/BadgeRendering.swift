import WordFitCore
import WordFitDrawing
import WordFitImage
import WordFitLayout
import WordFitText

/// A finished badge: the pixels and each region's fit.
public struct BadgeRendering: RenderedImage {
  /// One region as fitted and drawn.
  public struct Region: Sendable {
    /// The region's name.
    public var name: String
    /// Its box on the badge, in pixels.
    public var box: PixelBox
    /// The text drawn.
    public var text: String
    /// The region's fit, lines, fonts and warnings as a ``Rendering``. Its `canvas` is empty
    /// (1×1): the region is drawn straight onto the badge.
    public var rendering: Rendering
    /// The size group, if any.
    public var sizeGroup: String?
    /// Whether another member of its size group set its size (it alone would fit larger).
    public var limitedByGroup = false
    /// The smallest size its text is legible at in print, in points: the region's `minLegible`,
    /// else ``BadgeRendering/printLegiblePoints``.
    public var minimumLegiblePoints = BadgeRendering.printLegiblePoints

    init(
      name: String, box: PixelBox, text: String, laidOut: LaidOutText, rendering: Rendering? = nil,
      sizeGroup: String?, limitedByGroup: Bool
    ) {
      self.name = name
      self.box = box
      self.text = text
      self.sizeGroup = sizeGroup
      self.limitedByGroup = limitedByGroup
      self.rendering =
        rendering ?? laidOut.rendering(canvas: .placeholder)
    }
  }

  /// The smallest printed text size WordFit holds a badge to by default, in points (8 pt, the
  /// usual floor for small print; a region's `minLegible` sets its own).
  public static let printLegiblePoints = 8.0

  /// The regions, in template order.
  public var regions: [Region]

  /// A region's size in points, as printed at the badge's resolution.
  public func points(of region: Region) -> Double { region.rendering.layout.fit.size * 72 / dotsPerInch }

  /// A warning for each region printed under its legible size
  /// (``Region/minimumLegiblePoints``).
  public var legibilityWarnings: [String] {
    regions.filter { points(of: $0) < $0.minimumLegiblePoints }.map {
      let points = TextFormatting.pixels((self.points(of: $0) * 100).rounded() / 100)
      return
        "the region \($0.name) is printed at \(points) pt, under its legible size \(TextFormatting.pixels($0.minimumLegiblePoints)) pt; give it more room or a shorter text"
    }
  }
  /// The badge.
  public var canvas: Canvas
  /// Pixels per inch, for the PNG's `pHYs` chunk.
  public var dotsPerInch: Double

  /// The template's resolution, recorded in the PNG so printers print the badge at its size.
  public var preferredDotsPerInch: Int? { Int(dotsPerInch.rounded()) }

  /// The first region's font.
  public var fontName: String { regions.first?.rendering.fontName ?? "" }
  /// Characters no font had, in any region.
  public var missingCharacters: [Unicode.Scalar] {
    var all: [Unicode.Scalar] = []
    for region in regions { all += region.rendering.missingCharacters.filter { !all.contains($0) } }
    return all
  }
  /// What the badge draws, for a PDF page, when ``BadgeOutput/drawing`` was asked for.
  public var drawing: Drawing? = nil
  /// Whether each text survives a label printer's 1-bit threshold, with ``BadgeOutput/oneBit``.
  public var oneBit: OneBitText? = nil
  /// The regions whose text the printer's job made by ``file(in:bleed:png:oneBitFix:)`` loses
  /// (after its fix): empty until such a job is made.
  public internal(set) var oneBitLost: [String] = []
  /// The CUPS job the badge became, when it was handed to a queue (`--printer cups:QUEUE`).
  public var printJob: Int? = nil
  /// Each QR code's module, in px, in template order.
  public var qrModulePixels: [Int] = []
  /// The smallest QR module, in mm, or `nil` without a QR code.
  public var smallestQRModuleMillimetres: Double? {
    qrModulePixels.min().map { Double($0) * 25.4 / dotsPerInch }
  }
  /// Rows' images that were missing or unreadable and left their boxes empty.
  public var imageWarnings: [String] = []

  /// The regions' warnings, each once, then the images'.
  public var warnings: [String] {
    var all: [String] = []
    for region in regions { all += region.rendering.warnings.filter { !all.contains($0) } }
    return all + imageWarnings
  }

  /// Text chunks: the version, each region's text and size (`WordFit-Text` holds them all, so a
  /// rerun recognises its own file).
  public var metadata: [(key: String, value: String)] {
    [
      ("Software", "WordFit \(wordFitVersion)"),
      ("WordFit-Text", regions.map(\.text).joined(separator: " | ")),
      (
        "WordFit-Sizes",
        regions.map { "\($0.name)=\(TextFormatting.pixels($0.rendering.layout.fit.size))" }.joined(separator: ",")
      ),
    ]
      + (regions.first?.rendering.metadata.filter {
        ["WordFit-Font", "WordFit-FreeType", "WordFit-HarfBuzz"].contains($0.key)
      } ?? [])
  }
}

/// What ``BadgeRenderer/render(_:fields:language:imageFolder:output:)`` makes of a badge.
public struct BadgeOutput: OptionSet, Sendable {
  /// The option bits.
  public let rawValue: Int
  /// Creates options from their bits.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// The pixels (a PNG's): ``BadgeRendering/canvas``. Without it the canvas is 1×1.
  public static let pixels = BadgeOutput(rawValue: 1)
  /// The drawing a PDF page is made from: ``BadgeRendering/drawing``.
  public static let drawing = BadgeOutput(rawValue: 2)
  /// What a label printer's 1-bit threshold needs to tell whether each text prints:
  /// ``BadgeRendering/oneBit`` (with ``pixels``).
  public static let oneBit = BadgeOutput(rawValue: 4)
  /// With ``oneBit``: the printer's label takes black and red ink (``LabelDots/Inks``).
  public static let redInk = BadgeOutput(rawValue: 8)
}
