import Foundation
import WordFit
import WordFitFonts

/// BudouX's Japanese quality set (`tests/quality/ja.tsv` in google/budoux): each sentence's
/// phrases, separated by U+2581, against the phrases `--word-break phrase` breaks it into —
/// ICU's opportunities (strict, WordFit's default) joined into phrases by the bundled `ja` model
/// (``PhraseSegmenter``, the code the wrap layout runs). A sentence passes when every boundary
/// the file gives is one WordFit may break at, and WordFit adds none but after a space (where
/// every engine breaks; BudouX's phrases may hold a space).
struct BudouXSuite {
  /// The quality set.
  var path: String

  /// Runs every sentence.
  func run() throws -> SuiteScore {
    var score = SuiteScore(name: "budoux")
    let segmenter = try Self.segmenter(language: "ja")
    let breaker = try LineBreaker(language: "ja")
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
      guard fields.count == 2 else { continue }
      let phrases = fields[1].split(separator: "\u{2581}").map(String.init)
      let expected = Self.offsets(of: phrases)
      let got = Self.offsets(of: segmenter.phrases(of: breaker.segments(of: phrases.joined())).map(\.text))
      let extra = Set(got).subtracting(expected)
      if Set(expected).isSubset(of: got), extra.allSatisfy({ Self.followsSpace(phrases.joined(), at: $0) }) {
        score.pass()
      } else {
        score.fail("\(fields[0]): \(fields[1]) — WordFit breaks at \(got), the file at \(expected)")
      }
    }
    return score
  }

  /// The bundled model for `language` (the one `wordfit` finds), in a segmenter.
  static func segmenter(language: String) throws -> PhraseSegmenter {
    let file = "BudouX/\(language).json"
    guard let path = BundledFonts.path(of: file) else {
      throw WordFitError(.missingInput, "bundled phrase model \(file) not found")
    }
    return PhraseSegmenter(model: try PhraseModel.shared(contentsOf: path))
  }

  /// Whether the scalar before `offset` in `text` is white space: a break there is every
  /// engine's, inside a BudouX phrase or not ("Adobe▁Illustrator" is one phrase to BudouX).
  static func followsSpace(_ text: String, at offset: Int) -> Bool {
    let scalars = Array(text.unicodeScalars)
    return offset > 0 && offset <= scalars.count && scalars[offset - 1].properties.isWhitespace
  }

  /// Where each piece but the last ends, in Unicode scalars from the start.
  static func offsets(of pieces: [String]) -> [Int] {
    var (offsets, offset) = ([Int](), 0)
    for piece in pieces.dropLast() {
      offset += piece.unicodeScalars.count
      offsets.append(offset)
    }
    return offsets
  }
}
