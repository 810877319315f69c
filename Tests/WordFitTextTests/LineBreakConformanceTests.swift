import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitText

/// WordFit's line breaker (ICU 72, Unicode 15.0) against an independent UAX #14
/// implementation, uniseg (Unicode 16.0): the cases of `Inputs/line-breaks.txt`, written by
/// `scripts/linebreak-conformance.py`, pairs of every Line_Break class built as Unicode's
/// LineBreakTest.txt builds them; and Thai and Japanese phrases.
@Suite struct LineBreakConformanceTests {
  /// Classes Unicode 15.1 added (the Brahmic orthographic syllables of rule LB28a: AK, AS, VF,
  /// VI), which ICU 72 (Unicode 15.0) does not know: every case with one of them is skipped.
  static let laterUnicodeClasses: Set<String> = ["AK", "AS", "VF", "VI"]
  /// Cases rule LB15 decided in 15.0 and LB15a/LB15b decide since 15.1 (a quotation mark, then
  /// spaces, then an opening bracket).
  static let laterUnicodeCases: Set<String> = ["QU SP OP", "QU CM SP OP"]

  struct Case {
    var classes: String
    var text: String
    var expected: [Int]
  }

  static func cases() throws -> (pairs: [Case], phrases: [(kind: String, segments: [String])]) {
    let path = TestPaths.packageRoot + "/Tests/WordFitTextTests/Inputs/line-breaks.txt"
    var pairs: [Case] = []
    var phrases: [(String, [String])] = []
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
      guard fields.count == 2 else { continue }
      if fields[0] == "THAI" || fields[0] == "JA" {
        phrases.append((fields[0], fields[1].split(separator: "|").map(String.init)))
        continue
      }
      var text = ""
      var expected: [Int] = []
      for token in fields[1].split(separator: " ") {
        if token == "÷" {
          expected.append(text.utf16.count)
        } else if token != "×", let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) {
          text.unicodeScalars.append(scalar)
        }
      }
      pairs.append(Case(classes: fields[0], text: text, expected: expected))
    }
    return (pairs, phrases)
  }

  /// Where ICU breaks inside `text` (UTF-16 offsets, the end excluded).
  func breaks(_ text: String, _ breaker: LineBreaker) -> [Int] { breaker.breakOffsets(in: text) }

  @Test func pairsOfEveryClassAgreeWithUniseg() throws {
    let breaker = try LineBreaker()
    let (pairs, _) = try Self.cases()
    #expect(pairs.count > 6_000)
    var skipped = 0
    var disagreements: [String] = []
    for pair in pairs {
      let classes = Set(pair.classes.split(separator: " ").map(String.init))
      if !classes.isDisjoint(with: Self.laterUnicodeClasses) || Self.laterUnicodeCases.contains(pair.classes) {
        skipped += 1
        continue
      }
      // Grapheme clusters are never split (a WordFit rule on top of UAX #14).
      let allowed = Set(
        pair.expected.filter { String.Index(utf16Offset: $0, in: pair.text).samePosition(in: pair.text) != nil })
      if Set(breaks(pair.text, breaker)) != allowed { disagreements.append(pair.classes) }
    }
    #expect(disagreements.isEmpty, "\(disagreements.count) of \(pairs.count - skipped): \(disagreements.prefix(40))")
    #expect(skipped < pairs.count / 5, "\(skipped) skipped")
  }

  /// Every word boundary of PyThaiNLP's dictionary segmentation is a break; ICU's dictionary
  /// may also break inside what PyThaiNLP keeps as one compound (ภาษา|ไทย, การ|ประชุม), and
  /// on three of the five phrases the two agree exactly.
  @Test func thaiPhrasesBreakAtPyThaiNLPsWords() throws {
    let breaker = try LineBreaker(language: "th")
    var exact = 0
    for (_, words) in try Self.cases().phrases.filter({ $0.kind == "THAI" }) {
      let text = words.joined()
      let ours = Set(breaks(text, breaker))
      var offset = 0
      let theirs = Set(
        words.dropLast().map { word -> Int in
          offset += word.utf16.count
          return offset
        })
      #expect(theirs.isSubset(of: ours), "\(words) against \(breaker.segments(of: text).map(\.text))")
      if ours == theirs { exact += 1 }
    }
    #expect(exact >= 3)
  }

  @Test func japanesePhrasesBreakAsUnisegDoes() throws {
    let breaker = try LineBreaker(language: "ja")
    for (_, segments) in try Self.cases().phrases.filter({ $0.kind == "JA" }) {
      #expect(breaker.segments(of: segments.joined()).map(\.text) == segments)
    }
  }
}
