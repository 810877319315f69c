import Foundation
import Testing
import WordFitTestSupport

@testable import WordFit
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitText

@Suite struct CheckCommandTests {
  /// A folder with two specs and no goldens yet.
  func makeSuite() throws -> String {
    let directory = try TestPaths.makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: directory + "/nested", withIntermediateDirectories: true)
    try #"{"text": "Foo Bar", "canvas": "38mm"}"#.write(
      toFile: directory + "/foo.json", atomically: true, encoding: .utf8)
    try #"{"text": "Cat", "canvas": "100x60", "maxSize": 30}"#.write(
      toFile: directory + "/nested/cat.json", atomically: true, encoding: .utf8)
    return directory
  }

  func check(
    _ directory: String, _ extra: [String] = [], environment: [String: String] = ["CI": "", "WORDFIT_RECORD": ""]
  ) throws
    -> CommandResult
  {
    try InProcess.wordfit(
      ["check", directory, "--artifacts", directory + "-artifacts"] + extra, environment: environment)
  }

  /// Rewrites a golden with one pixel changed and, optionally, other recorded versions.
  func tamper(_ path: String, freeType: String? = nil) throws {
    let golden = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
    var canvas = golden.canvas
    canvas.composite(
      coverage: [255], maskWidth: 1, maskHeight: 1, atX: 3, y: 4, color: Color(red: 255, green: 0, blue: 255))
    var text = golden.textChunks
    if let freeType, let index = text.firstIndex(where: { $0.key == "WordFit-FreeType" }) {
      text[index].value = freeType
    }
    try AtomicFile.write(try PNGCodec.encode(canvas, text: text), to: path)
  }

  @Test func recordsMissingGoldensAndStillFailsThenPasses() throws {
    let directory = try makeSuite()
    let first = try check(directory, ["--record", "missing"])
    #expect(first.status == 1)
    #expect(first.standardOutput.contains("recorded"))
    #expect(FileManager.default.fileExists(atPath: directory + "/nested/cat.png"))
    let second = try check(directory)
    #expect(second.status == 0, "\(second.standardOutput)")
    #expect(second.standardOutput.contains("2 cases: 2 passed"))
  }

  @Test func underCINothingIsWritten() throws {
    let directory = try makeSuite()
    let result = try check(directory, environment: ["CI": "true", "WORDFIT_RECORD": ""])
    #expect(result.status == 1)
    #expect(result.standardOutput.contains("missing"))
    #expect(!FileManager.default.fileExists(atPath: directory + "/foo.png"))
  }

  @Test func environmentSelectsTheRecordMode() throws {
    let directory = try makeSuite()
    let result = try check(directory, environment: ["CI": "true", "WORDFIT_RECORD": "all"])
    #expect(result.status == 1, "recording never passes")
    #expect(FileManager.default.fileExists(atPath: directory + "/foo.png"))
  }

  @Test func failingCaseWritesArtifactsJSONAndHTML() throws {
    let directory = try makeSuite()
    _ = try check(directory, ["--record", "missing"])
    try tamper(directory + "/foo.png", freeType: "2.0.0")
    let result = try check(directory, ["--json", "--html", directory + "/report.html"])
    #expect(result.status == 1)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let cases = try #require(json["cases"] as? [[String: Any]])
    let foo = try #require(cases.first { $0["name"] as? String == "foo.json" })
    #expect(foo["status"] as? String == "failed")
    #expect(foo["differingPixels"] as? Int == 1)
    #expect((foo["message"] as? String)?.contains("FreeType 2.0.0") == true)
    let artifacts = try #require(foo["artifacts"] as? [String: String])
    for key in ["expected", "actual", "diff"] {
      #expect(FileManager.default.fileExists(atPath: artifacts[key] ?? ""), "\(key)")
    }
    #expect(cases.first { $0["name"] as? String == "nested/cat.json" }?["status"] as? String == "passed")
    let html = try String(contentsOfFile: directory + "/report.html", encoding: .utf8)
    // The images are files beside the page (issue 22 item 12), not inline.
    #expect(html.contains("foo.json") && html.contains("src=\"report-images/") && !html.contains("nested/cat.json"))
  }

  /// Accepting a CI run (issue 26 item 5): the failing and missing cases' renders are laid out
  /// like the goldens under ARTIFACTS/__Goldens__; `--accept` copies them over; a later run into
  /// the same artifacts folder removes what the earlier one left.
  @Test func artifactsAreLaidOutLikeTheGoldensAndAccepted() throws {
    let directory = try makeSuite()
    let artifacts = directory + "-artifacts"
    _ = try check(directory, ["--record", "missing"])
    try tamper(directory + "/nested/cat.png")
    try FileManager.default.removeItem(atPath: directory + "/foo.png")
    let failing = try check(directory, ["--record", "never"])
    #expect(failing.status == 1)
    #expect(failing.standardOutput.contains("--accept \(artifacts)"), "\(failing.standardOutput)")
    for golden in ["foo.png", "nested/cat.png"] {
      #expect(FileManager.default.fileExists(atPath: artifacts + "/__Goldens__/" + golden), "\(golden)")
    }
    let accepted = try InProcess.wordfit(["check", directory, "--accept", artifacts])
    #expect(accepted.status == 0, "\(accepted.standardError)")
    #expect(accepted.standardOutput.contains("2 goldens accepted"))
    #expect(try check(directory).status == 0, "the accepted renders are the goldens now")
    #expect(!FileManager.default.fileExists(atPath: artifacts + "/__Goldens__"), "the earlier run's artifacts are gone")
    #expect(!FileManager.default.fileExists(atPath: artifacts + "/nested/cat/diff.png"))
    let nothing = try InProcess.wordfit(["check", directory, "--accept", directory + "/none"])
    #expect(nothing.status == 66 && nothing.standardError.contains("__Goldens__"))
  }

  /// A hand-edited artifacts list cannot make a run delete anything outside the folder.
  @Test func anEditedArtifactsListDeletesNothingElse() throws {
    let directory = try makeSuite()
    let artifacts = directory + "-artifacts"
    try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    try Data([1]).write(to: URL(fileURLWithPath: directory + "/keep.png"))
    try "../\((directory as NSString).lastPathComponent)/keep.png\n\(directory)/keep.png\nnested/../../keep.png\n"
      .write(toFile: artifacts + "/.wordfit-artifacts", atomically: true, encoding: .utf8)
    _ = try check(directory, ["--record", "missing"])
    #expect(FileManager.default.fileExists(atPath: directory + "/keep.png"))
  }

  /// One spec, nested configurations (nearer wins, masks add up), and PNGs without a spec.
  @Test func oneSpecNestedConfigurationsMasksAndGoldensWithoutSpecs() throws {
    let directory = try makeSuite()
    _ = try check(directory, ["--record", "missing"])
    try tamper(directory + "/nested/cat.png")  // one pixel at (3, 4)
    let single = try check(directory + "/nested/cat.json", ["--json"])
    #expect(single.status == 1)
    #expect(single.standardOutput.contains("\"name\" : \"cat.json\""), "\(single.standardOutput)")
    #expect(!single.standardOutput.contains("foo.json"))
    // The root's configuration allows nothing; the nested one masks the changed pixel.
    try #"{"maxDiffPixels": 0}"#.write(toFile: directory + "/wordfit-check.json", atomically: true, encoding: .utf8)
    try #"{"mask": [[3, 4, 1, 1]]}"#.write(
      toFile: directory + "/nested/wordfit-check.json", atomically: true, encoding: .utf8)
    let masked = try check(directory + "/nested/cat.json", ["--json"])
    #expect(masked.status == 0, "\(masked.standardOutput)")
    #expect(masked.standardOutput.contains("1 masked region"))
    #expect(masked.standardOutput.contains("nested/wordfit-check.json"))
    try FileManager.default.removeItem(atPath: directory + "/nested/wordfit-check.json")
    #expect(try check(directory + "/nested/cat.json").status == 1)
    // One spec's render is accepted into its own folder.
    let one = try InProcess.wordfit([
      "check", directory + "/nested/cat.json", "--accept", directory + "/nested/cat.json-artifacts",
    ])
    #expect(one.status == 0 && one.standardOutput.contains("accepted cat.png"), "\(one.standardOutput)")
    #expect(try check(directory + "/nested/cat.json").status == 0)
    try tamper(directory + "/nested/cat.png")
    // A spec's own top-level mask does the same.
    try #"{"text": "Cat", "canvas": "100x60", "maxSize": 30, "mask": [[0, 0, 10, 10]]}"#.write(
      toFile: directory + "/nested/cat.json", atomically: true, encoding: .utf8)
    #expect(try check(directory + "/nested/cat.json").status == 0)
    try #"{"text": "Cat", "mask": [[0, 0, 10]]}"#.write(
      toFile: directory + "/nested/cat.json", atomically: true, encoding: .utf8)
    let bad = try check(directory + "/nested/cat.json")
    #expect(bad.status == 1 && bad.standardOutput.contains("x, y, width, height"), "\(bad.standardOutput)")
    // A WordFit PNG with no spec is listed; another PNG (an input) is not.
    try FileManager.default.copyItem(atPath: directory + "/foo.png", toPath: directory + "/orphan.png")
    try AtomicFile.write(
      try PNGCodec.encode(Canvas(width: 2, height: 2, format: .grey, background: .black)), to: directory + "/input.png")
    let listed = try check(directory)
    #expect(listed.standardOutput.contains("1 golden without a spec"), "\(listed.standardOutput)")
    #expect(listed.standardOutput.contains("orphan.png") && !listed.standardOutput.contains("input.png"))
  }

  /// A baseline of known golden failures (issue 43): the check fails only on a case not listed,
  /// reports a known one as a warning, and says when a listed case passes again.
  @Test func aBaselineOfKnownFailures() throws {
    let directory = try makeSuite()
    _ = try check(directory, ["--record", "missing"])
    try tamper(directory + "/foo.png")
    let baseline = directory + "-baseline.json"
    let written = try check(directory, ["--baseline", baseline, "--update-baseline"])
    #expect(written.status == 0 && written.standardError.contains("wrote the baseline"), "\(written.standardError)")
    #expect(try String(contentsOfFile: baseline, encoding: .utf8).contains(#""foo.json""#))
    let known = try check(directory, ["--baseline", baseline, "--github", "--junit", directory + "-k.xml"])
    #expect(known.status == 0, "\(known.standardOutput)")
    #expect(known.standardOutput.contains("::warning file=") && !known.standardOutput.contains("::error"))
    let xml = try String(contentsOfFile: directory + "-k.xml", encoding: .utf8)
    #expect(xml.contains(#"failures="0""#) && xml.contains("known failure (baseline)"))
    // A new failure fails; a fixed one is named.
    try tamper(directory + "/nested/cat.png")
    #expect(try check(directory, ["--baseline", baseline]).status == 1)
    try FileManager.default.removeItem(atPath: directory + "/foo.png")
    _ = try check(directory, ["--record", "missing"])
    try FileManager.default.removeItem(atPath: directory + "/nested/cat.png")
    _ = try check(directory, ["--record", "missing"])
    let fixed = try check(directory, ["--baseline", baseline])
    #expect(fixed.status == 0 && fixed.standardError.contains("pass again"), "\(fixed.standardError)")
    #expect(try check(directory, ["--baseline", directory + "-missing.json"]).status == 66)
  }

  /// CI reports (issue 26 item 5): JUnit with a case per spec and the artifacts' paths in the
  /// failure, and GitHub annotations at the failing spec.
  @Test func junitAndGitHubReportsForCI() throws {
    let directory = try makeSuite()
    _ = try check(directory, ["--record", "missing"])
    try tamper(directory + "/foo.png")
    let result = try check(directory, ["--junit", directory + "-report.xml", "--github"])
    #expect(result.status == 1)
    let xml = try String(contentsOfFile: directory + "-report.xml", encoding: .utf8)
    #expect(try JUnitSchema.problems(in: directory + "-report.xml") == nil)
    #expect(xml.contains(#"<testsuites name="wordfit check"#) && xml.contains(#"tests="2" failures="1""#))
    #expect(xml.contains(#"<testcase classname="check."#) && xml.contains(#"name="nested/cat.json" time=""#))
    #expect(
      xml.contains(#"name="foo.json" time=""#) && xml.contains(#"<failure message=""#)
        && xml.contains(#"type="failed""#))
    #expect(!xml.contains(#"time="0.000""#), "every case took some time")
    #expect(xml.contains("diff: " + directory + "-artifacts"), "the failure names its diff image")
    let annotation = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("::error ") })
    #expect(annotation.contains("file=" + directory + "/foo.json") && annotation.contains("title=foo.json failed::"))
    // Accept the render as the golden; then nothing fails and nothing is annotated.
    _ = try check(directory, ["--record", "all"])
    let clean = try check(directory, ["--junit", directory + "-report3.xml", "--github"])
    #expect(clean.status == 0 && !clean.standardOutput.contains("::error"))
    #expect(try String(contentsOfFile: directory + "-report3.xml", encoding: .utf8).contains(#"failures="0""#))
  }

  @Test func toleranceLayers() throws {
    let directory = try makeSuite()
    _ = try check(directory, ["--record", "missing"])
    try tamper(directory + "/foo.png")
    #expect(try check(directory).status == 1)
    #expect(try check(directory, ["--max-diff-pixels", "1"]).status == 0, "command line over defaults")
    try #"{"maxDiffPixels": 1}"#.write(toFile: directory + "/wordfit-check.json", atomically: true, encoding: .utf8)
    #expect(try check(directory).status == 0, "wordfit-check.json over defaults")
    try #"{"text": "Foo Bar", "canvas": "38mm", "tolerance": {"maxDiffPixels": 0}}"#.write(
      toFile: directory + "/foo.json", atomically: true, encoding: .utf8)
    #expect(try check(directory, ["--max-diff-pixels", "1"]).status == 1, "a spec's own tolerance wins")
  }

  @Test func failedModeRewritesOnlyFailingGoldens() throws {
    let directory = try makeSuite()
    _ = try check(directory, ["--record", "missing"])
    try tamper(directory + "/foo.png")
    let catBefore = try Data(contentsOf: URL(fileURLWithPath: directory + "/nested/cat.png"))
    let result = try check(directory, ["--record", "failed"])
    #expect(result.status == 1)
    #expect(try check(directory).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/nested/cat.png")) == catBefore)
  }

  @Test func goldenOfAnotherSizeFails() throws {
    let directory = try makeSuite()
    _ = try check(directory, ["--record", "missing"])
    try AtomicFile.write(
      try PNGCodec.encode(Canvas(width: 5, height: 5, format: .grey, background: .black)), to: directory + "/foo.png")
    let result = try check(directory)
    #expect(result.status == 1)
    #expect(result.standardOutput.contains("golden is 5x5, render is 272x340"))
  }

  @Test func badSpecIsAnErrorCaseNotACrash() throws {
    let directory = try makeSuite()
    try #"{"text": "Foo", "colour": "red"}"#.write(toFile: directory + "/typo.json", atomically: true, encoding: .utf8)
    let result = try check(directory)
    #expect(result.status == 1)
    #expect(result.standardOutput.contains("unknown key 'colour'"))
  }

  @Test func usageAndIOErrors() throws {
    #expect(try InProcess.wordfit(["check", "/nonexistent/specs"]).status == 66)
    let directory = try makeSuite()
    #expect(try check(directory, ["--threshold", "2"]).status == 64)
    #expect(try check(directory, ["--record", "sometimes"]).status == 64)
    // Artifacts are written only for a failing case; one that cannot be written stops the check.
    _ = try check(directory, ["--record", "missing"])
    try tamper(directory + "/foo.png")
    let unwritable = try InProcess.wordfit(["check", directory, "--artifacts", "/proc/wordfit-artifacts"])
    #expect(unwritable.status == 74, "\(unwritable.standardError)")
    #expect(unwritable.standardError.contains("cannot write artifacts"))
  }

  @Test func projectFixturesPass() throws {
    let result = try InProcess.wordfit([
      "check", TestPaths.fixtures, "--record", "never", "--artifacts", TestPaths.temporaryRoot + "/wf-fixtures",
    ])
    #expect(result.status == 0, "\(result.standardOutput)")
  }
}
