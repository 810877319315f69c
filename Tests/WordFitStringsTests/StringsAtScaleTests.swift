import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitChecking
@testable import WordFitCore
@testable import WordFitStrings

/// A catalog failing at scale (issue 59): 300 failing layouts in 40 keys. GitHub shows 10
/// errors a step, so the run prints the 10 worst and a notice counting the rest; the step
/// summary, SARIF, JUnit and Code Quality hold every one and agree on the count.
@Suite struct StringsAtScaleTests {
  /// 40 keys, each with 7 or 8 failing layouts (300 in all) and one warning layout; key `kN`
  /// overflows by N % at worst, so the worst ten are k39 … k30.
  static func rows() -> [StringsRow] {
    var rows: [StringsRow] = []
    for key in 0..<40 {
      let failing = key < 20 ? 8 : 7
      for layout in 0..<failing {
        rows.append(
          StringsRow(
            key: "k\(key)", language: "de", variant: "", text: "Lang", canvas: "\(38 + layout)mm",
            dynamicType: "large", size: 20, points: 10, limit: "width", problems: ["truncated"],
            wouldFitAt: 10, overflow: 5, overflowPercent: Double(key) - Double(layout) / 10))
      }
      rows.append(
        StringsRow(
          key: "k\(key)", language: "fr", variant: "", text: "Long", canvas: "45mm", dynamicType: "large", size: 20,
          points: 10, limit: "width", problems: ["illegible"]))
    }
    return rows
  }

  static let catalogText = (0..<40).map { "\"k\($0)\" : {}" }.joined(separator: "\n")

  @Test func tenWorstErrorsThenANoticeAndEveryReportHoldsAll() throws {
    let rows = Self.rows()
    #expect(rows.filter { $0.problems == ["truncated"] }.count == 300)
    let report = StringsCIReport(
      rows: rows, failOn: ["truncated"], catalog: "Localizable.xcstrings", catalogText: Self.catalogText)
    let lines = report.cappedAnnotations(reports: ["SARIF out.sarif"])
    let errors = lines.filter { $0.hasPrefix("::error ") }
    #expect(errors.count == 10)
    let named = errors.compactMap { line -> String? in
      guard let range = line.range(of: "title=k") else { return nil }
      return String(line[range.upperBound...].prefix { $0.isNumber })
    }
    #expect(named == (30...39).reversed().map(String.init), "worst first: \(named)")
    #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 10, "the warnings are capped too")
    let notice = try #require(lines.last)
    #expect(notice.hasPrefix("::notice ") && notice.contains("30 more errors and 30 more warnings"), "\(notice)")
    #expect(notice.contains("every one is in SARIF out.sarif"))
    #expect(lines.count == 21)
    // Custom caps, and none left out: no notice.
    #expect(report.cappedAnnotations(limits: (50, 50), reports: []).filter { $0.hasPrefix("::notice") }.isEmpty)
    #expect(report.cappedAnnotations(limits: (0, 0), reports: []).count == 1)
    // Every report counts the 40 failing keys.
    let sarif = try JSONSerialization.jsonObject(with: Data(try report.sarif(version: "0.1.0"))) as? [String: Any]
    let run = try #require((sarif?["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.filter { $0["level"] as? String == "error" }.count == 300, "every failing layout")
    #expect(results.filter { $0["level"] as? String == "warning" }.count == 40)
    let firstMessage = try #require((results.first?["message"] as? [String: String])?["text"])
    #expect(firstMessage.hasPrefix("\"k39\" (de) is truncated on 38mm large"), "worst first: \(firstMessage)")
    #expect(
      Set(results.compactMap { ($0["partialFingerprints"] as? [String: String])?["wordfitProblem/v1"] }).count == 340)
    #expect(report.junit().suites.flatMap(\.cases).filter { !$0.failures.isEmpty }.count == 40)
    let quality = try JSONSerialization.jsonObject(with: Data(try report.codeQuality())) as? [[String: Any]]
    #expect(quality?.filter { $0["severity"] as? String == "major" }.count == 40)
    let summary = report.stepSummary()
    #expect(summary.contains("<details><summary>Every failing layout (300 in 40 keys × language)</summary>"))
    #expect(
      (0..<40).allSatisfy {
        summary.contains("`k\($0) (de): truncated` on \($0 < 20 ? 8 : 7): `38mm large, 39mm large")
      })
  }

  @Test func fingerprintsFollowTheProblemNotItsPlace() throws {
    let rows = Self.rows()
    let report = { (text: String, rows: [StringsRow]) in
      StringsCIReport(rows: rows, failOn: ["truncated"], catalog: "L.xcstrings", catalogText: text)
    }
    let fingerprints = { (log: [UInt8]) throws -> [String: Int] in
      let object = try JSONSerialization.jsonObject(with: Data(log)) as? [String: Any]
      let results = ((object?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
      var lines: [String: Int] = [:]
      for result in results {
        let print = (result["partialFingerprints"] as? [String: String])?["wordfitProblem/v1"] ?? ""
        let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        lines[print] = (location?["region"] as? [String: Int])?["startLine"] ?? 0
      }
      return lines
    }
    // The catalog reordered (every key on another line) and its rows in another order.
    let moved = "\n\n" + Self.catalogText.split(separator: "\n").reversed().joined(separator: "\n")
    let before = try fingerprints(try report(Self.catalogText, rows).sarif(version: "0.1.0"))
    let after = try fingerprints(try report(moved, rows.reversed()).sarif(version: "0.1.0"))
    #expect(before.count == 340 && Set(before.keys) == Set(after.keys))
    let k0 = StringsCIReport.fingerprint(["L.xcstrings", "k0", "de", "", "38mm", "large", "truncated"])
    #expect(before[k0] == 1 && after[k0] == 42)
  }

  @Test func aPullRequestCommentIsShortWhateverTheInput() throws {
    let report = StringsCIReport(
      rows: Self.rows(), failOn: ["truncated"], catalog: "Localizable.xcstrings", catalogText: Self.catalogText)
    let comment = report.pullRequestComment(artifacts: [("SARIF", "out.sarif")]).markdown
    let table = comment.split(separator: "\n").filter { $0.hasPrefix("| `") }
    #expect(
      table.count == 10 && table.first?.hasPrefix("| `k39` | `de` | `38mm large`") == true, "\(table.first ?? "")")
    #expect(comment.contains("**Failed**: 40 keys × language, 300 layouts of 340"))
    #expect(comment.contains("… and 290 more") && comment.contains("Reports: SARIF `out.sarif`"))
    // Hostile and huge: 10 keys of 100,000 characters with pipes, backticks and markup.
    let hostile = (0..<10).map { index in
      StringsRow(
        key: String(repeating: "|`<b>", count: 20_000) + "\(index)", language: "x\n|", variant: "", text: "x",
        canvas: "45mm", dynamicType: "large", size: 20, points: 10, limit: "width", problems: ["truncated"],
        wouldFitAt: 10, overflow: 5, overflowPercent: Double(index))
    }
    let huge = StringsCIReport(
      rows: hostile, failOn: ["truncated"], catalog: String(repeating: "é|", count: 50_000), catalogText: nil
    ).pullRequestComment(artifacts: [("page", String(repeating: "`", count: 70_000))]).markdown
    #expect(huge.utf16.count <= PullRequestComment.characterLimit)
    let rows = huge.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| key") }
    #expect(rows.count == 10, "every row kept: cells are cut, not the table")
    #expect(rows.allSatisfy { $0.components(separatedBy: " | ").count == 6 }, "no cell breaks out of its column")
  }
}
