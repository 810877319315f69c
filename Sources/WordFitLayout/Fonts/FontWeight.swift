import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// A font weight on the OpenType scale, 100 (thin) … 900 (black), as SwiftUI's `Font.Weight`.
///
/// It picks the nearest face of a family through fontconfig and the `wght` axis of a variable
/// font (the bundled stand-in for the system font is one), and for `font: "dejavu"` DejaVu Sans
/// Bold from 600, DejaVu Sans below.
public struct FontWeight: RawRepresentable, Sendable, Hashable, Codable, CaseIterable {
  /// The weight, 1…1000 (the standard weights are the hundreds).
  public var value: Int

  /// Thin (100).
  public static let thin = FontWeight(value: 100)
  /// Extra light (200).
  public static let extraLight = FontWeight(value: 200)
  /// Light (300).
  public static let light = FontWeight(value: 300)
  /// Regular (400).
  public static let regular = FontWeight(value: 400)
  /// Medium (500).
  public static let medium = FontWeight(value: 500)
  /// Semibold (600).
  public static let semibold = FontWeight(value: 600)
  /// Bold (700), the seed's `.fontWeight(.bold)`.
  public static let bold = FontWeight(value: 700)
  /// Heavy (800).
  public static let heavy = FontWeight(value: 800)
  /// Black (900).
  public static let black = FontWeight(value: 900)

  /// The named weights, thin to black.
  public static let allCases: [FontWeight] = [
    .thin, .extraLight, .light, .regular, .medium, .semibold, .bold, .heavy, .black,
  ]

  private static let names = [
    "thin": 100, "extralight": 200, "ultralight": 200, "light": 300, "regular": 400, "normal": 400, "medium": 500,
    "semibold": 600, "demibold": 600, "bold": 700, "heavy": 800, "extrabold": 800, "black": 900,
  ]

  /// A weight of `value` (1…1000).
  public init(value: Int) { self.value = value }

  /// Reads a name (`thin` … `black`, as listed in the README) or a number 1…1000.
  public init?(rawValue: String) {
    let key = rawValue.lowercased().replacingOccurrences(of: "-", with: "")
    if let named = Self.names[key] {
      value = named
    } else if let number = Int(rawValue), (1...1000).contains(number) {
      value = number
    } else {
      return nil
    }
  }

  /// The name of a standard weight (`bold`), or the number.
  public var rawValue: String {
    ["thin", "extralight", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
      .first { Self.names[$0] == value } ?? "\(value)"
  }

  /// Reads a weight, or throws a usage error naming the valid values.
  public static func parse(_ text: String) throws -> FontWeight {
    guard let weight = FontWeight(rawValue: text.trimmingCharacters(in: .whitespaces)) else {
      throw WordFitError(
        .usage,
        "\(Parameter.weight) \"\(text)\" is not a weight; give 100…900 or thin, light, regular, medium, semibold, bold, heavy, black",
        reason: .malformed(.weight, value: text, expected: "100…900 or a name such as bold"))
    }
    return weight
  }

  /// Decodes a name or a number.
  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      self = try Self.parse("\(number)")
    } else {
      self = try Self.parse(try container.decode(String.self))
    }
  }

  /// Encodes the name, or the number when the weight has no name.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// The bundled DejaVu Sans file for this weight (`font: "dejavu"`): bold from semibold up.
  public var bundledFileName: String { value >= 600 ? "DejaVuSans-Bold.ttf" : "DejaVuSans.ttf" }
}
