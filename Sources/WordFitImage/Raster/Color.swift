import WordFitCore

/// An sRGB colour with 8-bit channels and straight (not premultiplied) alpha.
public struct Color: Sendable, Equatable, Hashable {
  /// Red, 0…255.
  public var red: UInt8
  /// Green, 0…255.
  public var green: UInt8
  /// Blue, 0…255.
  public var blue: UInt8
  /// Opacity, 0 (transparent) … 255 (opaque).
  public var alpha: UInt8

  /// Creates a colour from 8-bit channels.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Opaque white, `#FFFFFF`.
  public static let white = Color(red: 255, green: 255, blue: 255)
  /// Opaque black, `#000000`, the watchOS background.
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// Fully transparent.
  public static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)

  /// Whether the colour is fully opaque.
  public var isOpaque: Bool { alpha == 255 }
  /// Whether red, green and blue are equal.
  public var isGrey: Bool { red == green && green == blue }

  /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
  public var hexString: String {
    func hex(_ value: UInt8) -> String {
      let digits = Array("0123456789ABCDEF")
      return String([digits[Int(value >> 4)], digits[Int(value & 15)]])
    }
    return "#" + hex(red) + hex(green) + hex(blue) + (isOpaque ? "" : hex(alpha))
  }

  /// The names ``parse(_:appearance:for:)`` accepts, with their light and dark values.
  public static let namedColors: [(name: String, light: Color, dark: Color)] = [
    ("white", .white, .white),
    ("black", .black, .black),
    ("transparent", .transparent, .transparent),
    ("clear", .transparent, .transparent),
    ("blue", Color(red: 0x00, green: 0x7A, blue: 0xFF), Color(red: 0x0A, green: 0x84, blue: 0xFF)),
    ("accent", Color(red: 0x00, green: 0x7A, blue: 0xFF), Color(red: 0x0A, green: 0x84, blue: 0xFF)),
    ("green", Color(red: 0x34, green: 0xC7, blue: 0x59), Color(red: 0x30, green: 0xD1, blue: 0x58)),
    ("red", Color(red: 0xFF, green: 0x3B, blue: 0x30), Color(red: 0xFF, green: 0x45, blue: 0x3A)),
  ]

  /// Parses `#RRGGBB`, `#RRGGBBAA`, `#RGB` or a name (`white`, `black`, `transparent`/`clear`,
  /// and the system colours `blue`/`accent`, `green`, `red` in the given appearance).
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the accepted forms.
  public static func parse(_ text: String, appearance: Appearance = .dark, for parameter: Parameter = .fg)
    throws -> Color
  {
    let lowered = text.lowercased()
    if let named = namedColors.first(where: { $0.name == lowered }) {
      return appearance == .light ? named.light : named.dark
    }
    if lowered.hasPrefix("#") {
      var digits = Array(lowered.dropFirst())
      if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
      if digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit) {
        var values: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
          values.append(UInt8(String(digits[index...index + 1]), radix: 16) ?? 0)
        }
        return Color(red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] : 255)
      }
    }
    throw WordFitError.notOneOf(parameter, text, choices: ["#RRGGBB", "#RRGGBBAA", "#RGB"] + namedColors.map(\.name))
  }
}
