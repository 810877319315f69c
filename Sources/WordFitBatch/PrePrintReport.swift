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

  /// Counts a written row: its regions, or its one text.
  mutating func count(_ row: BatchRowReport) {
    guard row.status == .written else { return }
    let fields =
      row.regions?.map { ($0.name, $0.size, $0.limit, $0.truncated) }
      ?? row.size.map { [("text", $0, row.limit ?? "", !row.truncatedWords.isEmpty)] } ?? []
    if fields.contains(where: { $0.2 == FitLimit.minimumSize.rawValue }) { rowsAtMinimumSize += 1 }
    for (name, size, _, truncated) in fields {
      if truncated { truncatedFields[name, default: 0] += 1 }
      smallestSizes[name] = Swift.min(smallestSizes[name] ?? size, size)
    }
  }
}
