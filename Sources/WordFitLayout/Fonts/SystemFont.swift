import WordFitCore

/// The platform font a canvas shows text in, which `font: "system"` (the default) asks for: SF
/// Compact on an Apple Watch, SF Pro on a `WxH` canvas, Roboto on a Wear OS screen.
///
/// It is used when installed (found by family through fontconfig, for example SF Compact copied
/// from a Mac: Apple's licence forbids shipping it); otherwise WordFit draws with what it
/// bundles: Roboto itself for Wear OS (Apache-2.0, from Debian's `fonts-roboto-unhinted`), and
/// for SF the stand-in Inter Display, the open font whose widths and heights come closest to
/// SF's (`scripts/system-font-standin.py`; the README's "The system font" has the table). Renders
/// name the font they used (`WordFit-Font` in the PNG, `font` in `--json`).
public enum SystemFont: String, Sendable, Hashable, CaseIterable {
  /// SF Compact: the Apple Watch's system font.
  case sfCompact = "SF Compact"
  /// SF Pro: the system font on iPhone, iPad and Mac (`WxH` canvases).
  case sfPro = "SF Pro"
  /// Roboto: Wear OS's system font.
  case roboto = "Roboto"

  /// The families tried, in order (Apple ships SF as one family, and, in older releases, as
  /// separate Text and Display families).
  public var families: [String] {
    switch self {
    case .sfCompact: ["SF Compact", "SF Compact Text", "SF Compact Display"]
    case .sfPro: ["SF Pro", "SF Pro Text", "SF Pro Display"]
    case .roboto: ["Roboto"]
    }
  }

  /// The system font of `canvas`.
  public static func of(_ canvas: CanvasSize) -> SystemFont {
    guard let watch = canvas.watch else { return .sfPro }
    return watch.name.hasPrefix("wear-") ? .roboto : .sfCompact
  }

  /// The bundled stand-in's variable file, in WordFit's `Fonts/`: Inter Display, `wght`
  /// 100…900. It draws a weight between the hundreds and any `variations`; the standard weights
  /// draw with its static instances (``standInFileName(weight:variations:)``).
  public static let standInVariableFileName = "InterDisplay-Variable.ttf"

  /// The bundled file drawn for this font when it is not installed, at `weight`: for Roboto
  /// without `variations`, the bundled Roboto face nearest `weight` (CSS matching: below 400 the
  /// lighter first, above 500 the heavier);
  /// otherwise Inter Display's static instance for a standard weight (100, 200 … 900) without
  /// `variations` (`InterDisplay-Bold.ttf`, made from the variable file by
  /// `scripts/make-standin-instances.py`), which is shaped once per text and whose glyph boxes
  /// scale from font units, else Inter Display's variable file (Roboto's bundled faces have no
  /// axes).
  public func standInFileName(weight: FontWeight, variations: [String: Double] = [:]) -> String {
    if self == .roboto, variations.isEmpty { return Self.robotoFileName(weight: weight) }
    guard variations.isEmpty, let style = Self.standInStyles[weight.value] else { return Self.standInVariableFileName }
    return "InterDisplay-\(style).ttf"
  }

  /// The bundled Roboto face for `weight`: Thin, Light, Regular, Medium, Bold or Black, the
  /// nearest as CSS matches a weight (below 400 the lighter first, above 500 the heavier).
  static func robotoFileName(weight: FontWeight) -> String {
    let faces = [(100, "Thin"), (300, "Light"), (400, "Regular"), (500, "Medium"), (700, "Bold"), (900, "Black")]
    let wanted = weight.value
    let style =
      faces.first { $0.0 == wanted }?.1
      ?? (wanted < 400
        ? (faces.last { $0.0 < wanted } ?? faces[0]).1 : (faces.first { $0.0 > wanted } ?? faces[faces.count - 1]).1)
    return "Roboto-\(style).ttf"
  }

  /// The static instances' style names by weight, as their files are named.
  static let standInStyles = [
    100: "Thin", 200: "ExtraLight", 300: "Light", 400: "Regular", 500: "Medium", 600: "SemiBold", 700: "Bold",
    800: "ExtraBold", 900: "Black",
  ]

  /// The `font` values that mean the system font.
  static let keywords: Set<String> = ["system"]
  /// The `font` value that means the bundled DejaVu Sans (WordFit's default before the system
  /// font: keeps goldens made with it).
  static let dejaVuKeyword = "dejavu"
}
