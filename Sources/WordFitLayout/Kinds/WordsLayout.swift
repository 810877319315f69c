import WordFitCore
import WordFitText

/// `words`: one word a line, every word at one size (the seed's `WordsToFit`).
package struct WordsLayout: StraightLines {
  package var lineNoun: String { "word" }
  package var reportsBreaks: Bool { false }
  /// A SwiftUI `Text` with `lineLimit(1)` per word never breaks a word: it shrinks.
  package var defaultOverlongWords: OverlongWordPolicy { .shrink }
  package var takesParagraphDirection: Bool { false }

  /// No limit: one line a word.
  package func lineLimit(_ requested: Int?) -> Int? { nil }

  /// The text's words (``TextSegmentation/words(of:)``).
  ///
  /// - Complexity: O(*n*) in the text's length.
  package func words(of text: String) throws -> [String] {
    let words = TextSegmentation.words(of: text)
    guard !words.isEmpty else { throw Self.blank(text) }
    return words
  }

  /// ``Fitter/fitWords(_:)``.
  package func fit(
    _ text: String, _ request: FitRequest, _ resolved: ResolvedLayout, measurer: TextMeasurer,
    breakers: TextBreakers, warnings: inout [String]
  ) throws -> FitResult {
    try Fitter(measurer: measurer).fitWords(request)
  }

  /// A box a label, each label on one line: nothing to set.
  package func prepare(
    _ request: inout StackRequest, labels: [String], _ layout: ResolvedLayout, breakers: TextBreakers,
    warnings: inout [String]
  ) throws {}
}
