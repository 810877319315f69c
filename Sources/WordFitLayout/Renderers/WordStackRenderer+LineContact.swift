import WordFitCore
import WordFitText

extension WordStackRenderer {
  /// A warning for each pair of consecutive lines whose ink touches as drawn (on some pixel
  /// column the upper line's lowest inked row reaches the lower line's highest): what a line
  /// height below the fonts' own can do. Only asked when the layout changes the line box.
  ///
  /// - Complexity: O(*g* · *w* · *h*) for the lines' *g* glyphs, each *w* by *h* pixels.
  static func lineContactWarnings(
    _ layout: WordStackLayout, _ lines: [ShapedText], fonts: [Font], fields: LayoutFields
  ) -> [String] {
    guard lines.count > 1, lines.count == layout.lines.count else { return [] }
    let columns = zip(lines, layout.lines).map { $0.inkColumns(fonts: fonts, origin: $1.origin) }
    var touching: [String] = []
    for index in 1..<lines.count where ShapedText.inkTouches(columns[index - 1], columns[index]) {
      touching.append("\"\(layout.lines[index - 1].text)\" and \"\(layout.lines[index].text)\"")
    }
    guard let first = touching.first else { return [] }
    let asked =
      fields.lineHeight == .variable
      ? "\(Parameter.leading) \(fields.leading.rawValue)" : "\(Parameter.lineHeight) \(fields.lineHeight.text)"
    let more = touching.count > 1 ? " and \(touching.count - 1) more pairs" : ""
    return ["the ink of lines \(first)\(more) touches at \(asked); raise it or accept the overlap"]
  }
}
