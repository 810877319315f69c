import WordFitCore
import WordFitDrawing
import WordFitImage
import WordFitOutput

/// Whether a badge's texts survive a label printer's 1-bit threshold, and the dots that print
/// it: a region's text survives when the dots inside its box differ from the dots of the badge
/// drawn without its texts (white text on a light band thresholds to the band's white and
/// vanishes). Made by ``BadgeRenderer`` with ``BadgeOutput/oneBit``.
public struct OneBitText: Sendable {
  /// What to do about a region whose text would not print.
  public enum Fix: String, Sendable, CaseIterable {
    /// Print the badge as thresholded; the region is reported.
    case warn
    /// Print the region's text in black (the band under it stays as thresholded).
    case black
    /// Print the region's box black with its text knocked out in white.
    case knockout
  }

  /// A region with text, by name and box, in the badge's pixels.
  struct Region: Sendable {
    var name: String
    var box: PixelBox
  }

  let regions: [Region]
  /// The badge's dots as drawn (photos dithered).
  let plain: LabelDots
  /// The badge's dots drawn without its texts (its artwork and the regions' backgrounds), made
  /// inside the regions' boxes only (every other dot white): it is compared only there.
  let artwork: LabelDots
  /// The regions whose text does not survive the threshold: their dots are the artwork's.
  let lost: [Region]
  /// The texts' coverage, 0…255 per pixel, row by row (the badge's size); made only when a
  /// region is lost (a fix needs it), else empty.
  let coverage: [UInt8]
  let width: Int

  /// Whether the texts cover the pixel at (`x`, `y`) by at least half.
  func covers(_ x: Int, _ y: Int) -> Bool { coverage[y * width + x] >= 128 }

  /// The regions of `regions` whose text does not survive: the dots `plain` has inside the
  /// region's box are those of `artwork`.
  ///
  /// - Complexity: O(the regions' areas).
  static func lost(_ regions: [Region], plain: LabelDots, artwork: LabelDots) -> [Region] {
    regions.filter { plain.sameDots(as: artwork, in: $0.box) }
  }

  /// The badge's dots with `fix` applied to each region whose text would not print, and the
  /// regions whose text still does not.
  ///
  /// - Complexity: O(*w* × *h*) when a region is fixed, else O(1).
  public func dots(fix: Fix) -> (dots: LabelDots, lost: [String]) {
    guard fix != .warn, !lost.isEmpty, coverage.count == width * plain.height else { return (plain, lost.map(\.name)) }
    typealias Edit = (box: PixelBox, black: Bool, covered: (Int, Int) -> Bool)
    let everywhere: (Int, Int) -> Bool = { _, _ in true }
    var edits: [Edit] = []
    for region in lost {
      if fix == .knockout { edits.append((region.box, true, everywhere)) }
      edits.append((region.box, fix == .black, covers))
    }
    let fixed = plain.applying(edits)
    return (fixed, lost.filter { fixed.sameDots(as: artwork, in: $0.box) }.map(\.name))
  }

  /// The warning for regions whose text does not print, or `nil`.
  public static func warning(lost: [String], fix: Fix) -> String? {
    guard !lost.isEmpty else { return nil }
    let names = lost.joined(separator: ", ")
    return fix == .warn
      ? "on the label printer's 1-bit dots the text of \(names) prints as its background (light text on a light band, or dark on dark); print it black or knocked out of a black box (\(Parameter.oneBit): black or knockout)"
      : "on the label printer's 1-bit dots the text of \(names) does not print even \(fix == .black ? "in black" : "knocked out"); change its colours in the template"
  }
}

extension BadgeRendering {
  /// This badge as `printer`'s job: its 1-bit dots, with `fix` applied to each text that would
  /// not survive the threshold when the badge was rendered with ``BadgeOutput/oneBit``, and the
  /// warning naming the texts that do not print.
  ///
  /// - Throws: as the printer's `job(for:dotsPerInch:)` (``LabelPrinter``).
  /// - Complexity: O(*w* × *h*).
  public func printerJob(on printer: LabelPrinter, fix: OneBitText.Fix) throws -> (job: [UInt8], warning: String?) {
    let job = try printerJobAndLost(on: printer, fix: fix)
    return (job.job, OneBitText.warning(lost: job.lost, fix: fix))
  }

  /// The printer's job, and the regions whose text it loses after `fix`.
  func printerJobAndLost(on printer: LabelPrinter, fix: OneBitText.Fix) throws -> (job: [UInt8], lost: [String]) {
    guard let oneBit else { return (try printer.job(for: canvas, dotsPerInch: dotsPerInch), []) }
    let (dots, lost) = oneBit.dots(fix: fix)
    return (try printer.job(for: dots, dotsPerInch: dotsPerInch), lost)
  }
}
