import WordFitCore
import WordFitImage

/// A label printer's language a badge can be written in (`--printer`): the badge's own pixels
/// (the PNG's), turned into dots by ``MonochromeBitmap`` at the template's resolution — one dot
/// a pixel, so the resolution must be the printer's.
public enum LabelPrinter: Sendable, Equatable {
  /// Zebra ZPL II (``ZPLLabel``), at a head's dots per inch (`nil`: the template's).
  case zpl(dotsPerInch: Int?)

  /// Parses `zpl` or `zpl:DPI` (152, 203, 300 or 600).
  ///
  /// - Throws: ``WordFitError`` `.malformed` naming ``Parameter/printer``.
  public static func parse(_ text: String) throws -> LabelPrinter {
    let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    guard parts[0].lowercased() == "zpl" else {
      throw WordFitError.malformed(.printer, text, expected: "zpl or zpl:DPI (Zebra ZPL II)")
    }
    guard parts.count == 2 else { return .zpl(dotsPerInch: nil) }
    guard let dpi = Int(parts[1]), ZPLLabel.dotsPerInch.contains(dpi) else {
      throw WordFitError.malformed(
        .printer, text,
        expected: "zpl:DPI with DPI one of \(ZPLLabel.dotsPerInch.map(String.init).joined(separator: ", "))")
    }
    return .zpl(dotsPerInch: dpi)
  }

  /// The extension of a file holding one job (`zpl`).
  public var fileExtension: String { "zpl" }

  /// The job that prints `canvas`, a badge drawn at `dotsPerInch`.
  ///
  /// - Throws: ``WordFitError`` `.usage` when the badge's resolution is not one the printer
  ///   has, or not the one asked for.
  /// - Complexity: O(*w* × *h*).
  public func job(for canvas: Canvas, dotsPerInch: Double) throws -> [UInt8] {
    try check(dotsPerInch: dotsPerInch)
    switch self {
    case .zpl: return ZPLLabel.label(MonochromeBitmap(canvas))
    }
  }

  /// Throws unless a badge drawn at `dotsPerInch` prints a dot a pixel on this printer.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming both resolutions and the template's `dpi` key.
  public func check(dotsPerInch: Double) throws {
    switch self {
    case .zpl(let asked):
      let dpi = Int(dotsPerInch.rounded())
      guard Double(dpi) == dotsPerInch, ZPLLabel.dotsPerInch.contains(dpi), asked == nil || asked == dpi else {
        let heads = asked.map { "\($0) dpi" } ?? ZPLLabel.dotsPerInch.map { "\($0)" }.joined(separator: ", ") + " dpi"
        throw WordFitError(
          .usage,
          "the badge is drawn at \(TextFormatting.pixels(dotsPerInch)) dpi and the printer prints at \(heads), a dot a pixel; set the template's \"dpi\" to the printer's (a design in mm keeps its size)",
          reason: .malformed(.printer, value: "zpl", expected: "a template at the printer's resolution"))
      }
    }
  }
}
