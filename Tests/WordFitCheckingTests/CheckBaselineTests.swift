import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitChecking
@testable import WordFitCore

/// Known golden failures (issue 43): the cases that did not pass, a file sorted one a line, the
/// failures it knows and the cases that pass again.
@Suite struct CheckBaselineTests {
  func outcome(_ name: String, _ status: CheckStatus) -> CheckOutcome {
    CheckOutcome(
      checkCase: CheckCase(name: name, specPath: "/x/" + name, goldenPath: "/x/" + name + ".png"), status: status,
      comparison: nil, toleranceSource: "", message: "", artifacts: [:])
  }

  @Test func itKnowsTheFailuresItListsAndNamesTheFixed() throws {
    let first = [outcome("b.json", .failed), outcome("a.json", .error), outcome("c.json", .passed)]
    let baseline = CheckBaseline(outcomes: first)
    #expect(baseline.cases == ["a.json", "b.json"])
    let later = [outcome("b.json", .failed), outcome("a.json", .passed), outcome("c.json", .failed)]
    #expect(later.map(baseline.knows) == [true, false, false], "a new failure is not known")
    #expect(baseline.fixed(in: later) == ["a.json"])
    let file = try TestPaths.makeTemporaryDirectory() + "/b.json"
    try Data(try baseline.encoded()).write(to: URL(fileURLWithPath: file))
    #expect(
      try String(contentsOfFile: file, encoding: .utf8)
        == "{\n  \"version\": 1,\n  \"cases\": [\n    \"a.json\",\n    \"b.json\"\n  ]\n}\n")
    #expect(try CheckBaseline.load(contentsOf: file) == baseline)
  }
}
