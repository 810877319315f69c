import WordFitCore
import WordFitText

/// The label window of a Wear OS edge button (Material 3 `EdgeButton`), whatever the layout's
/// kind: `labelMedium` at the font scale, wrapped in at most ``EdgeButton/maxLines`` centred
/// lines cut with "…", drawn over the button at the bottom of a round screen.
package struct EdgeButtonLabelLayout: TextLayout {
  /// The button the label sits in.
  let button: EdgeButton

  package var lineNoun: String { "line" }
  package var reportsBreaks: Bool { true }
  /// Wrapped, as ``WrapLayout``.
  package var defaultOverlongWords: OverlongWordPolicy { .break }
  /// It sits at the bottom of a round screen.
  package var followsTheScreensEdge: Bool { true }
  package var narrows: Bool { true }

  /// The button's own: at most ``EdgeButton/maxLines``.
  package func lineLimit(_ requested: Int?) -> Int? { button.maxLines }

  /// Lays out through ``WordStackRenderer/layOutEdgeButton(_:_:button:)``.
  package func layOut(_ spec: RenderSpec, _ resolved: ResolvedLayout, with renderer: WordStackRenderer) throws
    -> LaidOutText
  {
    try renderer.layOutEdgeButton(spec, resolved, button: button)
  }

  /// Refused: one label sits on one screen's button, not in a stack's boxes.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming ``Parameter/edgeButton``.
  package func prepare(
    _ request: inout StackRequest, labels: [String], _ layout: ResolvedLayout, breakers: TextBreakers,
    warnings: inout [String]
  ) throws {
    throw WordFitError(
      .usage,
      "\(Parameter.edgeButton) \(button.height) puts one label on one screen's button, not a stack of boxes; preview each label as a text, or set the labels side by side on their buttons (stack, as a PNG)",
      reason: .malformed(.edgeButton, value: String(button.height), expected: "no edge button in a stack of boxes"))
  }
}
