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

  func report(_ rows: [StringsRow], failOn: [String], baseline: StringsBaseline = StringsBaseline()) throws
    -> StringsCIReport
  {
    StringsCIReport(
      rows: rows, failOn: failOn, catalog: Self.path,
      catalogText: try String(contentsOfFile: Self.path, encoding: .utf8), baseline: baseline)
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

  @Test func aBaselineFailsOnlyOnNewProblemsAndSaysWhichAreFixed() throws {
    let rows = try rows(minimumLegible: 30)
    let baseline = StringsBaseline(rows: rows)
    let every = ["truncated", "min-scale", "illegible", "broken-word"]
    let known = try report(rows, failOn: every, baseline: baseline)
    #expect(!known.fails && known.annotations().allSatisfy { $0.hasPrefix("::warning ") } && known.fixed.isEmpty)
    // A problem the baseline does not list fails the run; one it lists but this run lacks is fixed.
    var older = baseline
    let dropped = try #require(older.entries.first { $0.problem == "illegible" })
    older.entries.remove(dropped)
    let gone = StringsBaseline.Entry(rows[0], problem: "truncated-long-ago")
    older.entries.insert(gone)
    let new = try report(rows, failOn: every, baseline: older)
    #expect(new.fails && new.annotations().filter { $0.hasPrefix("::error ") }.count == 1)
    #expect(new.fixed == [gone])
    // The file: sorted, one problem a line, read back equal.
    let file = try TestPaths.makeTemporaryDirectory() + "/baseline.json"
    try Data(try baseline.encoded()).write(to: URL(fileURLWithPath: file))
    #expect(try StringsBaseline.load(contentsOf: file) == baseline)
    let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").filter {
      $0.hasPrefix("    {")
    }
    let entries = try lines.map {
      try JSONDecoder().decode(
        StringsBaseline.Entry.self, from: Data($0.trimmingCharacters(in: .init(charactersIn: " ,")).utf8))
    }
    #expect(entries.count == baseline.entries.count && entries == entries.sorted(), "sorted by key, language, …")
    try "[]".write(toFile: file, atomically: true, encoding: .utf8)
    #expect(throws: WordFitError.self) { try StringsBaseline.load(contentsOf: file) }
  }

  /// GitLab's Code Quality fields (docs.gitlab.com, "Code Quality report format"): description,
  /// check_name, fingerprint, severity (info, minor, major, critical, blocker), location.path and
  /// location.lines.begin.
  @Test func theCodeQualityReportHasGitLabsFields() throws {
    let report = try report(try rows(minimumLegible: 30), failOn: ["broken-word"])
    let json = try report.codeQuality()
    #expect(json == (try report.codeQuality()), "stable")
    let findings = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [[String: Any]])
    #expect(!findings.isEmpty)
    var fingerprints = Set<String>()
    for finding in findings {
      #expect(finding["description"] is String && (finding["check_name"] as? String)?.hasPrefix("wordfit-") == true)
      let severity = try #require(finding["severity"] as? String)
      #expect(["info", "minor", "major", "critical", "blocker"].contains(severity))
      let location = try #require(finding["location"] as? [String: Any])
      #expect(location["path"] as? String == Self.path)
      #expect(((location["lines"] as? [String: Any])?["begin"] as? Int ?? 0) >= 1)
      fingerprints.insert(try #require(finding["fingerprint"] as? String))
    }
    #expect(fingerprints.count == findings.count, "unique")
    #expect(findings.filter { $0["severity"] as? String == "major" }.count >= 1)
  }

  @Test func theStepSummaryCountsProblemsByLanguageAndLinksArtifacts() throws {
    let rows = try rows()
    let summary = try report(rows, failOn: ["broken-word"]).stepSummary(artifacts: [("JUnit", "r.xml")])
    #expect(summary.hasPrefix("## wordfit strings: ") && summary.contains("**Failed**"))
    #expect(summary.contains("| language | truncated | min-scale | illegible | broken-word |"))
    let german = rows.filter { $0.language == "de" && $0.problems.contains("broken-word") }.count
    #expect(summary.contains("| `de` | ") && summary.contains(" | \(german) |"))
    #expect(summary.contains("Artifacts: JUnit `r.xml`"))
  }

  /// Keys, languages and paths from users' files are set as code in the step summary: a CR,
  /// U+2028, `<details>`, `<img>`, a link or a heading rendered in the job summary before, and
  /// languages and file names were not escaped at all. Each table row keeps its cells, and
  /// nothing outside a code span is Markdown or HTML that came from the input.
  @Test func theStepSummaryEscapesEveryCellAndPath() throws {
    let hostile = [
      "a\rb", "c\u{2028}d", "<details>open", "<img src=x onerror=alert(1)>", "[click](https://x.test)",
      "# heading", "pipe | cell", "``tick`` `", "*bold* _em_", "https://autolink.test",
    ]
    var rows: [StringsRow] = []
    for (index, key) in hostile.enumerated() {
      rows.append(
        StringsRow(
          key: key, language: index % 2 == 0 ? "de<b>\n" : "fr|x", variant: "", text: "x", canvas: "45mm",
          dynamicType: "large", size: 20, points: 10, limit: "width", problems: ["truncated"], wouldFitAt: 10,
          overflow: 5, overflowPercent: Double(index + 1)))
    }
    let report = StringsCIReport(
      rows: rows, failOn: ["truncated"], catalog: "cat<script>|.xcstrings", catalogText: "", baseline: StringsBaseline()
    )
    let summary = report.stepSummary(artifacts: [("JUnit", "out/<b>bold</b>.xml")])
    /// The text with every code span removed.
    func outsideCode(_ line: String) -> String {
      var (out, index) = ("", line.startIndex)
      while index < line.endIndex {
        guard line[index] == "`" else {
          out.append(line[index])
          index = line.index(after: index)
          continue
        }
        let fence = line[index...].prefix { $0 == "`" }
        let after = line.index(index, offsetBy: fence.count)
        guard let close = line[after...].range(of: String(fence)) else { return out + line[index...] }
        index = close.upperBound
      }
      return out
    }
    for line in summary.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      #expect(!line.contains("\r") && !line.contains("\u{2028}"), "\(line)")
      let plain = outsideCode(line.replacingOccurrences(of: "\\|", with: ""))
      #expect(!plain.contains("<") && !plain.contains("](") && !plain.contains("https:"), "\(line)")
      if line.hasPrefix("#") { #expect(line.hasPrefix("## wordfit strings: ") || line.hasPrefix("### ")) }
      if line.hasPrefix("| `") {
        #expect(plain.filter { $0 == "|" }.count == 6, "five cells: \(line)")
      }
    }
    #expect(summary.contains("| `<img src=x onerror=alert(1)>` |") && summary.contains("| ``` ``tick`` ` ``` |"))
  }
}
