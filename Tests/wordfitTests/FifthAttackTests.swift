import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore

/// Regression tests for what the fifth attack, four user trials and the fidelity pass found:
/// each item's reproduction through the command line, failing before its fix.
@Suite struct FifthAttackTests {
  /// The peak resident memory of `wordfit arguments`, in bytes (GNU time's `%M`), and its run.
  func peakMemory(_ arguments: [String]) throws -> (bytes: Int, run: CommandResult) {
    let run = try CommandRunner.run(
      "/usr/bin/time", ["-f", "peak %M"] + [TestPaths.executable] + arguments, in: nil, input: nil, environment: [:])
    let line = run.standardError.split(separator: "\n").last { $0.hasPrefix("peak ") } ?? ""
    return ((Int(line.dropFirst(5)) ?? -1) * 1024, run)
  }

  // Item 3: a String Catalog is read in memory a small multiple of its size: 100,001 keys in
  // 10.6 MB took 1.24 GB through JSONSerialization, and take ~130 MB now (the binary included).
  @Test func aLargeCatalogIsReadInBoundedMemory() throws {
    var json =
      #"{"sourceLanguage":"en","version":"1.0","strings":{"only":{"localizations":{"xx":{"stringUnit":{"state":"translated","value":"Start"}}}}"#
    for index in 0..<100_000 {
      json +=
        #","key.\#(index)":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Start workout \#(index)"}}}}"#
    }
    json += "}}"
    let path = try TestPaths.makeTemporaryDirectory() + "/Big.xcstrings"
    try json.write(toFile: path, atomically: true, encoding: .utf8)
    let (bytes, run) = try peakMemory([
      "strings", path, "--languages", "xx", "--canvases", "38mm", "--categories", "xSmall",
    ])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("1 keys, 1 strings"), "\(run.standardOutput)")
    #expect(bytes > 0 && bytes < 400 << 20, "\(bytes >> 20) MB for a \(json.utf8.count >> 20) MB catalog")
  }

  // Item 5: a run of soft hyphens cost HarfBuzz 6.0 over the default font time quadratic in its
  // length (120,000 took 48.6 s in every layout); they are left out of what HarfBuzz shapes.
  // A CPU limit of 20 s (the runs take well under a second) turns a regression into a failure
  // rather than a hang.
  @Test func runsOfSoftHyphensShapeInLinearTime() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let text = "ab" + String(repeating: "\u{00AD}", count: 120_000)
    try text.write(toFile: directory + "/t.txt", atomically: true, encoding: .utf8)
    for layout in ["words", "wrap", "line"] {
      let run = try CommandRunner.shell(
        "ulimit -t 20; \"$WORDFIT\" render - --layout \(layout) -o out-\(layout).png < t.txt", in: directory)
      #expect(run.status == 0, "\(layout): \(run.status) \(run.standardError)")
    }
  }
}
