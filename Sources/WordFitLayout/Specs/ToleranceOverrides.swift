import WordFitCore
import WordFitImage
import WordFitText

/// Tolerance settings that may each be absent, as written in `wordfit-check.json`, in a spec's
/// `"tolerance"` object, or given on the command line; later layers override earlier ones.
public struct ToleranceOverrides: Sendable, Equatable, Codable {
  /// Colour distance threshold in [0, 1].
  public var threshold: Double?
  /// Whether anti-aliased pixels count as differences.
  public var includeAA: Bool?
  /// Differing pixels allowed.
  public var maxDiffPixels: Int?
  /// Differing pixels allowed as a ratio of all pixels, in [0, 1].
  public var maxDiffRatio: Double?
  /// The largest channel change any pixel may show, 0…255.
  public var maxChannelDelta: Int?
  /// Regions left out of the comparison, in pixels; written `[[x, y, width, height], …]`.
  /// Unlike the other settings, masks of every layer add up.
  public var mask: [PixelBox]?

  /// Creates overrides; `nil` leaves a setting to the layer below.
  public init(
    threshold: Double? = nil, includeAA: Bool? = nil, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil,
    maxChannelDelta: Int? = nil, mask: [PixelBox]? = nil
  ) {
    self.mask = mask
    self.threshold = threshold
    self.includeAA = includeAA
    self.maxDiffPixels = maxDiffPixels
    self.maxDiffRatio = maxDiffRatio
    self.maxChannelDelta = maxChannelDelta
  }

  /// The JSON keys this type reads, in declaration order (for the manual page).
  public static var keys: [String] { CodingKeys.allCases.map(\.rawValue) }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case threshold, includeAA, maxDiffPixels, maxDiffRatio, maxChannelDelta, mask
  }

  /// Decodes overrides, rejecting unknown keys.
  public init(from decoder: Decoder) throws {
    try SpecDecoding.rejectUnknownKeys(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    let container = try decoder.container(keyedBy: CodingKeys.self)
    threshold = try container.decodeIfPresent(Double.self, forKey: .threshold)
    includeAA = try container.decodeIfPresent(Bool.self, forKey: .includeAA)
    maxDiffPixels = try container.decodeIfPresent(Int.self, forKey: .maxDiffPixels)
    maxDiffRatio = try container.decodeIfPresent(Double.self, forKey: .maxDiffRatio)
    maxChannelDelta = try container.decodeIfPresent(Int.self, forKey: .maxChannelDelta)
    mask = try Self.decodeMask(container)
  }

  /// `"mask": [[x, y, width, height], …]`, each four whole pixels.
  static func decodeMask(_ container: KeyedDecodingContainer<CodingKeys>) throws -> [PixelBox]? {
    guard let lists = try container.decodeIfPresent([[Int]].self, forKey: .mask) else { return nil }
    return try lists.map { list in
      guard list.count == 4 else {
        throw DecodingError.dataCorruptedError(
          forKey: .mask, in: container,
          debugDescription: "each region is [x, y, width, height] in pixels, not \(list.count) numbers")
      }
      return PixelBox(x: list[0], y: list[1], width: list[2], height: list[3])
    }
  }

  /// `overrides` with a spec's top-level `"mask"` (the same as its `"tolerance": {"mask": …}`)
  /// added.
  ///
  /// - Throws: `DecodingError` for a malformed mask.
  static func addingSpecMask(from decoder: Decoder, to overrides: ToleranceOverrides?) throws -> ToleranceOverrides? {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let mask = try decodeMask(container) else { return overrides }
    var result = overrides ?? ToleranceOverrides()
    result.mask = (result.mask ?? []) + mask
    return result
  }

  /// Encodes the settings given, a mask as `[[x, y, width, height], …]`.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(threshold, forKey: .threshold)
    try container.encodeIfPresent(includeAA, forKey: .includeAA)
    try container.encodeIfPresent(maxDiffPixels, forKey: .maxDiffPixels)
    try container.encodeIfPresent(maxDiffRatio, forKey: .maxDiffRatio)
    try container.encodeIfPresent(maxChannelDelta, forKey: .maxChannelDelta)
    try container.encodeIfPresent(mask?.map { [$0.minX, $0.minY, $0.width, $0.height] }, forKey: .mask)
  }

  /// Whether no setting is given.
  public var isEmpty: Bool { self == ToleranceOverrides() }

  /// `tolerance` with every setting given here replacing its value.
  public func applied(to tolerance: ComparisonTolerance) -> ComparisonTolerance {
    var result = tolerance
    if let threshold { result.threshold = threshold }
    if let includeAA { result.includesAntiAliasing = includeAA }
    if let maxDiffPixels { result.maxDiffPixels = maxDiffPixels }
    if let maxDiffRatio { result.maxDiffRatio = maxDiffRatio }
    if let maxChannelDelta { result.maxChannelDelta = maxChannelDelta }
    if let mask { result.mask += mask }
    return result
  }
}
