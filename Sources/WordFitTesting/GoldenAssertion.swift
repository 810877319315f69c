import Foundation
import WordFit

#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// Asserts that `rendering` matches the golden PNG `name` beside the test file, the way
/// swift-snapshot-testing's `assertSnapshot` does for views.
///
/// The golden lives in `__Goldens__/<TestFile>/<name>.png` next to the file that calls this.
/// A missing golden is recorded (and the test fails once, so the new image gets looked at);
/// under `CI` nothing is ever written. Set `WORDFIT_RECORD=missing|failed|all|never` to choose.
/// On failure the expected, actual and diff PNGs go to `$WORDFIT_ARTIFACTS` (default: a
/// `wordfit-artifacts` folder in the temporary directory) and the failure message names them.
/// Works in Swift Testing and XCTest alike.
///
/// - Parameters:
///   - rendering: a render from `WordStackRenderer`, `StackRenderer`, `LayoutRenderer`, or a
///     `PreviewSheet`.
///   - name: the golden's name, unique within the test file.
///   - tolerance: how far the render may differ (default: exact).
///   - fileID: the calling file's ID, for the failure report (leave the default).
///   - filePath: the calling file, whose folder holds `__Goldens__` (leave the default).
///   - line: the calling line, for the failure report (leave the default).
///   - column: the calling column, for the failure report (leave the default).
/// - Complexity: O(*width* × *height*).
public func assertGolden(
  of rendering: any RenderedImage, named name: String, tolerance: ComparisonTolerance = .exact,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  let failure = verifyGolden(of: rendering, named: name, tolerance: tolerance, filePath: "\(filePath)")
  if let failure { recordFailure(failure, fileID: fileID, filePath: filePath, line: line, column: column) }
}

/// Renders `spec` and asserts the result matches the golden `name` (see the other
/// `assertGolden(of:named:…)`); a spec that does not render fails the test.
///
/// - Parameters:
///   - spec: the layout to render with `WordStackRenderer`.
///   - name: the golden's name, unique within the test file.
///   - tolerance: how far the render may differ (default: exact).
///   - fileID: the calling file's ID, for the failure report (leave the default).
///   - filePath: the calling file, whose folder holds `__Goldens__` (leave the default).
///   - line: the calling line, for the failure report (leave the default).
///   - column: the calling column, for the failure report (leave the default).
public func assertGolden(
  of spec: RenderSpec, named name: String, tolerance: ComparisonTolerance = .exact,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  do {
    let rendering = try WordStackRenderer().render(spec)
    assertGolden(
      of: rendering, named: name, tolerance: tolerance, fileID: fileID, filePath: filePath, line: line, column: column)
  } catch {
    recordFailure(
      "\(name): the spec does not render: \(error)", fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// Verifies `rendering` against its golden without reporting: the failure message, or `nil`
/// when it matches. For test frameworks other than Swift Testing and XCTest.
///
/// - Parameters:
///   - rendering: the image to verify.
///   - name: the golden's name, unique within the test file.
///   - tolerance: how far the render may differ (default: exact).
///   - filePath: the test file; goldens go to `__Goldens__/<file name>/` beside it.
public func verifyGolden(
  of rendering: any RenderedImage, named name: String, tolerance: ComparisonTolerance = .exact, filePath: String
) -> String? {
  let testFile = URL(fileURLWithPath: filePath)
  let directory = testFile.deletingLastPathComponent()
    .appendingPathComponent("__Goldens__")
    .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
  let environment = ProcessInfo.processInfo.environment
  do {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let artifacts =
      environment["WORDFIT_ARTIFACTS"]
      ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("wordfit-artifacts")
    let verifier = GoldenVerifier(
      recordMode: try RecordMode.fromEnvironment(environment), tolerance: tolerance,
      artifactsDirectory: (artifacts as NSString).appendingPathComponent(
        testFile.deletingPathExtension().lastPathComponent))
    let golden = directory.appendingPathComponent(name + ".png").path
    let verdict = try verifier.verify(rendering, golden: golden, name: name)
    if verdict.passed { return nil }
    var message = "\(name): \(verdict.message)"
    if !verdict.artifacts.isEmpty {
      message +=
        " (" + verdict.artifacts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        + ")"
    }
    return message
  } catch let error as GoldenVerifier.ArtifactsError {
    return "\(name): \(error.underlying.message)"
  } catch {
    return "\(name): \(error)"
  }
}

/// Reports a failure to the framework running the current test.
private func recordFailure(
  _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
  #if canImport(Testing)
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
          fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
      return
    }
  #endif
  #if canImport(XCTest)
    XCTFail(message, file: filePath, line: line)
  #else
    print("WordFitTesting: \(message) (\(filePath):\(line))")
  #endif
}
