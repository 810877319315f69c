import Testing

@testable import WordFit

@Suite struct SlugTests {
  @Test func foldsDiacriticsAndCase() {
    #expect(Slug.make(from: "Aimée Bethany Charles") == "aimee-bethany-charles")
    #expect(Slug.make(from: "Łukasz Żółć Straße") == "lukasz-zolc-strasse")
  }

  @Test func hostileTextStaysInsideItsFolder() {
    #expect(Slug.make(from: "../../etc/passwd") == "etc-passwd")
    #expect(Slug.make(from: ".hidden") == "hidden")
    #expect(Slug.make(from: "!!!", fallback: "x") == "x")
    #expect(Slug.make(from: "😀😀", fallback: "x") == "x")
    #expect(Slug.make(from: String(repeating: "a", count: 500)).count == 64)
  }
}
