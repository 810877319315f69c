import Foundation
import WordFit

extension CheckReport {
  /// A JUnit report: a test case per spec, named by its path under the folder; a case that did
  /// not pass carries one failure with the message and its artifacts' paths.
  func junit() -> JUnitReport {
    let cases = outcomes.map { outcome in
      var test = JUnitReport.TestCase(name: outcome.checkCase.name, className: "check.\(suiteName)")
      if outcome.status != .passed {
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
      let escaped = { (text: String) in
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
          .replacingOccurrences(of: "\n", with: "%0A")
      }
      let property = { (text: String) in
        escaped(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
      }
      let artifacts = outcome.artifacts["diff"].map { " (diff: \($0))" } ?? ""
      return
        "::error file=\(property(outcome.checkCase.specPath)),title=\(property("\(outcome.checkCase.name) \(outcome.status.rawValue)"))::\(escaped(outcome.message + artifacts))"
    }
  }

  /// The folder's last path component, as the suite's name.
  private var suiteName: String { (directory as NSString).lastPathComponent }
}
