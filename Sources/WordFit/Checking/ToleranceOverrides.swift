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

  /// Creates overrides; `nil` leaves a setting to the layer below.
  public init(
    threshold: Double? = nil, includeAA: Bool? = nil, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil,
    maxChannelDelta: Int? = nil
  ) {
    self.threshold = threshold
    self.includeAA = includeAA
    self.maxDiffPixels = maxDiffPixels
    self.maxDiffRatio = maxDiffRatio
    self.maxChannelDelta = maxChannelDelta
  }

  /// The JSON keys this type reads, in declaration order (for the manual page).
  public static var keys: [String] { CodingKeys.allCases.map(\.rawValue) }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case threshold, includeAA, maxDiffPixels, maxDiffRatio, maxChannelDelta
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
    return result
  }
}
