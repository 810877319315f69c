// Test-only: a release build (`swift build -c release` builds every target) has no Testing
// module, so the assertion exists where the tests are built.
#if canImport(Testing)
  import Foundation
  import Testing
  import WordFitTestSupport

  import WordFitChecking
  import WordFitCore
  import WordFitImage
  import WordFitLayout
  import WordFitText

  /// Compares a fresh render with its golden PNG through ``GoldenVerifier``, the verifier
  /// `wordfit check` and `WordFitTesting` use, exact by default.
  ///
  /// Record with `WORDFIT_RECORD=missing|failed|all`; under `CI` nothing is ever written. On
  /// failure the expected, actual and diff images go to `.test-artifacts/NAME/` and the message
  /// says where.
  public func assertGolden(
    _ rendering: any RenderedImage, golden path: String, tolerance: ComparisonTolerance = .exact,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let verifier = GoldenVerifier(
      recordMode: try RecordMode.fromEnvironment(ProcessInfo.processInfo.environment), tolerance: tolerance,
      artifactsDirectory: TestPaths.artifacts)
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    let verdict = try verifier.verify(rendering, golden: path, name: name)
    guard !verdict.passed else { return }
    let artifacts = verdict.artifacts["actual"].map {
      "; actual, expected and diff in \(($0 as NSString).deletingLastPathComponent)"
    }
    Issue.record(Comment(rawValue: "\(name): \(verdict.message)\(artifacts ?? "")"), sourceLocation: sourceLocation)
  }
#endif
