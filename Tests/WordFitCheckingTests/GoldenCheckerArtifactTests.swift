import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitChecking
@testable import WordFitCore
@testable import WordFitOutput

/// A check's artifacts in either format: a run lists what it wrote, and the next run into the
/// same folder removes it, whichever format either run used.
@Suite struct GoldenCheckerArtifactTests {
  @Test func aRunRemovesTheWebPArtifactsAnEarlierRunLeft() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    try #"{"text": "Cat", "canvas": "100x60", "maxSize": 30}"#.write(
      toFile: directory + "/cat.json", atomically: true, encoding: .utf8)
    let artifacts = directory + "-artifacts"
    _ = try GoldenChecker(directory: directory, recordMode: .missing, artifactsDirectory: artifacts, jobs: 1).run()
    try #"{"text": "Dog", "canvas": "100x60", "maxSize": 30}"#.write(
      toFile: directory + "/cat.json", atomically: true, encoding: .utf8)
    var webp = GoldenChecker(directory: directory, recordMode: .never, artifactsDirectory: artifacts, jobs: 1)
    webp.artifactFormat = .webp
    let failed = try webp.run()
    #expect(failed.first?.status == .failed)
    #expect(failed.first?.artifacts["diff"] == artifacts + "/cat/diff.webp")
    #expect(FileManager.default.fileExists(atPath: artifacts + "/cat/diff.webp"))
    // The case is gone: only the run's list can say what the earlier run left.
    try FileManager.default.removeItem(atPath: directory + "/cat.json")
    try #"{"text": "Dog", "canvas": "100x60", "maxSize": 30}"#.write(
      toFile: directory + "/dog.json", atomically: true, encoding: .utf8)
    _ = try GoldenChecker(directory: directory, recordMode: .missing, artifactsDirectory: artifacts, jobs: 1).run()
    #expect(!FileManager.default.fileExists(atPath: artifacts + "/cat"), "the listed WebP artifacts are removed")
  }
}
