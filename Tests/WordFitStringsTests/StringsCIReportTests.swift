import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitChecking
@testable import WordFitCore
@testable import WordFitStrings

/// `strings` in CI (issue 43): `--fail-on` scopes what fails; one JUnit failure per key and
/// language with times; annotations at the key's line; the legible minimum is watchOS's 12 pt.
@Suite struct StringsCIReportTests {
  init() { _ = TestPaths.packageRoot }

  static let path = TestPaths.fixtures + "/strings/Localizable.xcstrings"

  func rows(minimumLegible: Double? = nil, layouts: String? = nil) throws -> [StringsRow] {
    var check = StringsCheck(catalog: try StringCatalog.load(contentsOf: Self.path))
    (check.canvases, check.categories) = (["38mm", "45mm"], [.extraSmall, .extraExtraExtraLarge])
    check.minimumLegiblePoints = minimumLegible
    if let layouts {
      let file = try TestPaths.makeTemporaryDirectory() + "/wordfit-strings.json"
      try layouts.write(toFile: file, atomically: true, encoding: .utf8)
      check.layouts = try StringsLayouts(contentsOf: file)
    }
    return try check.rows()
  }

  func report(_ rows: [StringsRow], failOn: [String]) throws -> StringsCIReport {
    StringsCIReport(
      rows: rows, failOn: failOn, catalog: Self.path,
      catalogText: try String(contentsOfFile: Self.path, encoding: .utf8))
  }

  @Test func problemsNotInFailOnAreWarningsEverywhere() throws {
    let rows = try rows(minimumLegible: 30)  // every row illegible; some truncated or broken too
    #expect(rows.allSatisfy { $0.problems.contains("illegible") })
    for failOn in [[], ["illegible"], ["broken-word"], ["truncated", "min-scale"]] {
      let report = try report(rows, failOn: failOn)
      let failing = rows.filter { row in row.problems.contains { failOn.contains($0) } }
      let groups = Set(failing.map { $0.language + "/" + $0.key })
      let junit = report.junit()
      let failedCases = junit.suites.flatMap(\.cases).filter { !$0.failures.isEmpty }
      let annotations = report.annotations()
      #expect(report.fails == !failing.isEmpty, "\(failOn)")
      #expect(failedCases.count == groups.count, "\(failOn): JUnit failures are the failing keys")
      #expect(annotations.filter { $0.hasPrefix("::error ") }.count == groups.count, "\(failOn)")
      #expect(annotations.allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") })
      #expect(junit.xml.contains("failures=\"\(groups.count)\""))
      // Every key and language with a problem is annotated once; warnings are printed, not failed.
      #expect(annotations.count == Set(rows.map { $0.language + "/" + $0.key }).count)
      let warned = junit.suites.flatMap(\.cases).filter { $0.failures.isEmpty && $0.systemOut != nil }
      #expect(warned.count == Set(rows.map { $0.language + "/" + $0.key }).count - groups.count)
    }
  }

  @Test func oneFailurePerCaseListsEveryFailingLayoutWithTimes() throws {
    let rows = try rows(minimumLegible: 30)
    let junit = try report(rows, failOn: ["illegible"]).junit()
    let cases = junit.suites.flatMap(\.cases)
    #expect(cases.allSatisfy { $0.failures.count <= 1 })
    let german = try #require(cases.first { $0.className == "strings.de" && $0.name == "Battery optimisation" })
    let layouts = rows.filter { $0.language == "de" && $0.key == "Battery optimisation" }
    #expect(german.failures[0].details.split(separator: "\n").count == layouts.count + 1, "the catalog, then each")
    #expect(german.failures[0].message.contains("on \(layouts.count) of \(layouts.count) layouts"))
    #expect(german.time > 0 && junit.xml.contains("time=\""))
    let directory = try TestPaths.makeTemporaryDirectory()
    try junit.xml.write(toFile: directory + "/r.xml", atomically: true, encoding: .utf8)
    #expect(try JUnitSchema.problems(in: directory + "/r.xml") == nil)
  }

  @Test func annotationsPointAtTheKeysLineAndNameVariantsOnce() throws {
    let text = try String(contentsOfFile: Self.path, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let annotations = try report(try rows(minimumLegible: 30), failOn: ["illegible"]).annotations()
    let steps = try #require(annotations.first { $0.contains("title=%25lld steps (ar)") })
    let line = try #require(Int(steps.split(separator: ",")[1].dropFirst("line=".count)))
    #expect(lines[line - 1].contains("\"%lld steps\" :"))
    #expect(steps.contains("plural.zero: 38mm xSmall, 38mm xxxLarge") && steps.contains("plural.other:"))
    #expect(steps.components(separatedBy: "plural.one").count == 2, "each variant named once")
    #expect(StringsCIReport.keyLines(#"  "a \"b\"" = "x";"#, keys: [#"a "b""#]) == [#"a "b""#: 1])
  }

  @Test func theLegibleMinimumIsWatchOSsTwelvePointsOrTheLayouts() throws {
    let footnote = #"{"default": {"style": "footnote"}}"#
    let rows = try rows(layouts: footnote)
    // Illegible exactly below watchOS's documented 12 pt, whatever the canvas's footnote size.
    #expect(rows.allSatisfy { $0.problems.contains("illegible") == ($0.points < 12) })
    #expect(rows.contains { !$0.problems.contains("illegible") } && rows.contains { $0.problems.contains("illegible") })
    let stricter = try self.rows(layouts: #"{"default": {"style": "footnote", "minLegible": 14}}"#)
    #expect(stricter.contains { $0.canvas == "38mm" && $0.problems.contains("illegible") })
  }
}
