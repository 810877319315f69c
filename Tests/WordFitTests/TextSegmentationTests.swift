import Testing

@testable import WordFit
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitText

@Suite struct TextSegmentationTests {
  @Test func splitsOnEveryWhiteSpaceRun() {
    #expect(
      TextSegmentation.words(of: "  Foo\tBar\n\nBaz\u{3000}Qux\u{2028}End  ") == ["Foo", "Bar", "Baz", "Qux", "End"])
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
}
