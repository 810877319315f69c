import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// Which bundled font to use when no font file is given.
public enum FontWeight: String, Sendable, Codable, CaseIterable {
  /// DejaVu Sans Bold (the seed's `.fontWeight(.bold)`).
  case bold
  /// DejaVu Sans.
  case regular

  /// The bundled file for this weight.
  public var bundledFileName: String {
    switch self {
    case .bold: "DejaVuSans-Bold.ttf"
    case .regular: "DejaVuSans.ttf"
    }
  }
}
