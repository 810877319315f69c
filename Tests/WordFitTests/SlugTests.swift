import Testing
import WordFitTestSupport

@testable import WordFit
@testable import WordFitCore
@testable import WordFitImage
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
}
