/// How far apart a text's baselines are (SwiftUI 26's `AttributedString.LineHeight`, set with
/// `.lineHeight(_:)`): the fonts' own metrics, or a constant box every line gets whatever the
/// ascent and descent of its fonts (`--line-height`, spec key `lineHeight`).
///
/// A constant line height is one line box per line, its glyphs centred in it as CSS centres
/// them (half the difference between the box and the font's ascent plus descent above the
/// ascent, half below the descent), so consecutive baselines are exactly the line height apart.
/// Points are the canvas's points (2 px on an Apple Watch or Wear OS canvas, 1 px elsewhere).
public enum LineHeight: Sendable, Equatable, Hashable {
  /// Each line's fonts' ascender, descender and line gap (SwiftUI's `.variable`): WordFit's
  /// default, and what SwiftUI chooses for text that does not ask.
  case variable
  /// The point size × `factor` (`.multiple(factor:)`).
  case multiple(Double)
  /// The point size plus `points` (`.leading(increase:)`).
  case leading(points: Double)
  /// Exactly `points` (`.exact(points:)`).
  case exact(points: Double)
  /// SwiftUI's `.normal`, `.tight` and `.loose`: a multiple of the point size Apple does not
  /// publish; WordFit takes ``namedFactors`` (say `multiple:F` when it matters).
  case named(Named)

  /// The three multiples SwiftUI names.
  public enum Named: String, Sendable, CaseIterable {
    /// `.normal`.
    case normal
    /// `.tight`.
    case tight
    /// `.loose`.
    case loose
  }

  /// The factors WordFit takes for the named line heights: Apple documents them only as
  /// "perceived as" normal, tight and loose; 1.2 is CSS's and most browsers' `normal` for
  /// Latin fonts, 1.0 and 1.4 the common tight and loose settings of design tools.
  public static let namedFactors: [Named: Double] = [.normal: 1.2, .tight: 1.0, .loose: 1.4]

  /// The largest factor of `multiple:F`.
  public static let factorLimit = 10.0
  /// The largest amount, in points, of `leading:PT` (either way) and `exact:PT`.
  public static let pointLimit = 1000.0

  /// Reads `variable`, `normal`, `tight`, `loose`, `multiple:F`, `leading:PT` or `exact:PT`.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming ``Parameter/lineHeight`` and what it takes.
  public init(parsing text: String) throws {
    let lowered = text.lowercased()
    if lowered == "variable" {
      self = .variable
      return
    }
    if let named = Named(rawValue: lowered) {
      self = .named(named)
      return
    }
    let parts = lowered.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    let expected = "variable, normal, tight, loose, multiple:F, leading:PT or exact:PT"
    guard parts.count == 2, let value = Double(parts[1]), value.isFinite else {
      throw WordFitError.malformed(.lineHeight, TextFormatting.excerpt(text), expected: expected)
    }
    switch parts[0] {
    case "multiple":
      guard value > 0, value <= Self.factorLimit else {
        throw WordFitError.outOfRange(
          .lineHeight, TextFormatting.excerpt(text), range: "multiple:F with F above 0 and at most 10")
      }
      self = .multiple(value)
    case "leading":
      guard abs(value) <= Self.pointLimit else {
        throw WordFitError.outOfRange(
          .lineHeight, TextFormatting.excerpt(text), range: "leading:PT within ±1000 points")
      }
      self = .leading(points: value)
    case "exact":
      guard value > 0, value <= Self.pointLimit else {
        throw WordFitError.outOfRange(
          .lineHeight, TextFormatting.excerpt(text), range: "exact:PT above 0 and at most 1000 points")
      }
      self = .exact(points: value)
    default:
      throw WordFitError.malformed(.lineHeight, TextFormatting.excerpt(text), expected: expected)
    }
  }

  /// The spelling ``init(parsing:)`` reads back.
  public var text: String {
    switch self {
    case .variable: "variable"
    case .named(let named): named.rawValue
    case .multiple(let factor): "multiple:\(TextFormatting.pixels(factor))"
    case .leading(let points): "leading:\(TextFormatting.pixels(points))"
    case .exact(let points): "exact:\(TextFormatting.pixels(points))"
    }
  }

  /// This line height on a canvas of `pixelsPerPoint`, with the font's `leading` (which only a
  /// variable line height takes).
  public func box(pixelsPerPoint: Double, leading: FontLeading = .standard, isWatch: Bool) -> LineBox {
    switch self {
    case .variable: .fontMetrics(gap: leading.points(isWatch: isWatch) * pixelsPerPoint)
    case .multiple(let factor): .constant(factor: factor, pixels: 0)
    case .named(let named): .constant(factor: Self.namedFactors[named] ?? 1.2, pixels: 0)
    case .leading(let points): .constant(factor: 1, pixels: points * pixelsPerPoint)
    case .exact(let points): .constant(factor: 0, pixels: points * pixelsPerPoint)
    }
  }
}

extension LineHeight: Codable {
  /// Decodes the words ``init(parsing:)`` reads, or a number as `multiple:` it (CSS's unitless
  /// `line-height`).
  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let factor = try? container.decode(Double.self) {
      guard factor.isFinite, factor > 0, factor <= Self.factorLimit else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "line height \(factor) is not a multiple above 0 and at most 10")
      }
      self = .multiple(factor)
      return
    }
    let text = try container.decode(String.self)
    do {
      self = try LineHeight(parsing: text)
    } catch let error as WordFitError {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
    }
  }

  /// Encodes as ``text``.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }
}
