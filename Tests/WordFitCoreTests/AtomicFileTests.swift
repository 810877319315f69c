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

  @Test func aNewFileIsLinkedInWholeAndLeavesNothingElse() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    #expect(try AtomicFile.writeNew(Array("badge".utf8), to: directory + "/a.png"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/a.png")) == Data("badge".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["a.png"], "no temporary left")
    let mode = try FileManager.default.attributesOfItem(atPath: directory + "/a.png")[.posixPermissions] as? Int
    let mask = umask(0)
    umask(mask)
    #expect(mode == 0o666 & ~Int(mask), "a new file's mode, as open(2) makes it")
  }

  @Test func aNewFileNeverReplacesWhatIsThere() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    try AtomicFile.write(Array("photo".utf8), to: directory + "/a.png")
    try FileManager.default.createSymbolicLink(atPath: directory + "/b.png", withDestinationPath: "nowhere")
    #expect(try !AtomicFile.writeNew([1], to: directory + "/a.png"))
    #expect(try !AtomicFile.writeNew([1], to: directory + "/b.png"), "a dangling link is something")
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/a.png")) == Data("photo".utf8))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/b.png") == "nowhere")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["a.png", "b.png"])
  }

  @Test func aNewFileInAMissingFolderNamesTheFolder() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let error = #expect(throws: WordFitError.self) { try AtomicFile.writeNew([1], to: directory + "/missing/a.png") }
    #expect(
      error?.message.contains("folder \(directory)/missing does not exist") == true, "\(String(describing: error))")
  }
}
