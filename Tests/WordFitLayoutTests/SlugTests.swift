import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitLayout
@testable import WordFitText

@Suite struct SlugTests {
  @Test func foldsDiacriticsAndCase() {
    #expect(Slug.make(from: "Aimée Bethany Charles") == "aimee-bethany-charles")
    #expect(Slug.make(from: "Łukasz Żółć Straße") == "lukasz-zolc-strasse")
  }

  @Test func hostileTextStaysInsideItsFolder() {
    #expect(Slug.make(from: "../../etc/passwd") == "etc-passwd")
    #expect(Slug.make(from: ".hidden") == "hidden")
    #expect(Slug.make(from: "!!!", fallback: "x") == "x-ca866be2")
    #expect(Slug.make(from: "😀😀", fallback: "x").hasPrefix("x-"))
    #expect(Slug.make(from: String(repeating: "a", count: 500)).count == 64)
  }

  /// Issue 9, item 6: text in other scripts gets a transliterated slug, and text with no
  /// letters at all a hash, so two such texts never share a default file name.
  @Test func otherScriptsAreTransliteratedAndEmptySlugsStayUnique() {
    #expect(Slug.make(from: "محمد علي") == "mhmd-ly")
    #expect(Slug.make(from: "王小明") == "wang-xiao-ming")
    #expect(Slug.make(from: "नमस्ते") == "namaste")
    #expect(Slug.make(from: "Дмитрий Иванов") == "dmitrij-ivanov")
    #expect(Slug.make(from: "😀🎉") != Slug.make(from: "🎉😀"))
    #expect(Slug.make(from: "😀🎉") == Slug.make(from: "😀🎉"), "deterministic")
  }

  /// ASCII text skips Foundation's folding: the slug must be what folding gives, for every kind
  /// of ASCII (controls, punctuation, upper case, runs at the ends, past the length limit).
  @Test func asciiSlugsEqualFoundationsFolding() {
    var generator = SeededGenerator(seed: 28)
    var texts = ["", "-", "A", "Z-", "--a--", "Ab_Cd", String(repeating: "Xy-", count: 40), "@[`{"]
    for _ in 0..<3_000 {
      let length = Int.random(in: 0...90, using: &generator)
      texts.append(
        String(decoding: (0..<length).map { _ in UInt8.random(in: 0...0x7F, using: &generator) }, as: UTF8.self))
    }
    for text in texts {
      let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
      var expected = ""
      var dash = false
      for scalar in folded.unicodeScalars {
        guard ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) else {
          dash = true
          continue
        }
        if dash && !expected.isEmpty { expected += "-" }
        dash = false
        expected.unicodeScalars.append(scalar)
        if expected.count >= 64 { break }
      }
      while expected.hasSuffix("-") { expected.removeLast() }
      if expected.isEmpty { continue }  // the hashed fallback, tested above
      #expect(Slug.make(from: text) == expected, "\(Array(text.utf8))")
    }
  }
}
