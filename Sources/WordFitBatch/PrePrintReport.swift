import WordFitBadges
import WordFitCore

/// What an organiser checks before printing a batch: how many rows had to shrink to the
/// minimum size, which fields were cut, and the smallest size each field was drawn at.
public struct PrePrintReport: Sendable, Equatable, Encodable {
  /// Rows where a field (a template region, or the text) was drawn at the minimum size.
  public var rowsAtMinimumSize = 0
  /// Rows in which each field (region name, or `text`) was truncated.
  public var truncatedFields: [String: Int] = [:]
  /// The smallest size each field was drawn at, in pixels.
  public var smallestSizes: [String: Double] = [:]
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
    let fields =
      row.regions?.map { ($0.name, $0.size, $0.limit, $0.truncated) }
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
}
