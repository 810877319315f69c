import Foundation

/// Where a font cascade looks for characters its primary font lacks.
public enum FallbackPolicy: Sendable, Hashable {
  /// Ask fontconfig, per character, for the best installed font (coverage, language, colour for
  /// emoji, then the primary font's weight and slant), as CoreText walks its cascade list.
  case automatic
  /// No fallback: characters the font lacks are drawn as its `.notdef` box.
  case none
  /// These fonts (files or fontconfig patterns), tried in order; nothing else.
  case fonts([String])

  /// Reads `auto`, `none`, or a comma-separated list of fonts.
  public init(parsing text: String) {
    switch text.trimmingCharacters(in: .whitespaces).lowercased() {
    case "auto", "": self = .automatic
    case "none": self = .none
    default:
      self = .fonts(
        text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }
  }

  /// The policy as written on a command line: `auto`, `none`, or the fonts joined by commas.
  public var description: String {
    switch self {
    case .automatic: "auto"
    case .none: "none"
    case .fonts(let fonts): fonts.joined(separator: ",")
    }
  }
}
