import Foundation
import WordFit

/// Unicode's `LineBreakTest.txt` (UAX #14) through WordFit's line breaker (`LineBreaker`, ICU with
/// `lb=strict`, no break inside a grapheme cluster): each line's breaks against WordFit's, at a
/// width that takes every opportunity. The file is Unicode 15.0's, the version Debian 12's ICU 72
/// implements, from Debian's `unicode-data` package. A break WordFit leaves out because it falls
/// inside a grapheme cluster (a space followed by a combining mark, rule LB10) is a named skip;
/// every other difference fails, named by the rule the file gives for that position.
struct LineBreakSuite {
  /// The test file.
  var path: String

  /// Runs every line.
  func run() throws -> SuiteScore {
    var score = SuiteScore(name: "uax14")
    let breaker = try LineBreaker()
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
      guard let test = Self.parse(String(line)) else { continue }
      let got = breaker.breakOffsets(in: test.text)
      if got == test.breaks {
        score.pass()
        continue
      }
      let differing = Set(got).symmetricDifference(test.breaks)
      if differing.allSatisfy({ !Self.isClusterBoundary(test.text, utf16Offset: $0) }) {
        score.skip(
          "a break inside a grapheme cluster (LB10: a space, then a combining mark): WordFit never breaks there")
        continue
      }
      let rules = differing.sorted().compactMap { test.rules[$0] }.joined(separator: ", ")
      let kind = differing.map { Self.kind(of: test.text, at: $0) }.sorted().first ?? ""
      score.fail("\(kind); rule \(rules): \(test.source) — WordFit breaks at \(got), the file at \(test.breaks)")
    }
    return score
  }

  /// One line of the file: the text, its breaks inside it (UTF-16 offsets), and the rule the
  /// comment names at each position.
  struct Test {
    var text = ""
    var breaks: [Int] = []
    var rules: [Int: String] = [:]
    var source = ""
  }

  static func parse(_ line: String) -> Test? {
    let parts = line.split(separator: "#", maxSplits: 1).map(String.init)
    guard let body = parts.first, !body.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
    var test = Test(source: body.trimmingCharacters(in: .whitespaces))
    var marks: [Int] = []
    for token in body.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
      if token == "÷" || token == "×" {
        if token == "÷" { test.breaks.append(test.text.utf16.count) }
        marks.append(test.text.utf16.count)
      } else if let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) {
        test.text.unicodeScalars.append(scalar)
      }
    }
    test.breaks.removeAll { $0 == 0 || $0 == test.text.utf16.count }
    // The comment gives each position's rule in order: "× [0.3] NAME (AL) ÷ [18.0] …".
    if parts.count == 2 {
      let rules = parts[1].split(separator: "[").dropFirst().map { String($0.prefix { $0 != "]" }) }
      for (mark, rule) in zip(marks, rules) { test.rules[mark] = rule }
    }
    return test
  }

  /// What kind of difference a position is, by the characters around it (ignoring combining
  /// marks): after a hyphen-minus that starts the text, between a full stop or comma and a digit,
  /// or other.
  static func kind(of text: String, at offset: Int) -> String {
    let units = Array(text.utf16)
    let before = String(decoding: units[..<offset], as: UTF16.self).unicodeScalars.filter {
      $0.properties.generalCategory != .nonspacingMark
    }
    let after = String(decoding: units[offset...], as: UTF16.self).unicodeScalars.first
    if before.count == 1, before.first == "-" { return "a hyphen-minus that starts the text, kept with what follows" }
    if let last = before.last, ",.".unicodeScalars.contains(last), let after, after.properties.numericType != nil {
      return "a full stop or comma kept with the digit after it"
    }
    return "other"
  }

  /// Whether a UTF-16 offset of `text` falls between two grapheme clusters.
  static func isClusterBoundary(_ text: String, utf16Offset offset: Int) -> Bool {
    String.Index(utf16Offset: offset, in: text).samePosition(in: text) != nil
  }
}
