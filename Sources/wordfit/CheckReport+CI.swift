import Foundation
import WordFit

extension CheckReport {
  /// A JUnit report: a test case per spec, named by its path under the folder; a case that did
  /// not pass carries one failure with the message and its artifacts' paths.
  func junit() -> JUnitReport {
    let cases = outcomes.map { outcome in
      var test = JUnitReport.TestCase(name: outcome.checkCase.name, className: "check.\(suiteName)")
      test.time = outcome.seconds
      if baseline.knows(outcome) {
        test.systemOut = "known failure (baseline): \(outcome.status.rawValue): \(outcome.message)"
      } else if outcome.status != .passed {
        let files = outcome.artifacts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        test.failures = [
          JUnitReport.Failure(
            message: outcome.message, type: outcome.status.rawValue,
            details: (["spec: \(outcome.checkCase.specPath)", "golden: \(outcome.checkCase.goldenPath)"] + files)
              .joined(separator: "\n"))
        ]
      }
      return test
    }
    return JUnitReport(
      name: "wordfit check \(directory)", suites: [JUnitReport.Suite(name: "check.\(suiteName)", cases: cases)])
  }

  /// `::error` lines for GitHub Actions, one per case that did not pass, at its spec file.
  func githubAnnotations() -> [String] { annotationItems().map(\.command) }

  /// The annotations before they are spelled: a warning for a case the baseline knows, else
  /// an error; worst first means most differing pixels (a missing golden or an error ranks
  /// above any difference).
  func annotationItems() -> [GitHubAnnotation.Item] {
    outcomes.filter { $0.status != .passed }.map { outcome in
      let title = "\(outcome.checkCase.name) \(outcome.status.rawValue)"
      let message = outcome.message + (outcome.artifacts["diff"].map { " (diff: \($0))" } ?? "")
      let known = baseline.knows(outcome)
      return GitHubAnnotation.Item(
        isError: !known, file: PathRoot.relative(outcome.checkCase.specPath, root: pathRoot),
        title: title + (known ? " (known: baseline)" : ""), message: message, severity: Self.severity(outcome),
        order: [outcome.checkCase.name])
    }
  }

  /// How bad a case is: its differing pixels, or more than any image has for a case with no
  /// comparison (a missing golden, an error).
  static func severity(_ outcome: CheckOutcome) -> Double {
    guard let comparison = outcome.comparison else { return Double(Int32.max) }
    return Double(comparison.dimensionsMatch ? comparison.differingPixels : Int(Int32.max) - 1)
  }

  /// The report as SARIF 2.1.0 (``SARIFLog``): a result per case that did not pass, at its spec
  /// file, `error` unless the baseline knows it (`note`), fingerprinted by the case's name and
  /// status.
  func sarif() throws -> [UInt8] {
    let rules = [
      SARIFLog.Rule(
        id: "golden-mismatch", summary: "The render differs from its golden beyond the tolerance (or in size).",
        help: "Look at the diff image; if the change is wanted, accept it (wordfit check --accept NAME).",
        level: "error"),
      SARIFLog.Rule(
        id: "golden-missing", summary: "The spec has no golden image and none was recorded.",
        help: "Record it with wordfit check --record missing, look at it, and commit it.", level: "error"),
      SARIFLog.Rule(
        id: "golden-recorded", summary: "The golden was written by this run; the case does not count as passed.",
        help: "Look at the recorded golden and commit it, then rerun without --record.", level: "warning"),
      SARIFLog.Rule(
        id: "check-error", summary: "The spec or its golden could not be read or rendered.",
        help: "Fix the spec or the golden named in the message.", level: "error"),
    ]
    let ruleOf: [CheckStatus: String] = [
      .failed: "golden-mismatch", .missing: "golden-missing", .recorded: "golden-recorded", .error: "check-error",
    ]
    let results = outcomes.filter { $0.status != .passed }.map { outcome in
      let rule = ruleOf[outcome.status] ?? "check-error"
      let level = baseline.knows(outcome) ? "note" : outcome.status == .recorded ? "warning" : "error"
      return SARIFLog.Result(
        rule: rule, level: level, message: outcome.checkCase.name + ": " + outcome.message,
        file: PathRoot.relative(outcome.checkCase.specPath, root: pathRoot),
        fingerprint: StringsCIReport.fingerprint(["check", outcome.checkCase.name, rule]),
        severity: Self.severity(outcome))
    }
    return try SARIFLog.encode(tool: wordFitVersion, rules: rules, results: results)
  }

  /// A pull-request comment: passed or failed with the counts, the 10 cases with the most
  /// differing pixels (missing goldens and errors first), and `artifacts`.
  func pullRequestComment(artifacts: [(name: String, path: String)]) -> PullRequestComment {
    let failing = outcomes.filter { $0.status != .passed && !baseline.knows($0) }
    let verdict =
      failing.isEmpty
      ? "**Passed**: \(outcomes.count) case\(outcomes.count == 1 ? "" : "s") checked, no new failure."
      : "**Failed**: \(failing.count) of \(outcomes.count) case\(outcomes.count == 1 ? "" : "s") did not pass."
    let worst = failing.enumerated().sorted { a, b in
      let (x, y) = (Self.severity(a.element), Self.severity(b.element))
      return x != y ? x > y : a.offset < b.offset
    }.map(\.element)
    let rows = worst.prefix(10).map { outcome in
      [
        outcome.checkCase.name, outcome.status.rawValue,
        outcome.comparison.map { "\($0.differingPixels) px" } ?? "", outcome.artifacts["diff"] ?? "",
      ]
    }
    return PullRequestComment(
      title: "wordfit check", subject: directory, verdict: verdict,
      columns: ["case", "status", "differing", "diff image"], rows: rows, total: failing.count, artifacts: artifacts)
  }

  /// The step summary's Markdown: passed or failed with the counts, then every case that did
  /// not pass (collapsed past 20, at most 1,000 listed, the rest counted), so nothing the
  /// annotations' caps leave out is lost.
  func stepSummary() -> String {
    let failed = annotationItems()
    var out = ["## wordfit check: \(Markdown.code(PathRoot.relative(directory, root: pathRoot)))", ""]
    let fresh = failed.filter(\.isError).count
    out.append(
      fresh == 0
        ? "**Passed**: \(outcomes.count) case\(outcomes.count == 1 ? "" : "s"), no new failure."
        : "**Failed**: \(fresh) of \(outcomes.count) case\(outcomes.count == 1 ? "" : "s") did not pass.")
    if !failed.isEmpty {
      out +=
        failed.count > 20
        ? ["", "<details><summary>Every case that did not pass (\(failed.count))</summary>", ""] : [""]
      out += failed.prefix(1_000).map { "- " + Markdown.code($0.title) + ": " + Markdown.code($0.message) }
      if failed.count > 1_000 { out.append("- … and \(failed.count - 1_000) more (JUnit and SARIF hold every one)") }
      if failed.count > 20 { out += ["", "</details>"] }
    }
    return out.joined(separator: "\n") + "\n\n"
  }

  /// The folder's own name, as the suite's name (`.` is the current folder's name, not `.`).
  private var suiteName: String {
    let name = URL(fileURLWithPath: directory).standardizedFileURL.lastPathComponent
    return name.isEmpty || name == "/" ? "root" : name
  }
}
