import Testing

@testable import WordFitCore
@testable import WordFitText

/// The left-to-right shortcut of ``BidiRuns`` (text below U+0590, no right-to-left base) against
/// FriBidi itself.
@Suite struct BidiRunsTests {
  static let texts = [
    "", "Javi Pellicer", "  spaces\tand\nbreaks\r\n", "123 + 4.5%", "!!!", "(ok) [x] {y}", "Mühlestraße Ivana",
    "e\u{301}te\u{301}", "Ελένη Παπαδοπούλου", "Анна-Мария", "Ա. Պետրոսյան", "\u{85}next line", "tab\u{1F}unit",
    "ǅemal Đorđević", "ʃɪp",
  ]

  @Test(arguments: texts, [LineDirection?.none, .leftToRight])
  func shortcutIsFriBidis(text: String, base: LineDirection?) {
    let shortcut = BidiRuns(text, base: base)
    let full = BidiRuns(text, base: base, throughFriBidi: true)
    #expect(shortcut.direction == full.direction)
    #expect(shortcut.runs.map(\.text) == full.runs.map(\.text))
    #expect(shortcut.runs.map(\.direction) == full.runs.map(\.direction))
  }

  @Test func rightToLeftTextAndBasesStillGoThroughFriBidi() {
    let mixed = BidiRuns("Dr.محمد", base: nil)
    #expect(mixed.runs.map(\.direction) == [.leftToRight, .rightToLeft])
    let latinInArabicParagraph = BidiRuns("Hi!", base: .rightToLeft)
    #expect(latinInArabicParagraph.direction == .rightToLeft)
    #expect(latinInArabicParagraph.runs.map(\.text) == ["!", "Hi"])
  }
}
