import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitBadges
@testable import WordFitCore

/// Issue 42, 7: a region's `familyFirst` text for rows whose locale writes the family name
/// first, the locale read from the template's `localeBy` column, else the row's language.
@Suite struct NameOrderTests {
  @Test func familyFirstLanguagesByTheirLanguageSubtag() {
    for tag in ["ja", "zh-Hant-TW", "ZH", "ko_KR", "vi", "hu-HU", "mn", "km"] {
      #expect(NameOrder(locale: tag) == .familyFirst, "\(tag)")
    }
    for tag in ["en", "de-DE", "", "jav", "hun", "fr_CA"] {
      #expect(NameOrder(locale: tag) == .givenFirst, "\(tag)")
    }
    #expect(NameOrder(locale: nil) == .givenFirst)
  }

  static let template = """
    {"width": 400, "height": 100, "localeBy": "Locale",
     "regions": [{"name": "name", "box": [0, 0, 400, 100], "text": "{given} {family}",
                  "familyFirst": "{family} {given}"}]}
    """

  @Test func eachRowTakesTheOrderOfItsLocale() throws {
    let template = try BadgeTemplate.decode(Data(Self.template.utf8))
    #expect(template.columns.contains("locale"), "the locale column is read")
    let renderer = BadgeRenderer()
    func name(_ fields: [String: String], language: String? = nil) throws -> String? {
      try renderer.render(template, fields: fields, language: language).regions.first?.text
    }
    #expect(try name(["given": "Ada", "family": "Lovelace", "locale": "en-GB"]) == "Ada Lovelace")
    #expect(try name(["given": "János", "family": "Kovács", "locale": "hu"]) == "Kovács János")
    #expect(try name(["given": "太郎", "family": "山田", "locale": "ja-JP"]) == "山田 太郎")
    // The same text again in the other order: the layout cache keeps the orders apart.
    #expect(try name(["given": "János", "family": "Kovács", "locale": "de"]) == "János Kovács")
    // Without localeBy, the row's language decides; a blank locale cell reads as given first.
    var plain = template
    plain.localeColumn = nil
    #expect(
      try renderer.render(plain, fields: ["given": "An", "family": "Nguyễn"], language: "vi").regions.first?.text
        == "Nguyễn An")
    #expect(try name(["given": "An", "family": "Nguyễn", "locale": ""], language: "vi") == "An Nguyễn")
  }

  @Test func anEmptyFamilyFirstTextIsRefusedByKey() {
    let text = Self.template.replacingOccurrences(of: "\"{family} {given}\"", with: "\" \"")
    #expect {
      _ = try BadgeTemplate.decode(Data(text.utf8))
    } throws: { error in
      (error as? WordFitError)?.message.contains("regions[0].familyFirst") == true
    }
  }
}
