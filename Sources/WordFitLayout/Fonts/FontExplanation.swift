import Foundation
import WordFitCore
import WordFitText

/// Which font draws each part of a text, and why: what `wordfit fonts` prints, so a user can
/// see why a badge shows a box or an unexpected font.
public struct FontExplanation: Sendable, Equatable {
  /// A stretch of consecutive clusters drawn by one font for one reason.
  public struct Span: Sendable, Equatable {
    /// The text of the span.
    public var text: String
    /// Its code points.
    public var codePoints: [Unicode.Scalar]
    /// The font that draws it (the primary font for an uncovered span: its box).
    public var font: FontUsage
    /// Why that font.
    public var reason: ClusterFont.Reason
  }

  /// The primary font.
  public var primary: FontUsage
  /// The fallback policy as given: `auto`, `none`, or fonts.
  public var fallback: String
  /// fontconfig's version, for example `2.14.1`.
  public var fontconfigVersion: String
  /// The text in spans of one font, in logical order (white space included).
  public var spans: [Span]
  /// Characters no font available has (drawn as boxes), each once.
  public var uncovered: [Unicode.Scalar]
  /// Warnings from opening the fonts (a family that is not installed, a clamped axis).
  public var warnings: [String]

  /// Explains how `text` is drawn with the font, fallback and language of `fields`.
  ///
  /// - Throws: ``WordFitError`` when the font cannot be found or read.
  /// - Complexity: O(*n*) in the text's length, plus one fontconfig look-up per new cluster.
  public static func explain(_ text: String, fields: LayoutFields) throws -> FontExplanation {
    let request = try fields.resolved().fonts
    let (cascade, warnings) = try FontCache().cascade(for: request)
    var spans: [Span] = []
    var uncovered: [Unicode.Scalar] = []
    for cluster in cascade.explain(text.precomposedStringWithCanonicalMapping) {
      let font = FontUsage(
        cascade.fonts.first { $0.path == cluster.font.path && $0.faceIndex == cluster.font.faceIndex }
          ?? cascade.primary)
      if cluster.reason == .uncovered {
        uncovered.append(
          contentsOf: cluster.codePoints.filter {
            !$0.properties.isDefaultIgnorableCodePoint && !uncovered.contains($0)
          })
      }
      if let last = spans.last, last.font == font, last.reason == cluster.reason {
        spans[spans.count - 1].text += cluster.cluster
        spans[spans.count - 1].codePoints += cluster.codePoints
      } else {
        spans.append(Span(text: cluster.cluster, codePoints: cluster.codePoints, font: font, reason: cluster.reason))
      }
    }
    return FontExplanation(
      primary: FontUsage(cascade.primary), fallback: request.fallback.description,
      fontconfigVersion: FontLocator.fontconfigVersion, spans: spans, uncovered: uncovered,
      warnings: warnings + cascade.takeProblems())
  }
}
