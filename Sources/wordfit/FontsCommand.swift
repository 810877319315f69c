import Foundation
import WordFit

/// `wordfit fonts`: which font draws each part of a text, and why.
enum FontsCommand {
  /// What `fonts` is asked.
  struct Input {
    var layout = LayoutFields.words
    var json = false
  }

  static let options: [Option<Input>] =
    LayoutOptions.fontOptions().filter { $0.usage.names[0] != "missing-glyphs" }.map {
      $0.lifted(\Input.layout)
    } + [.flag("json", \.json, help: "Print the explanation as JSON.")]

  static let command = Command(
    name: "fonts", abstract: "Show which font draws each part of a text, and what no font covers.",
    usage: "wordfit fonts TEXT [--font F] [options]",
    discussion:
      "For each stretch of the text: the font that draws it and why (the font has it; an emoji found a colour font; the best fallback fontconfig offers; no font covers it). Exit status: 0, 64 usage, 65 unreadable font, 66 font not found.",
    options: options, run: run)

  static func run(_ parsed: ParsedCommandLine<Input>) throws -> Int32 {
    var input = Input()
    try parsed.apply(to: &input)
    guard let text = try RenderCommand.text(parsed.positionals, textFile: nil), !text.isEmpty else {
      throw WordFitError(.usage, "no text given; pass TEXT (see 'wordfit fonts --help')")
    }
    let explanation = try FontExplanation.explain(text, fields: input.layout)
    for warning in explanation.warnings { Console.error("wordfit: warning: \(warning)") }
    if input.json {
      Console.outText(try Console.json(Report(explanation)))
    } else {
      print(explanation)
    }
    return 0
  }

  private static func print(_ explanation: FontExplanation) {
    let primary = explanation.primary
    Console.out("font:     \(primary.family) \(primary.style) (\(primary.version)) \(primary.file)")
    Console.out("fallback: \(explanation.fallback) (fontconfig \(explanation.fontconfigVersion))")
    for span in explanation.spans where !span.text.allSatisfy(\.isWhitespace) {
      let points = span.codePoints.map(TextFormatting.codePoint)
      let shown = points.count > 6 ? points.prefix(6).joined(separator: " ") + " …" : points.joined(separator: " ")
      Console.out("  \(span.text)  \(shown)")
      Console.out("    → \(span.font.family) \(span.font.style): \(why(span.reason))")
    }
    if !explanation.uncovered.isEmpty {
      Console.out(
        "no font has: \(explanation.uncovered.map(TextFormatting.codePoint).joined(separator: " ")) (drawn as boxes)")
    }
  }

  private static func why(_ reason: ClusterFont.Reason) -> String {
    switch reason {
    case .primary: "the font has every character"
    case .emoji: "an emoji presentation, drawn by a colour font"
    case .fallback: "the font lacks a character; the best fallback that has them all"
    case .uncovered: "no font available has it; drawn as the font's box"
    }
  }

  /// The JSON form.
  struct Report: Encodable {
    struct Span: Encodable {
      var text: String
      var codePoints: [String]
      var font: FontUsage
      var reason: String
    }
    var font: FontUsage
    var fallback: String
    var fontconfig: String
    var spans: [Span]
    var uncovered: [String]

    init(_ explanation: FontExplanation) {
      font = explanation.primary
      fallback = explanation.fallback
      fontconfig = explanation.fontconfigVersion
      spans = explanation.spans.map {
        Span(
          text: $0.text, codePoints: $0.codePoints.map(TextFormatting.codePoint), font: $0.font,
          reason: $0.reason.rawValue)
      }
      uncovered = explanation.uncovered.map(TextFormatting.codePoint)
    }
  }
}
