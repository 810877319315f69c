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
  func githubAnnotations() -> [String] {
    outcomes.filter { $0.status != .passed }.map { outcome in
      let title = "\(outcome.checkCase.name) \(outcome.status.rawValue)"
      let message = outcome.message + (outcome.artifacts["diff"].map { " (diff: \($0))" } ?? "")
      return baseline.knows(outcome)
        ? GitHubAnnotation.warning(
          file: OutputPaths.relative(outcome.checkCase.specPath), title: title + " (known: baseline)", message: message)
        : GitHubAnnotation.error(file: OutputPaths.relative(outcome.checkCase.specPath), title: title, message: message)
    }
  }

  /// The folder's own name, as the suite's name (`.` is the current folder's name, not `.`).
  private var suiteName: String {
    let name = URL(fileURLWithPath: directory).standardizedFileURL.lastPathComponent
    return name.isEmpty || name == "/" ? "root" : name
  }
}
