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

  /// Latin text below U+0250 skips Foundation too, through a table made with Foundation: every
  /// scalar of the table, alone, doubled and between letters, and random Latin text, must slug
  /// as folding slugs it (issue 39: folding was a quarter of a batch's reading thread).
  @Test func latinTableSlugsEqualFoundationsFolding() {
    #expect(Slug.latinFolds.count == 0x250 - 0x80)
    var texts: [String] = []
    for value in 0x80..<0x250 {
      let scalar = String(Unicode.Scalar(UInt32(value))!)
      texts += [scalar, scalar + scalar, "a" + scalar + "b", "Z " + scalar + "-9", scalar + "\r\n" + scalar]
    }
    var generator = SeededGenerator(seed: 39)
    let alphabet = Array(0x20..<0x250).compactMap(Unicode.Scalar.init).map(String.init) + ["\r\n", "\t"]
    for _ in 0..<3_000 {
      let length = Int.random(in: 0...80, using: &generator)
      texts.append((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }.joined())
    }
    for text in texts {
      let expected = Slug.latinSlug(from: text, maximumLength: 64)
      #expect(Slug.latinTableSlug(from: text, maximumLength: 64) == expected, "\(text.unicodeScalars.map(\.value))")
    }
    #expect(Slug.latinTableSlug(from: "Ivanov Дмитрий", maximumLength: 64) == nil, "Cyrillic is transliterated")
    #expect(Slug.make(from: "Łukasz Żółć Straße, ŉ") == "lukasz-zolc-strasse-n")
  }

  /// A column component of ASCII text is the text with its runs joined (no folding needed).
  @Test func asciiComponentsKeepCase() {
    #expect(Slug.component(from: "A01959") == "A01959")
    #expect(Slug.component(from: "..x/Y__z") == "x-Y__z")
    #expect(Slug.component(from: "Zoë") == "Zoe")
    #expect(Slug.component(from: "") == "x")
  }
}
