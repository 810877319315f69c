import WordFitCore
import WordFitText

/// A kind whose lines are straight and stacked one under another (`words`, `wrap`, `line`):
/// they share the renderer's placement and differ in how the text is cut and fitted.
package protocol StraightLines: TextLayout {
  /// Whether the lines take the paragraph's direction (its first strong character's, unless one
  /// is asked for), as CoreText lays out a paragraph; one word a line takes each word's own.
  var takesParagraphDirection: Bool { get }

  /// The words fitted one a line, or none for a paragraph.
  ///
  /// - Throws: ``WordFitError`` `.usage` for a text that is empty or only white space.
  func words(of text: String) throws -> [String]

  /// The fit of `text` (its ``words(of:)`` are `request`'s) under `resolved`, warnings appended.
  ///
  /// - Throws: as the fitting engine.
  func fit(
    _ text: String, _ request: FitRequest, _ resolved: ResolvedLayout, measurer: TextMeasurer,
    breakers: TextBreakers, warnings: inout [String]
  ) throws -> FitResult
}

extension StraightLines {
  /// Lays out through ``WordStackRenderer/layOutStraight(_:_:as:)``.
  package func layOut(_ spec: RenderSpec, _ resolved: ResolvedLayout, with renderer: WordStackRenderer) throws
    -> LaidOutText
  {
    try renderer.layOutStraight(spec, resolved, as: self)
  }

  /// Straight lines narrow.
  package var narrows: Bool { true }

  /// Straight lines sit on any screen.
  package var followsTheScreensEdge: Bool { false }
}
