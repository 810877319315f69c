import Testing

@testable import WordFitCore

/// Each layout kind's rules, in one place (issue 39): a new kind must answer every one.
@Suite struct LayoutKindTests {
  @Test func eachKindAnswersEveryRule() {
    let rules = LayoutKind.allCases.map { kind in
      "\(kind): \(kind.isOneWordPerLine) \(kind.lineLimit(3).map(String.init) ?? "none") \(kind.reportsBreaks) \(kind.lineNoun)"
    }
    #expect(
      rules == [
        "words: true none false word", "wrap: false 3 true line", "line: false 1 false line",
        "curved: false 1 false line",
      ])
    #expect(LayoutKind.wrap.lineLimit(nil) == nil && LayoutKind.line.lineLimit(nil) == 1)
  }
}
