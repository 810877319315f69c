import WordFitCore

/// One region of a printed badge as every output reports it — the batch's manifest and
/// pre-print report, `render --template --json`, the desk's answers and log: its size as drawn
/// and as printed, what limited it, and whether its text reaches the paper legibly (at its
/// legible size, and on a label printer's 1-bit dots at all). Made only by
/// ``BadgeRendering/printedRegions(side:)``, so a new output reads the same measures.
public struct PrintedRegion: Sendable, Equatable, Encodable {
  /// The region's name in the template.
  public var name: String
  /// Its text as drawn (not in the batch's manifest, whose row holds the text).
  public var text: String
  /// Its fitted size, in pixels.
  public var size: Double
  /// Its size as printed at the badge's resolution, in points.
  public var points: Double
  /// The size it must reach to be legible, in points (its `minLegible`, else 8 pt).
  public var minimumPoints: Double
  /// What limited its size (`maximumSize`, `width`, `height`, `lineLimit`, `minimumSize`,
  /// `sizeGroup`).
  public var limit: String
  /// Whether its text was truncated.
  public var truncated: Bool
  /// `back` for a region of the badge's back; `nil` for the front.
  public var side: String?
  /// `true` when a label printer's 1-bit dots lose its text (it prints as its background),
  /// after the one-bit fix; `nil` for outputs that are not 1-bit or when it prints.
  public var lostOnOneBit: Bool?

  /// `true` when it is printed under its legible size; `nil` otherwise.
  public var illegible: Bool? { points < minimumPoints ? true : nil }

  /// The region's name as reports list it: `name`, or `name (back)`.
  public var field: String { side.map { "\(name) (\($0))" } ?? name }

  /// What the manifest and `--json` hold of a region.
  enum CodingKeys: String, CodingKey {
    case name, size, limit, side, illegible, lostOnOneBit
  }

  /// Encodes the manifest's fields (absent values left out).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(size, forKey: .size)
    try container.encode(limit, forKey: .limit)
    try container.encodeIfPresent(side, forKey: .side)
    try container.encodeIfPresent(illegible, forKey: .illegible)
    try container.encodeIfPresent(lostOnOneBit, forKey: .lostOnOneBit)
  }
}

extension BadgeRendering {
  /// Each region of this side of the badge as printed (`side` `back` for a back), in template
  /// order: the one report every output reads.
  ///
  /// - Complexity: O(*r*) for *r* regions.
  public func printedRegions(side: String? = nil) -> [PrintedRegion] {
    regions.map {
      PrintedRegion(
        name: $0.name, text: $0.text, size: $0.rendering.layout.fit.size, points: points(of: $0),
        minimumPoints: $0.minimumLegiblePoints,
        limit: $0.limitedByGroup ? "sizeGroup" : $0.rendering.layout.fit.limit.rawValue,
        truncated: !$0.rendering.layout.fit.truncatedWords.isEmpty, side: side,
        lostOnOneBit: oneBitLost.contains($0.name) ? true : nil)
    }
  }
}
