import WordFitCore
import WordFitText

/// One layout kind as a type: how it cuts its text into what is fitted, how it fits it, and how
/// it places the lines, with the rules reports and checks ask of it.
///
/// ``ResolvedLayout/textLayout`` chooses one (``LayoutKind/textLayout`` is the one exhaustive
/// switch over the kinds); nothing else asks which kind a layout is. A new kind is a case of
/// ``LayoutKind``, a type conforming here and its line in that switch: the compiler names each.
package protocol TextLayout: Sendable {
  /// What one line of the layout is called in reports: "word" or "line".
  var lineNoun: String { get }

  /// Whether a fit's break offsets say something (where a `wrap` broke its text); `words`
  /// breaks at every word and `line` nowhere.
  var reportsBreaks: Bool { get }

  /// What a word wider than its line does below the legible size when the layout does not say.
  var defaultOverlongWords: OverlongWordPolicy { get }

  /// Whether its lines follow a round screen's edge, so it needs a round screen.
  var followsTheScreensEdge: Bool { get }

  /// Whether a line may be narrowed (tightened, or drawn at a narrower width).
  var narrows: Bool { get }

  /// The most lines a fit may take for the line limit `requested` (`nil`: no limit).
  func lineLimit(_ requested: Int?) -> Int?

  /// Fits, shapes and places `spec`'s text under `resolved`, with `renderer`'s fonts and
  /// breakers.
  ///
  /// - Throws: ``WordFitError`` for a text or screen the kind cannot lay out, and as the fit.
  func layOut(_ spec: RenderSpec, _ resolved: ResolvedLayout, with renderer: WordStackRenderer) throws -> LaidOutText

  /// Sets `request` up for a stack's `labels` laid out in this kind (box stacks: one label a
  /// box).
  ///
  /// - Throws: ``WordFitError`` `.usage` for a kind a stack's boxes cannot take.
  func prepare(
    _ request: inout StackRequest, labels: [String], _ layout: ResolvedLayout, breakers: TextBreakers,
    warnings: inout [String]
  ) throws
}

extension LayoutKind {
  /// The type that lays out this kind: the one switch over the kinds.
  package var textLayout: any TextLayout {
    switch self {
    case .words: WordsLayout()
    case .wrap: WrapLayout()
    case .line: LineLayout()
    case .curved: CurvedLayout()
    }
  }
}

extension ResolvedLayout {
  /// The layout its text takes: an edge button's label window when it has one, else its kind's.
  package var textLayout: any TextLayout {
    edgeButton.map { EdgeButtonLabelLayout(button: $0) } ?? kind.textLayout
  }
}

extension TextLayout {
  /// The error of a text with nothing to lay out.
  static func blank(_ text: String) -> WordFitError {
    WordFitError(
      .usage, "the text is empty or only white space; give at least one word",
      reason: .malformed(.text, value: text, expected: "at least one word"))
  }

  /// `text` as a paragraph: no words of its own, refused when only white space.
  static func paragraph(_ text: String) throws -> [String] {
    guard text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { throw blank(text) }
    return []
  }

  /// `text` as one line: NFC, without white space at its ends, its newlines read as spaces.
  ///
  /// - Complexity: O(*n*) in the text's length.
  static func oneLine(_ text: String) -> [LineSegment] {
    [LineSegment(TextSegmentation.trimmedNFC(text).split(whereSeparator: \.isNewline).joined(separator: " "))]
  }
}
