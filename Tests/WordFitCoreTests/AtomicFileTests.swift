import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore

/// Where ``AtomicFile`` puts its temporary and what it says when it cannot: paths split without
/// Foundation's URL, the folder checked only when the temporary cannot be created.
@Suite struct AtomicFileTests {
  @Test(
    arguments: [
      ("out/a.png", "out", "a.png"), ("/a.png", "/", "a.png"), ("a.png", nil, "a.png"),
      ("/tmp/x/y/b c.png", "/tmp/x/y", "b c.png"), ("out//a.png", "out/", "a.png"), ("dir/", "dir", ""),
      ("élan/ß.png", "élan", "ß.png"),
    ] as [(String, String?, String)])
  func pathsSplitIntoFolderAndName(path: String, folder: String?, name: String) {
    #expect(AtomicFile.folder(of: path) == folder)
    #expect(AtomicFile.fileName(of: path) == name)
  }

  @Test func namesJoinFoldersWithOneSlash() {
    #expect(AtomicFile.joined("/", "a.png") == "/a.png")
    #expect(AtomicFile.joined("out", "a.png") == "out/a.png")
    #expect(AtomicFile.joined("out/", "a.png") == "out/a.png")
    #expect(AtomicFile.joined("", "a.png") == "a.png")
  }

  @Test func aMissingFolderIsNamedAsGiven() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    for check in [
      { try AtomicFile.write([1, 2, 3], to: directory + "/missing/a.png") },
      { try AtomicFile.checkDestination(directory + "/missing/a.png") },
    ] {
      let error = #expect(throws: WordFitError.self) { try check() }
      #expect(
        error?.message.contains("folder \(directory)/missing does not exist") == true, "\(String(describing: error))")
    }
    // A file where the folder should be: the same message, not "Not a directory".
    try AtomicFile.write([1], to: directory + "/file")
    let error = #expect(throws: WordFitError.self) { try AtomicFile.write([1], to: directory + "/file/a.png") }
    #expect(error?.message.contains("folder \(directory)/file does not exist") == true)
  }

  @Test func aRelativeLinkIsFollowedFromItsOwnFolder() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: directory + "/real", withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(atPath: directory + "/link.png", withDestinationPath: "real/target.png")
    try AtomicFile.write(Array("through".utf8), to: directory + "/link.png")
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/real/target.png")) == Data("through".utf8))
    let link = try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/link.png")
    #expect(link == "real/target.png", "the link itself stays")
  }
}
