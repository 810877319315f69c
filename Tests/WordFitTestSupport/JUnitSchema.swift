import Foundation

/// Validates JUnit files against `Fixtures/junit/junit.xsd` (the structure Jenkins and GitLab
/// read) with `xmllint`, which `scripts/setup.sh` installs with the test tools (libxml2-utils).
public enum JUnitSchema {
  /// The schema.
  public static var path: String { TestPaths.fixtures + "/junit/junit.xsd" }

  /// `xmllint`'s verdict on `file`: `nil` when it validates, else what xmllint said.
  public static func problems(in file: String) throws -> String? {
    let xmllint = "/usr/bin/xmllint"
    guard FileManager.default.isExecutableFile(atPath: xmllint) else {
      return "xmllint is missing: install libxml2-utils (WORDFIT_TEST_TOOLS=1 bash scripts/setup.sh)"
    }
    let result = try CommandRunner.run(
      xmllint, ["--noout", "--schema", path, file], in: nil, input: nil, environment: [:])
    return result.status == 0 ? nil : result.standardError
  }
}
