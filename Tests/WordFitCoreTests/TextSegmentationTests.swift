import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore

@Suite struct TextSegmentationTests {
  @Test func splitsOnEveryWhiteSpaceRun() {
    #expect(
      TextSegmentation.words(of: "  Foo\tBar\n\nBaz\u{3000}Qux\u{2028}End  ") == ["Foo", "Bar", "Baz", "Qux", "End"])
  }

  /// The ASCII fast path must split exactly as the general one, control characters included.
  @Test func asciiPathAgreesWithTheGeneralOne() {
    var state: UInt64 = 12_345
    for _ in 0..<2_000 {
      let bytes = (0..<Int(state % 24)).map { _ -> UInt8 in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let pick = Int(state >> 40) % 6
        return pick < 3 ? UInt8(truncatingIfNeeded: state >> 33) & 0x7F : [0x20, 0x0D, 0x0A][pick - 3]
      }
      let text = String(decoding: bytes, as: UTF8.self)
      #expect(TextSegmentation.asciiWords(of: text) == TextSegmentation.unicodeWords(of: text), "\(bytes)")
    }
  }

  @Test func normalisesToNFC() {
    let decomposed = "Aime\u{301}e"
    let words = TextSegmentation.words(of: decomposed + " x")
    #expect(words[0].unicodeScalars.count == 5)
    #expect(words[0] == "Aimée")
  }

  @Test func noBreakSpacesJoin() {
    #expect(TextSegmentation.words(of: "New\u{A0}York City") == ["New\u{A0}York", "City"])
  }

  @Test func emptyAndBlankTextsHaveNoWords() {
    #expect(TextSegmentation.words(of: "").isEmpty)
    #expect(TextSegmentation.words(of: " \t\n ").isEmpty)
  }

  @Test func nfcShortcutAgreesWithFoundation() {
    // Every code point below U+0300, alone and after a letter, is its own NFC.
    for value in 0..<0x300 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      for text in [String(scalar), "a" + String(scalar)] {
        #expect(
          TextSegmentation.nfc(text) == text.precomposedStringWithCanonicalMapping, "U+\(String(value, radix: 16))")
        #expect(Array(TextSegmentation.nfc(text).unicodeScalars) == Array(text.unicodeScalars))
      }
    }
    // From U+0300 on, Foundation composes: e + combining acute becomes é.
    let composed = TextSegmentation.nfc("Rene\u{301}e")
    #expect(Array(composed.unicodeScalars) == Array("Ren\u{E9}e".unicodeScalars))
  }

  @Test func joinedWordsAndBlanknessAgreeWithWords() {
    let texts = [
      "", " ", "Ada", "Ada Lovelace", " Ada", "Ada ", "Ada  Lovelace", "Ada\tLovelace", "A\u{0}B", "~!@ #$%",
      "\r\n", "van\u{A0}der\u{A0}Meulen", "\u{A0}", "Rene\u{301}e  Dupont ", "名 字", "\u{3000}", "x\u{7F}",
    ]
    for text in texts {
      let words = TextSegmentation.words(of: text)
      #expect(TextSegmentation.joinedWords(of: text) == words.joined(separator: " "), "\(text.debugDescription)")
      #expect(
        Array(TextSegmentation.joinedWords(of: text).unicodeScalars)
          == Array(words.joined(separator: " ").unicodeScalars))
      #expect(TextSegmentation.isBlank(text) == words.isEmpty, "\(text.debugDescription)")
    }
  }

  /// Latin text with accents skips Foundation's normalisation and trimming when there is
  /// nothing to do (issue 39); it must give what they give, white space and controls at either
  /// end, combining marks and text above U+0300 included.
  @Test func trimmedNFCFastPathsAgreeWithFoundation() {
    var generator = SeededGenerator(seed: 39)
    let ends = ["", " ", "\t", "\n", "\u{85}", "\u{A0}", "\u{2003}", "\u{3000}", "\u{1F}", "é", "x"]
    let inner =
      Array(0x20..<0x300).compactMap(Unicode.Scalar.init).map(String.init) + ["\u{301}", "\u{1100}\u{1161}", "Ω"]
    for _ in 0..<4_000 {
      let length = Int.random(in: 0...12, using: &generator)
      let middle = (0..<length).map { _ in inner[Int.random(in: 0..<inner.count, using: &generator)] }.joined()
      let text =
        ends[Int.random(in: 0..<ends.count, using: &generator)] + middle
        + ends[Int.random(in: 0..<ends.count, using: &generator)]
      let expected = TextSegmentation.nfc(text).trimmingCharacters(in: .whitespacesAndNewlines)
      #expect(TextSegmentation.trimmedNFC(text) == expected, "\(text.unicodeScalars.map(\.value))")
      #expect(Array(TextSegmentation.trimmedNFC(text).unicodeScalars) == Array(expected.unicodeScalars))
    }
  }
}
