/// How a text is broken into lines.
public enum LayoutKind: String, Sendable, Codable, CaseIterable {
  /// One word per line, every word at one size (the seed's `WordsToFit`).
  case words
  /// Broken at line-break opportunities (UAX #14) to fill each line, as SwiftUI lays out a
  /// `Text` with a `lineLimit`: greedy, like CoreText.
  case wrap
  /// The whole text on one line, shrunk to fit, as SwiftUI's `.lineLimit(1)`.
  case line
  /// The whole text on one line along the top or bottom arc of a round screen, as Wear OS's
  /// `curvedText` and `TimeText` draw it: fitted to the sweep and the ring inside the bezel.
  case curved
}

extension LayoutKind {
  /// Whether the text is cut into words, one a line (`words`), rather than broken at its
  /// line-break opportunities (`wrap`, `line`, one paragraph).
  public var isOneWordPerLine: Bool {
    switch self {
    case .words: true
    case .wrap, .line, .curved: false
    }
  }

  /// The most lines a fit may take for the line limit `requested`: `wrap` takes it, `line` is
  /// always one, and `words` has none (one line a word).
  public func lineLimit(_ requested: Int?) -> Int? {
    switch self {
    case .words: nil
    case .wrap: requested
    case .line, .curved: 1
    }
  }

  /// Whether a fit's break offsets say something (where a `wrap` broke its text); `words`
  /// breaks at every word and `line` nowhere.
  public var reportsBreaks: Bool {
    switch self {
    case .wrap: true
    case .words, .line, .curved: false
    }
  }

  /// What a word wider than its line does below the legible size when the layout does not say:
  /// a wrapped text breaks it between clusters (as TextKit wraps one); one word per line
  /// shrinks (a SwiftUI `Text` with `lineLimit(1)` per word never breaks a word); one line
  /// has no word of its own to break.
  public var defaultOverlongWords: OverlongWordPolicy {
    switch self {
    case .wrap: .break
    case .words, .line, .curved: .shrink
    }
  }

  /// Whether its words break at their own points: hyphenation and overlong words broken between
  /// clusters (`wrap`: a word is one segment of a paragraph); the other kinds have no word to
  /// break.
  public var breaksWords: Bool {
    switch self {
    case .wrap: true
    case .words, .line, .curved: false
    }
  }

  /// Whether its lines follow a round screen's edge, so it needs a round screen (`curved`).
  public var followsTheScreensEdge: Bool {
    switch self {
    case .curved: true
    case .words, .wrap, .line: false
    }
  }

  /// Whether a line may be narrowed (tightened, or drawn at a narrower width): not a `curved`
  /// line, which shrinks to its sweep.
  public var narrows: Bool {
    switch self {
    case .words, .wrap, .line: true
    case .curved: false
    }
  }

  /// What one line of the layout is called in reports: "word" or "line".
  public var lineNoun: String {
    switch self {
    case .words: "word"
    case .wrap, .line, .curved: "line"
    }
  }
}
