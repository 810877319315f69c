import WordFitCore
import WordFitImage
import WordFitText

/// Colours for the rows whose value in a column matches.
public struct ColorRule: Sendable, Equatable {
  /// The text colour.
  public var foreground: String
  /// The background colour, when the rule sets one.
  public var background: String?

  /// Creates a rule from colour names or hex values.
  public init(foreground: String, background: String? = nil) {
    self.foreground = foreground
    self.background = background
  }

  /// Parses `VALUE=FG[/BG],VALUE=FG[/BG]…` (for example `Speaker=#FF9500,Staff=green/black`).
  ///
  /// - Throws: ``WordFitError`` `.usage` for an entry without `=`.
  public static func parseList(_ text: String) throws -> [String: ColorRule] {
    var rules: [String: ColorRule] = [:]
    for entry in text.split(separator: ",") {
      let pair = entry.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard pair.count == 2, !pair[0].isEmpty, !pair[1].isEmpty else {
        throw WordFitError(
          .usage, "\(Parameter.colors) '\(entry)' is not VALUE=COLOR or VALUE=FG/BG (for example Speaker=#FF9500)",
          reason: .malformed(.colors, value: String(entry), expected: "VALUE=COLOR or VALUE=FG/BG"))
      }
      let colors = pair[1].split(separator: "/", maxSplits: 1).map(String.init)
      rules[pair[0]] = ColorRule(foreground: colors[0], background: colors.count == 2 ? colors[1] : nil)
    }
    return rules
  }
}
