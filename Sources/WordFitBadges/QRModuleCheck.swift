import WordFitCore

/// Whether a badge's QR codes have modules large enough for the output they go to: at least
/// ``dotsPerModule`` dots a module at the lowest resolution the output may be rasterised at.
///
/// A QR code drawn with every module the same whole number of badge pixels can still fail to
/// decode where a printer or a RIP rasterises the page coarser: at 150–200 dpi a 2-dot module
/// lands on 1 or 2 dots unevenly, and 1–4 codes a page of 0.34 mm modules failed with zbar. A
/// PDF is vector and may be rasterised at 150 dpi (print previews, economy modes, proofing
/// RIPs), so its modules should be at least 3 dots there (0.51 mm); a PNG (a badge's, a print
/// sheet's) and a label printer's job are the template's own pixels at its dpi (a printer's dpi
/// is the template's), so there a module should be 3 of them. A batch writing both is held to
/// the stricter.
public struct QRModuleCheck: Sendable, Equatable, Encodable {
  /// The resolution checked against, in dots per inch.
  public var dotsPerInch: Double
  /// Dots a module needs at ``dotsPerInch``.
  public static let dotsPerModule = 3.0
  /// The resolution a PDF or a print sheet may be rasterised at, in dpi.
  public static let printResolution = 150.0

  /// The check for a batch's outputs: a PDF at ``printResolution``, pixels (PNGs, sheets,
  /// printer jobs) at the template's own resolution; both, the lower of the two.
  public init(writesPDF: Bool, writesPixels: Bool, templateDotsPerInch: Double) {
    switch (writesPDF, writesPixels) {
    case (true, true): dotsPerInch = Swift.min(Self.printResolution, templateDotsPerInch)
    case (true, false): dotsPerInch = Self.printResolution
    default: dotsPerInch = templateDotsPerInch
    }
  }

  /// The smallest module that passes, in mm.
  public var minimumMillimetres: Double { Self.dotsPerModule / dotsPerInch * 25.4 }

  /// Whether a module of `millimetres` passes.
  public func passes(moduleMillimetres millimetres: Double) -> Bool { millimetres >= minimumMillimetres - 1e-9 }

  /// The warning for QR modules as small as `millimetres` in `rows` rows (`nil`: one badge, no
  /// count), or `nil` when they pass: `QR modules as small as 0.34 mm (2 dots at 150 dpi) in 12
  /// rows; …`.
  public func warning(smallestModule millimetres: Double, rows: Int? = nil) -> String? {
    guard !passes(moduleMillimetres: millimetres) else { return nil }
    let dots = (millimetres / 25.4 * dotsPerInch * 10).rounded() / 10
    let smallest = (millimetres * 100).rounded() / 100
    return
      "QR modules as small as \(TextFormatting.pixels(smallest)) mm (\(TextFormatting.pixels(dots)) dots at \(TextFormatting.pixels(dotsPerInch)) dpi)\(rows.map { " in \($0) row\($0 == 1 ? "" : "s")" } ?? ""); under \(TextFormatting.pixels(Self.dotsPerModule)) dots (\(TextFormatting.pixels((minimumMillimetres * 100).rounded() / 100)) mm) a module some readers fail, so make the QR box larger, its data shorter or its error correction lower"
  }
}
