import WordFitBadges
import WordFitCore

/// What an organiser checks before printing a batch: how many rows had to shrink to the
/// minimum size, which fields were cut, and the smallest size each field was drawn at.
public struct PrePrintReport: Sendable, Equatable {
  /// Rows where a field (a template region, or the text) was drawn at the minimum size.
  public var rowsAtMinimumSize = 0
  /// Rows in which each field (region name, or `text`) was truncated.
  public var truncatedFields: [String: Int] = [:]
  /// The smallest size each field was drawn at, in pixels. A back's field is named
  /// `name (back)`.
  public var smallestSizes: [String: Double] = [:]
  /// The smallest size each field of a badge was printed at, in points, with its legible size.
  public var smallestPoints: [String: (points: Double, minimum: Double)] = [:]
  /// Rows in which each field was printed under its legible size (a region's `minLegible`,
  /// else 8 pt).
  public var illegibleFields: [String: Int] = [:]
  /// Rows in which each field's text does not print on a label printer's 1-bit dots (after
  /// the one-bit fix).
  public var lostOnOneBitFields: [String: Int] = [:]
  /// The smallest QR module drawn, in mm, or `nil` without QR codes.
  public var smallestQRModule: Double? = nil
  /// The check QR modules are held to (the batch's outputs), when the batch draws them.
  public var qrCheck: QRModuleCheck? = nil
  /// Rows whose smallest QR module fails ``qrCheck``.
  public var rowsWithSmallQRModules = 0
  /// The warning about small QR modules, or `nil` when every module passes.
  public var qrWarning: String? {
    guard let qrCheck, let smallest = smallestQRModule else { return nil }
    return qrCheck.warning(smallestModule: smallest, rows: rowsWithSmallQRModules)
  }

  /// Counts a written row: its regions, or its one text.
  mutating func count(_ row: BatchRowReport) {
    guard row.status == .written else { return }
    for region in row.regions ?? [] {
      let known = smallestPoints[region.field]
      if known.map({ region.points < $0.points }) ?? true {
        smallestPoints[region.field] = (region.points, region.minimumPoints)
      }
      if region.illegible == true { illegibleFields[region.field, default: 0] += 1 }
      if region.lostOnOneBit == true { lostOnOneBitFields[region.field, default: 0] += 1 }
    }
    let fields =
      row.regions?.map { ($0.field, $0.size, $0.limit, $0.truncated) }
      ?? row.size.map { [("text", $0, row.limit ?? "", !row.truncatedWords.isEmpty)] } ?? []
    if fields.contains(where: { $0.2 == FitLimit.minimumSize.rawValue }) { rowsAtMinimumSize += 1 }
    if let module = row.qrModule {
      smallestQRModule = Swift.min(smallestQRModule ?? module, module)
      if let qrCheck, !qrCheck.passes(moduleMillimetres: module) { rowsWithSmallQRModules += 1 }
    }
    for (name, size, _, truncated) in fields {
      if truncated { truncatedFields[name, default: 0] += 1 }
      smallestSizes[name] = Swift.min(smallestSizes[name] ?? size, size)
    }
  }

  /// The fields printed under their legible size, or `nil` when none was: `back: name (back)
  /// 6.92 pt in 3 rows (legible from 8 pt)`.
  public var legibilityWarning: String? {
    guard !illegibleFields.isEmpty else { return nil }
    let parts = illegibleFields.sorted { $0.key < $1.key }.map { field, rows -> String in
      let smallest = smallestPoints[field]
      let points = TextFormatting.pixels(((smallest?.points ?? 0) * 100).rounded() / 100)
      let minimum = TextFormatting.pixels(smallest?.minimum ?? 0)
      return "\(field) down to \(points) pt in \(rows) row\(rows == 1 ? "" : "s") (legible from \(minimum) pt)"
    }
    return "printed under the legible size: " + parts.joined(separator: ", ")
      + "; give those regions more room, a shorter text or a smaller minLegible"
  }

  /// The fields whose text a printer's 1-bit dots lose, or `nil` when every text prints:
  /// `name in 3 rows`.
  public var oneBitWarning: String? {
    guard !lostOnOneBitFields.isEmpty else { return nil }
    let parts = lostOnOneBitFields.sorted { $0.key < $1.key }.map {
      "\($0.key) in \($0.value) row\($0.value == 1 ? "" : "s")"
    }
    return "not printed on the label printer's 1-bit dots (the text prints as its background): "
      + parts.joined(separator: ", ") + "; print it black or knocked out (\(Parameter.oneBit)), or change its colours"
  }

  /// Whether two reports hold the same counts and sizes.
  public static func == (a: PrePrintReport, b: PrePrintReport) -> Bool {
    a.rowsAtMinimumSize == b.rowsAtMinimumSize && a.truncatedFields == b.truncatedFields
      && a.smallestSizes == b.smallestSizes && a.smallestQRModule == b.smallestQRModule && a.qrCheck == b.qrCheck
      && a.rowsWithSmallQRModules == b.rowsWithSmallQRModules && a.illegibleFields == b.illegibleFields
      && a.lostOnOneBitFields == b.lostOnOneBitFields
      && a.smallestPoints.mapValues { [$0.points, $0.minimum] }
        == b.smallestPoints.mapValues { [$0.points, $0.minimum] }
  }
}
