import Foundation
import WordFitCore
import WordFitText

/// What tracking a layout asks for (`--tracking`, spec key `tracking`): none, `auto` (the
/// tracking the platform applies: the font's own `trak` table, or for the system font's
/// stand-in on an Apple Watch Apple's published SF Compact table), or a fixed amount in pixels.
public enum TrackingMode: Sendable, Equatable, Codable {
  /// No tracking.
  case none
  /// The platform's tracking by point size, as CoreText applies it.
  case auto
  /// A fixed amount between clusters, in pixels (negative tightens).
  case pixels(Double)

  /// The largest tracking or kerning taken, in pixels either way.
  public static let limit = 100.0

  /// Reads `none`, `auto` or a number of pixels.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the parameter and what it takes.
  public init(parsing text: String) throws {
    switch text.lowercased() {
    case "none": self = .none
    case "auto": self = .auto
    default:
      guard let value = Double(text), value.isFinite, abs(value) <= Self.limit else {
        throw WordFitError.malformed(
          .tracking, TextFormatting.excerpt(text), expected: "none, auto or pixels within ±\(Int(Self.limit))")
      }
      self = .pixels(value)
    }
  }

  /// Decodes `"none"`, `"auto"` or a number of pixels.
  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(Double.self) {
      self = .pixels(value)
      guard value.isFinite, abs(value) <= Self.limit else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "tracking \(value) is outside ±\(Int(Self.limit)) px")
      }
      return
    }
    let text = try container.decode(String.self)
    guard let mode = try? TrackingMode(parsing: text) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected none, auto or pixels")
    }
    self = mode
  }

  /// Encodes as `"none"`, `"auto"` or the number.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .none: try container.encode("none")
    case .auto: try container.encode("auto")
    case .pixels(let value): try container.encode(value)
    }
  }

  /// The tracking drawn with `primary` under this mode, plus `kerning` px: `auto` takes the
  /// font's `trak` table, else for the system font's stand-in on an Apple Watch the published
  /// SF Compact table, else none.
  package func tracking(
    primary: Font, systemFont: SystemFont?, canvas: CanvasSize, kerning: Double
  ) -> Tracking {
    let pixelsPerPoint = Double(canvas.pixelsPerPoint)
    let base: Tracking
    switch self {
    case .none: base = .none
    case .pixels(let pixels): base = .pixels(pixels)
    case .auto:
      if let table = primary.trackingTable(pixelsPerPoint: pixelsPerPoint) {
        base = .table(table, extraPixels: 0)
      } else if systemFont == .sfCompact, canvas.watch.map({ !$0.isWearOS }) ?? false {
        base = .table(.sfCompact(pixelsPerPoint: pixelsPerPoint), extraPixels: 0)
      } else {
        base = .none
      }
    }
    return base.adding(kerning)
  }
}
