/// A piece of text between two line-break opportunities: a line may end after it.
public struct LineSegment: Sendable, Equatable {
  /// The text, with the spaces after it (they hang at a line's end and are not measured there).
  public var text: String
  /// Whether a line must end after it (a line or paragraph separator, a newline).
  public var endsWithMandatoryBreak: Bool

  /// A segment of `text`.
  public init(_ text: String, endsWithMandatoryBreak: Bool = false) {
    self.text = text
    self.endsWithMandatoryBreak = endsWithMandatoryBreak
  }
}

/// Finds where a text may be broken into lines (UAX #14): the fitting engine's view of a line
/// breaker, as ``WordMeasuring`` is its view of a font. WordFitText's `LineBreaker` implements
/// it with ICU; tests give the engine a fake.
public protocol LineBreaking {
  /// `text` cut at every line-break opportunity, in order; the segments join to `text`.
  ///
  /// - Complexity: O(*n*) in the text's length.
  func segments(of text: String) -> [LineSegment]
}

extension LineSegment {
  /// What a line made of `segments` shows: their text joined, the spaces and line separators
  /// at its end removed (they hang), and a soft hyphen at its end shown as "-"; soft hyphens
  /// inside it stay invisible.
  public static func lineText(_ segments: ArraySlice<LineSegment>) -> String {
    var text = segments.map(\.text).joined()
    while let last = text.unicodeScalars.last, last.properties.isWhitespace || last == "\u{2028}" || last == "\u{2029}"
    {
      text.unicodeScalars.removeLast()
    }
    if text.unicodeScalars.last == "\u{00AD}" {
      text.unicodeScalars.removeLast()
      text += "-"
    }
    return text
  }
}
