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
/// `wordfit-artifacts` folder in the temporary directory), the failure message names them, and
/// under Swift Testing they are attached to the test (`swift test --attachments-path DIR`);
/// the render is also written to `ARTIFACTS/__Goldens__/` at the golden's path below the
/// package, so copying that folder over the package accepts the run. Works in Swift Testing and
/// XCTest alike.
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
  let outcome = goldenOutcome(of: rendering, named: name, tolerance: tolerance, filePath: "\(filePath)")
  guard let failure = outcome.failure else { return }
  recordFailure(failure, fileID: fileID, filePath: filePath, line: line, column: column)
  attach(outcome.artifacts, named: name, fileID: fileID, filePath: filePath, line: line, column: column)
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
  goldenOutcome(of: rendering, named: name, tolerance: tolerance, filePath: filePath).failure
}

/// The verdict's message (`nil` when it matches) and the artifacts written.
///
/// Artifacts go to `$WORDFIT_ARTIFACTS` (default: `wordfit-artifacts` in the temporary folder):
/// `<TestFile>/<name>/expected.png`, `actual.png`, `diff.png`, and the render at its golden's
/// path below the package's root (the nearest folder above the test file holding
/// `Package.swift`) under `__Goldens__/`, so that copying that folder over the package, or
/// `wordfit check PACKAGE --accept ARTIFACTS`, accepts the run.
func goldenOutcome(
  of rendering: any RenderedImage, named name: String, tolerance: ComparisonTolerance, filePath: String
) -> (failure: String?, artifacts: [String: String]) {
  let testFile = URL(fileURLWithPath: filePath)
  let fileName = testFile.deletingPathExtension().lastPathComponent
  let directory = testFile.deletingLastPathComponent().appendingPathComponent("__Goldens__")
    .appendingPathComponent(fileName)
  let environment = ProcessInfo.processInfo.environment
  do {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let artifacts =
      environment["WORDFIT_ARTIFACTS"]
      ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("wordfit-artifacts")
    let verifier = GoldenVerifier(
      recordMode: try RecordMode.fromEnvironment(environment), tolerance: tolerance, artifactsDirectory: artifacts)
    let golden = directory.appendingPathComponent(name + ".png").path
    let verdict = try verifier.verify(
      rendering, golden: golden, name: fileName + "/" + name, acceptPath: packageRelativePath(of: golden))
    if verdict.passed { return (nil, [:]) }
    var message = "\(name): \(verdict.message)"
    if !verdict.artifacts.isEmpty {
      message +=
        " (" + verdict.artifacts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        + ")"
    }
    return (message, verdict.artifacts)
  } catch let error as GoldenVerifier.ArtifactsError {
    return ("\(name): \(error.underlying.message)", [:])
  } catch {
    return ("\(name): \(error)", [:])
  }
}

/// `path` relative to the nearest folder above it holding `Package.swift`, or to its own
/// folder's parent when there is none.
func packageRelativePath(of path: String) -> String {
  var folder = (path as NSString).deletingLastPathComponent
  while folder.count > 1 {
    if FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("Package.swift")) {
      return String(path.dropFirst(folder.count + 1))
    }
    folder = (folder as NSString).deletingLastPathComponent
  }
  let parent = ((path as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
  return String(path.dropFirst(parent.count + 1))
}

/// Attaches a failure's expected, actual and diff PNGs to the current Swift Testing test
/// (`swift test --attachments-path DIR` saves them). XCTest on Linux has no attachments
/// (swift-corelibs-xctest lacks `XCTAttachment`): there the message's paths are the way to them.
private func attach(
  _ artifacts: [String: String], named name: String, fileID: StaticString, filePath: StaticString, line: UInt,
  column: UInt
) {
  #if canImport(Testing)
    guard Test.current != nil else { return }
    for key in ["expected", "actual", "diff"] {
      guard let path = artifacts[key], let bytes = FileManager.default.contents(atPath: path) else { continue }
      Attachment.record(
        [UInt8](bytes), named: "\(name)-\(key).png",
        sourceLocation: SourceLocation(
          fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
    }
  #endif
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
