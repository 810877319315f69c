import WordFitCore
import WordFitText

/// `line`: the whole text on one line, shrunk to fit, as SwiftUI's `.lineLimit(1)`.
package struct LineLayout: StraightLines {
  package var lineNoun: String { "line" }
  package var reportsBreaks: Bool { false }
  /// One line has no word of its own to break.
  package var defaultOverlongWords: OverlongWordPolicy { .shrink }
  package var takesParagraphDirection: Bool { true }

  /// Always one.
  package func lineLimit(_ requested: Int?) -> Int? { 1 }

  /// None: the text is one paragraph.
  package func words(of text: String) throws -> [String] { try Self.paragraph(text) }

  /// The text as one segment (``StraightLines/oneLine(_:)``), fitted by
  /// ``Fitter/fitWrapped(_:segments:)`` at one line.
  package func fit(
    _ text: String, _ request: FitRequest, _ resolved: ResolvedLayout, measurer: TextMeasurer,
    breakers: TextBreakers, warnings: inout [String]
  ) throws -> FitResult {
    try Fitter(measurer: measurer).fitWrapped(request, segments: Self.oneLine(text))
  }

  /// A box a label, each label on one line: nothing to set.
  package func prepare(
    _ request: inout StackRequest, labels: [String], _ layout: ResolvedLayout, breakers: TextBreakers,
    warnings: inout [String]
  ) throws {}
}
