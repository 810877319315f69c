import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitChecking
@testable import WordFitCore
@testable import WordFitImage

/// Accepting only what a reviewer ticked (`--accept-from`): those goldens and no other, and a
/// name the run has no render for refused before anything changes.
@Suite struct AcceptListTests {
  /// An artifacts folder with renders for `a.png` and `sub/b.png`, and a goldens folder.
  func folders() throws -> (artifacts: String, goldens: String) {
    let root = try TestPaths.makeTemporaryDirectory()
    let png = try PNGCodec.encode(Canvas(width: 2, height: 2, format: .grey, background: .white))
    for name in ["a.png", "sub/b.png"] {
      let path = root + "/artifacts/__Goldens__/" + name
      try FileManager.default.createDirectory(
        atPath: PathText.deletingLastComponent(path), withIntermediateDirectories: true)
      try AtomicFile.write(png, to: path)
    }
    try FileManager.default.createDirectory(atPath: root + "/goldens", withIntermediateDirectories: true)
    return (root + "/artifacts", root + "/goldens")
  }

  @Test func onlyTheTickedGoldensAreAccepted() throws {
    let (artifacts, goldens) = try folders()
    #expect(try ArtifactsManifest.accept(from: artifacts, into: goldens, only: ["sub/b.png"]) == ["sub/b.png"])
    #expect(FileManager.default.fileExists(atPath: goldens + "/sub/b.png"))
    #expect(!FileManager.default.fileExists(atPath: goldens + "/a.png"))
  }

  @Test func aNameThatDidNotFailIsRefusedAndNothingChanges() throws {
    let (artifacts, goldens) = try folders()
    let error = #expect(throws: WordFitError.self) {
      try ArtifactsManifest.accept(from: artifacts, into: goldens, only: ["a.png", "../../etc/passwd.png"])
    }
    #expect(error?.kind == .invalidData && error?.message.contains("not a failing case") == true)
    #expect(try FileManager.default.contentsOfDirectory(atPath: goldens).isEmpty)
  }

  @Test func aListIsReadOrNamedAsNotOne() throws {
    let folder = try TestPaths.makeTemporaryDirectory()
    try Data(#"{"artifacts": "/tmp/x", "accept": ["a.png"]}"#.utf8).write(to: URL(fileURLWithPath: folder + "/l.json"))
    #expect(try AcceptList.load(contentsOf: folder + "/l.json") == AcceptList(artifacts: "/tmp/x", accept: ["a.png"]))
    for bad in [#"{"accept": ["a.png"]}"#, "[1, 2]", #"{"artifacts": "", "accept": []}"#] {
      try Data(bad.utf8).write(to: URL(fileURLWithPath: folder + "/b.json"))
      let error = #expect(throws: WordFitError.self) { try AcceptList.load(contentsOf: folder + "/b.json") }
      #expect(error?.kind == .invalidData, "\(bad)")
    }
    #expect(throws: WordFitError.self) { try AcceptList.load(contentsOf: folder + "/none.json") }
  }
}
