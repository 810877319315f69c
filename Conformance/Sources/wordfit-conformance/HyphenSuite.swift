import Foundation
import WordFit

/// hunspell/hyphen's own tests (`Conformance/suites/hyphen`) through WordFit's dictionary
/// loader and hyphenator: each line of `NAME.word` hyphenated with `NAME.pat`, `=` at each
/// point, against `NAME.hyph`. What WordFit leaves out by design is a named skip, never a pass:
/// a non-standard break (a pattern with a replacement, such as old German "Schiffahrt" →
/// "Schiff=fahrt"), where WordFit offers no point; a break one character from an edge of the
/// word or of a compound's part, since WordFit keeps at least two; and a file its loader refuses
/// as a hostile dictionary would be refused (NUL bytes, a first line that names no character
/// set). A skip is only taken when WordFit's points are a subset of the expected ones: an extra
/// point always fails.
struct HyphenSuite {
  /// The suite's folder.
  var folder: String

  /// Runs every test TESTS lists.
  func run() throws -> SuiteScore {
    var score = SuiteScore(name: "hyphen")
    let names = try String(contentsOfFile: folder + "/TESTS", encoding: .utf8).split(separator: "\n").map(String.init)
    for name in names { try runTest(name, into: &score) }
    return score
  }

  private func runTest(_ name: String, into score: inout SuiteScore) throws {
    let patterns = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name).pat"))
    let encoding = Self.encoding(ofFirstLineOf: patterns)
    let words = try lines("\(folder)/\(name).word", encoding: encoding)
    let expected = try lines("\(folder)/\(name).hyph", encoding: encoding)
    let hyphenator: Hyphenator
    do {
      hyphenator = try Hyphenator(contentsOf: "\(folder)/\(name).pat")
    } catch let error as WordFitError where Self.refusedByDesign(error) {
      for _ in words {
        score.skip(
          "a file WordFit's loader refuses as it refuses a hostile dictionary (NUL bytes, or a first line naming no character set)"
        )
      }
      return
    }
    let text = String(decoding: patterns, as: UTF8.self)
    let nonstandard = text.contains("/")
    let minimumOne = text.split(separator: "\n").contains { $0.hasSuffix("HYPHENMIN 1") }
    for (index, raw) in words.enumerated() {
      let want = index < expected.count ? expected[index] : ""
      var word = String(raw.map { $0.isASCII && $0.isUppercase ? Character($0.lowercased()) : $0 })
      while word.hasSuffix(".") { word.removeLast() }
      if want.replacingOccurrences(of: "=", with: "") != word {
        score.skip("non-standard hyphenation (a spelling change at the break): WordFit offers no point there")
        continue
      }
      let wantPoints = Self.points(in: want)
      let got = hyphenator.points(in: word)
      if got == wantPoints {
        score.pass()
      } else if Set(got).isSubset(of: wantPoints), nonstandard {
        score.skip("a point from a non-standard pattern (one with a replacement): WordFit offers none")
      } else if Set(got).isSubset(of: wantPoints),
        Set(wantPoints).subtracting(got).allSatisfy({ $0 < 2 || word.count - $0 < 2 })
      {
        score.skip(
          "a break within two characters (grapheme clusters) of an edge: WordFit keeps at least two; libhyphen counts code points"
        )
      } else if Set(got).isSubset(of: wantPoints), minimumOne {
        score.skip("a break one character from an edge of the word or a compound's part: WordFit keeps at least two")
      } else {
        score.fail("\(name): \(word): expected \(want), got \(Self.marked(word, at: got))")
      }
    }
  }

  /// Whether the loader refused the file as it refuses a hostile dictionary.
  static func refusedByDesign(_ error: WordFitError) -> Bool {
    error.message.contains("NUL byte") || error.message.contains("iconv cannot convert")
  }

  /// The offsets, in characters, of the `=` marks of `marked`.
  static func points(in marked: String) -> [Int] {
    var points: [Int] = []
    var offset = 0
    for character in marked {
      if character == "=" { points.append(offset) } else { offset += 1 }
    }
    return points
  }

  /// `word` with `=` at `points`.
  static func marked(_ word: String, at points: [Int]) -> String {
    var result = ""
    for (offset, character) in word.enumerated() {
      if points.contains(offset) { result += "=" }
      result.append(character)
    }
    return result
  }

  /// The file's lines in `encoding` (CR LF or LF).
  private func lines(_ path: String, encoding: String.Encoding) throws -> [String] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard let text = String(data: data, encoding: encoding) ?? String(data: data, encoding: .isoLatin1) else {
      return []
    }
    var lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The character set a dictionary names on its first line.
  static func encoding(ofFirstLineOf data: Data) -> String.Encoding {
    let first = String(decoding: data.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self).uppercased()
    switch first {
    case "UTF-8": return .utf8
    case "ISO8859-2": return .isoLatin2
    default: return .isoLatin1
    }
  }
}
