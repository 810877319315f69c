import CFriBidi
import WordFitCore

/// A line split into runs of one direction by the Unicode bidirectional algorithm (FriBidi), in
/// visual order: "Dr.محمد" is a left-to-right run and a right-to-left run.
struct BidiRuns {
  /// One run: its text and its direction.
  struct Run {
    var text: String
    var direction: LineDirection
    /// The script a run of only Common characters is shaped as (UAX #24): the last strong
    /// script before it in logical order, else the first after it; 0 when the line has none.
    /// Digits between Hebrew words are their own run, and without it were shaped as Common.
    var context: UInt32 = 0
  }

  /// The runs, left to right as drawn.
  var runs: [Run]
  /// The paragraph's direction: `base` when given, else the first strong character's (left to
  /// right when there is none).
  var direction: LineDirection

  /// Splits `text`, with base direction `base` (`nil`: from the first strong character).
  ///
  /// - Complexity: O(*n*) in the number of code points.
  /// `throughFriBidi` always asks FriBidi (tests compare the shortcut for left-to-right text with it).
  init(_ text: String, base: LineDirection?, throughFriBidi: Bool = false) {
    if !throughFriBidi, base != .rightToLeft, text.unicodeScalars.allSatisfy({ $0.value < Self.firstRightToLeft }) {
      // No right-to-left letter and no directional control: every character resolves to level
      // 0 in a left-to-right paragraph (FriBidi's answer, without the copies).
      direction = .leftToRight
      runs = text.isEmpty ? [] : [Run(text: text, direction: .leftToRight)]
      return
    }
    let scalars = Array(text.unicodeScalars)
    var codePoints = scalars.map { UInt32($0.value) }
    var levels = [UInt8](repeating: 0, count: scalars.count)
    let requested: Int32 =
      switch base {
      case nil: Int32(WF_BIDI_AUTO)
      case .leftToRight: Int32(WF_BIDI_LTR)
      case .rightToLeft: Int32(WF_BIDI_RTL)
      }
    let paragraph = wf_fribidi_levels(&codePoints, Int32(codePoints.count), requested, &levels)
    direction = paragraph == 1 ? .rightToLeft : (paragraph == 0 ? .leftToRight : base ?? .leftToRight)
    guard paragraph >= 0, !scalars.isEmpty else {
      runs = scalars.isEmpty ? [] : [Run(text: text, direction: direction)]
      return
    }
    // Runs of one level, in logical order.
    var logical: [(text: String, level: UInt8)] = []
    var start = 0
    for index in 1...scalars.count where index == scalars.count || levels[index] != levels[start] {
      var run = String.UnicodeScalarView()
      run.append(contentsOf: scalars[start..<index])
      logical.append((String(run), levels[start]))
      start = index
    }
    let strong = logical.map { $0.text.unicodeScalars.lazy.compactMap(ScriptRuns.script(of:)).last }
    let first = strong.lazy.compactMap { $0 }.first ?? 0
    var context: [UInt32] = []
    var last: UInt32? = nil
    for script in strong {
      context.append(last ?? first)
      if let script { last = script }
    }
    let ordered = Self.visualOrder(Array(zip(logical, context)), level: \.0.level)
    runs = ordered.map { run, context in
      Run(text: run.text, direction: run.level % 2 == 1 ? .rightToLeft : .leftToRight, context: context)
    }
  }

  /// The first code point that can be right to left or change direction (Hebrew, U+0590): below
  /// it, every character is left to right, a number, or neutral.
  static let firstRightToLeft: UInt32 = 0x0590

  /// Rule L2: from the highest level down to the lowest odd level, reverse every sequence of
  /// runs at that level or higher.
  static func visualOrder(_ runs: [(text: String, level: UInt8)]) -> [(text: String, level: UInt8)] {
    visualOrder(runs, level: \.level)
  }

  /// Rule L2 over any runs, each with its `level`.
  ///
  /// - Complexity: O(*n* × *levels*) in the runs.
  static func visualOrder<Run>(_ runs: [Run], level: (Run) -> UInt8) -> [Run] {
    guard let highest = runs.map(level).max(), let lowest = runs.map(level).min() else { return runs }
    let levelOf = level
    var order = runs
    let lowestOdd = lowest % 2 == 1 ? lowest : lowest + 1
    guard highest >= lowestOdd else { return order }
    for level in stride(from: highest, through: lowestOdd, by: -1) {
      var index = 0
      while index < order.count {
        guard levelOf(order[index]) >= level else {
          index += 1
          continue
        }
        var end = index
        while end < order.count, levelOf(order[end]) >= level { end += 1 }
        order[index..<end].reverse()
        index = end
      }
    }
    return order
  }
}

extension LineDirection {
  /// The paragraph direction of `text` by the bidirectional algorithm: its first strong
  /// character's (left to right when it has none). A wrapped paragraph's lines all take it.
  ///
  /// - Complexity: O(*n*) in the text's length.
  public static func ofParagraph(_ text: String) -> LineDirection {
    BidiRuns(text, base: nil).direction
  }
}
