import Foundation
import WordFit

/// web-platform-tests' single-character line-break tests (`css/css-text/i18n/css3-text-line-
/// break-{opclns,baspglwj}-NNN.html`): a text in a box a few characters wide, through WordFit's
/// default line breaker (`LineBreaker()`: strict, no language — what a user gets with no
/// options). Every code point is one cell, as the tests' fonts draw them; lines are filled
/// greedily, overflowing only where no break fits, and must equal the reference page's lines,
/// or break or stay one line as a testharness page asserts.
struct WPTCSS3LineBreakSuite {
  /// The cases file.
  var path: String

  /// Runs every case; one score (`wpt-css3-line-break`).
  func run() throws -> SuiteScore {
    var score = SuiteScore(name: "wpt-css3-line-break")
    let breaker = try LineBreaker()
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 5, let box = Int(fields[1]), let text = Self.text(fields[2]) else {
        score.fail("unreadable case: \(line.prefix(80))")
        continue
      }
      let lines = Self.fill(text, box: box, breaks: breaker.breakOffsets(in: text))
      let expected: Bool
      switch fields[3] {
      case "breaks": expected = lines.count > 1
      case "one-line": expected = lines.count == 1
      default:
        let reference = fields[3].components(separatedBy: " / ").compactMap(Self.text)
        expected = lines == reference
      }
      if expected {
        score.pass()
      } else {
        let shown = lines.map { $0.unicodeScalars.map { String(format: "%04X", $0.value) }.joined(separator: " ") }
        score.fail(
          "\(fields[4]): expected \(fields[3]), WordFit's lines \(shown.joined(separator: " / ")) — \(fields[0])")
      }
    }
    return score
  }

  /// "0028 6587" as text; `nil` when a code point is not a Unicode scalar.
  static func text(_ codePoints: String) -> String? {
    var text = ""
    for hex in codePoints.split(separator: " ") {
      guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
      text.unicodeScalars.append(scalar)
    }
    return text
  }

  /// `text` in lines of at most `box` cells, each ending at the last break that fits, or at the
  /// first break after it when none fits (the line overflows, as a browser's does). Every code
  /// point is a cell: the tests' characters all draw with an advance, a combining half-width
  /// sound mark (U+FF9E) too, and any fourth of them overflows a box 3 em wide. `breaks` are
  /// UTF-16 offsets; only those between characters (grapheme clusters) count.
  ///
  /// - Complexity: O(*n* × *l*) for *n* characters in *l* lines (a few, here).
  static func fill(_ text: String, box: Int, breaks: [Int]) -> [String] {
    let characters = Array(text)
    var offset = 0
    var cells = [0]  // cells[i]: the cells of the first i characters
    var allowed: [Int] = []  // character indices a line may end at, ascending
    let breakSet = Set(breaks)
    for (index, character) in characters.enumerated() {
      offset += character.utf16.count
      cells.append(cells[index] + character.unicodeScalars.count)
      if breakSet.contains(offset) { allowed.append(index + 1) }
    }
    var lines: [String] = []
    var start = 0
    while cells[characters.count] - cells[start] > box {
      let after = allowed.filter { $0 > start }
      guard let end = after.last(where: { cells[$0] - cells[start] <= box }) ?? after.first else { break }
      lines.append(String(characters[start..<end]))
      start = end
    }
    lines.append(String(characters[start...]))
    return lines
  }
}
