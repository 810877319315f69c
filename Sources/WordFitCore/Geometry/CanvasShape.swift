/// The outline of a screen: a rectangle, a circle, or a rectangle with rounded corners.
///
/// Text is fitted inside the outline, not merely inside the canvas: on a circle each line gets
/// the chord at its height (see ``ContentOutline``). Insets apply inside the outline: a circle
/// inset by 8 px on every side is a circle of radius r − 8, a rounded rectangle inset by 8 px
/// has corners of radius R − 8.
public enum CanvasShape: Sendable, Hashable, CustomStringConvertible {
  /// The whole canvas (every rectangle WordFit knew before shapes).
  case rectangle
  /// The ellipse inscribed in the canvas: a circle on a square canvas (Wear OS, Galaxy Watch).
  case circle
  /// The canvas with corners rounded to `radius` pixels (clamped to half the shorter side).
  case rounded(radius: Double)

  /// The spelling `--shape` and the spec key `shape` take: `rect`, `circle`, `rounded:R`.
  public var description: String {
    switch self {
    case .rectangle: "rect"
    case .circle: "circle"
    case .rounded(let radius): "rounded:\(TextFormatting.pixels(radius))"
    }
  }

  /// Reads `rect`, `circle` or `rounded:R` (R in pixels, 0…8192).
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the three forms, or the radius's range.
  public static func parse(_ text: String) throws -> CanvasShape {
    let lowered = text.lowercased()
    switch lowered {
    case "rect", "rectangle": return .rectangle
    case "circle", "round": return .circle
    default: break
    }
    guard lowered.hasPrefix("rounded:") else {
      if ["capsule", "rounded"].contains(lowered) {
        throw WordFitError(
          .usage,
          "\(Parameter.shape) '\(text)' is a box shape; the screen's shape is rect, circle or rounded:R — give box shapes as \(Parameter.boxShapeName)",
          reason: .notOneOf(.shape, value: text, choices: ["rect", "circle", "rounded:R"]))
      }
      throw WordFitError.notOneOf(.shape, text, choices: ["rect", "circle", "rounded:R (R in px)"])
    }
    guard let radius = Double(lowered.dropFirst("rounded:".count)), radius.isFinite else {
      throw WordFitError(
        .usage, "\(Parameter.shape) '\(text)' has no radius; give one in pixels, such as rounded:40",
        reason: .malformed(.shape, value: text, expected: "rounded:R with R in pixels"))
    }
    guard (0...8192).contains(radius) else {
      throw WordFitError.outOfRange(.shape, text, range: "rounded:0…8192", unit: "px")
    }
    return .rounded(radius: radius)
  }

  /// The region text must stay inside on a `width` × `height` canvas with `insets`, in canvas
  /// pixels, or `nil` for a rectangle (the inset box itself is the region).
  ///
  /// The outline is offset inwards by the insets: a circle becomes the ellipse inscribed in the
  /// inset box (radius r − i for equal insets i), rounded corners lose the smallest inset from
  /// their radius.
  public func outline(canvasWidth width: Int, canvasHeight height: Int, insets: EdgeInsets) -> ContentOutline? {
    let box = PixelBox(
      minX: insets.leading, minY: insets.top, maxX: width - insets.trailing, maxY: height - insets.bottom)
    switch self {
    case .rectangle:
      return nil
    case .circle:
      return ContentOutline(box: box, kind: .ellipse)
    case .rounded(let radius):
      let inset = Swift.min(insets.top, insets.leading, insets.bottom, insets.trailing)
      let inner = Swift.max(0, radius - Double(inset))
      return inner > 0 ? ContentOutline(box: box, kind: .rounded(radius: inner)) : nil
    }
  }

  /// The outline of the whole canvas (no insets), for masks and bezels, or `nil` for a rectangle.
  public func outline(canvasWidth width: Int, canvasHeight height: Int) -> ContentOutline? {
    outline(canvasWidth: width, canvasHeight: height, insets: EdgeInsets(all: 0))
  }
}

extension CanvasShape: Codable {
  /// Reads the `--shape` spelling from a JSON string.
  public init(from decoder: Decoder) throws {
    self = try Self.parse(try decoder.singleValueContainer().decode(String.self))
  }

  /// Writes the `--shape` spelling.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
