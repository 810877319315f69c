import WordFitCore
import WordFitText

/// `wrap`: broken at line-break opportunities (UAX #14) to fill each line, as SwiftUI lays out
/// a `Text` with a `lineLimit`: greedy, like CoreText; its words may also break at hyphenation
/// points and, below the legible size, between clusters.
package struct WrapLayout: StraightLines {
  package var lineNoun: String { "line" }
  package var reportsBreaks: Bool { true }
  /// A wrapped word wider than its line breaks between clusters, as TextKit wraps one.
  package var defaultOverlongWords: OverlongWordPolicy { .break }
  package var takesParagraphDirection: Bool { true }

  /// The limit asked for.
  package func lineLimit(_ requested: Int?) -> Int? { requested }

  /// None: the text is one paragraph.
  package func words(of text: String) throws -> [String] { try Self.paragraph(text) }

  /// `text` cut at its break opportunities (NFC, without white space at its ends) by the
  /// layout's ICU rules (its language and strictness), joined into phrases with
  /// ``WordBreak/phrase`` (a warning when no model applies).
  ///
  /// - Throws: as ``LineBreaker/init(language:strictness:)`` and
  ///   ``TextBreakers/phraseSegmenter(for:text:)``.
  /// - Complexity: O(*n*) in the text's length.
  static func segments(
    of text: String, _ resolved: ResolvedLayout, breakers: TextBreakers, warnings: inout [String]
  ) throws -> [LineSegment] {
    let normalized = TextSegmentation.trimmedNFC(text)
    let segments = try breakers.breaker(for: resolved.language, strictness: resolved.lineBreak).segments(of: normalized)
    guard resolved.wordBreak == .phrase else { return segments }
    let (segmenter, warning) = try breakers.phraseSegmenter(for: resolved.language, text: normalized)
    if let warning, !warnings.contains(warning) { warnings.append(warning) }
    return segmenter?.phrases(of: segments) ?? segments
  }

  /// Fits the paragraph: words may break at hyphenation points (``ResolvedLayout/hyphenation``
  /// `auto`) and below the legible size between clusters
  /// (``Fitter/fitWrappedText(_:segments:hyphenate:)``); a missing language or dictionary is a
  /// warning.
  package func fit(
    _ text: String, _ request: FitRequest, _ resolved: ResolvedLayout, measurer: TextMeasurer,
    breakers: TextBreakers, warnings: inout [String]
  ) throws -> FitResult {
    let segments = try Self.segments(of: text, resolved, breakers: breakers, warnings: &warnings)
    let fitter = Fitter(measurer: measurer)
    guard resolved.hyphenation == .auto else { return try fitter.fitWrappedText(request, segments: segments) }
    let (dictionary, warning) = breakers.hyphenationDictionary(for: resolved.language)
    if let warning { warnings.append(warning) }
    guard let dictionary else { return try fitter.fitWrappedText(request, segments: segments) }
    return try fitter.fitWrappedText(request, segments: segments) {
      try Hyphenator.shared(contentsOf: dictionary).hyphenated(segments)
    }
  }

  /// Each label wrapped in its box: its segments, the line limit, truncation, balance and how
  /// overlong words break.
  ///
  /// - Throws: as ``LineBreaker/init(language:strictness:)``.
  package func prepare(
    _ request: inout StackRequest, labels: [String], _ layout: ResolvedLayout, breakers: TextBreakers,
    warnings: inout [String]
  ) throws {
    (request.wraps, request.lineLimit, request.truncation) = (true, layout.lineLimit, layout.truncation)
    request.balancesLines = layout.balancesLines
    (request.overlongWords, request.legibleSize) = (layout.overlongWords, layout.legibleSize)
    request.labelSegments = try labels.map {
      try Self.segments(of: $0, layout, breakers: breakers, warnings: &warnings)
    }
  }
}
