import WordFitCore
import WordFitText

/// `curved`: the whole text on one line along the top or bottom arc of a round screen, as Wear
/// OS's `curvedText` and `TimeText` draw it, fitted to the sweep and the ring inside the bezel.
package struct CurvedLayout: TextLayout {
  package var lineNoun: String { "line" }
  package var reportsBreaks: Bool { false }
  /// One line has no word of its own to break.
  package var defaultOverlongWords: OverlongWordPolicy { .shrink }
  package var followsTheScreensEdge: Bool { true }
  /// A curved line shrinks to its sweep; it is never tightened or narrowed.
  package var narrows: Bool { false }

  /// Always one.
  package func lineLimit(_ requested: Int?) -> Int? { 1 }

  /// Lays out through ``WordStackRenderer/layOutCurved(_:_:)``.
  package func layOut(_ spec: RenderSpec, _ resolved: ResolvedLayout, with renderer: WordStackRenderer) throws
    -> LaidOutText
  {
    _ = try Self.paragraph(spec.text)
    return try renderer.layOutCurved(spec, resolved)
  }

  /// Refused: a stack's boxes are straight.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming ``Parameter/layout``.
  package func prepare(
    _ request: inout StackRequest, labels: [String], _ layout: ResolvedLayout, breakers: TextBreakers,
    warnings: inout [String]
  ) throws {
    throw WordFitError(
      .usage, "\(Parameter.layout) curved lays out one text along an arc; a stack's labels take words, wrap or line",
      reason: .notOneOf(.layout, value: "curved", choices: ["words", "wrap", "line"]))
  }
}
