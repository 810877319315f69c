import Foundation
import Testing

@testable import WordFitArchive
@testable import WordFitCore
@testable import WordFitOutput

/// A batch's destinations, decided by `OutputRequest`: a folder or an archive for the rows'
/// files, shards' own names, and what those destinations refuse.
@Suite struct OutputRequestBatchTests {
  @Test func theRowsGoIntoAFolderOrTheArchiveItsNameOrFormatSays() {
    let whole = (index: 0, count: 1)
    #expect(OutputRequest.rows(into: "out", archive: nil, format: .png, shard: whole).destination == .folder("out"))
    #expect(
      OutputRequest.rows(into: "b.ZIP", archive: nil, format: .webp, shard: whole)
        == OutputRequest(destination: .archive("b.ZIP", .zip), format: .webp))
    #expect(OutputRequest.rows(into: "b.tzst", archive: nil, format: .png, shard: whole).archiveFormat == .tarZstd)
    #expect(OutputRequest.rows(into: "folder", archive: .tar, format: .png, shard: whole).archiveFormat == .tar)
    let standardOutput = OutputRequest.rows(into: "-", archive: nil, format: .png, shard: (index: 1, count: 4))
    #expect(standardOutput.destination == .archive("-", .tar))
    #expect(standardOutput.isStandardOutput && standardOutput.path == nil && standardOutput.name == "standard output")
    let folder = OutputRequest.rows(into: "out", archive: nil, format: .svg, shard: whole)
    #expect(!folder.isStandardOutput && folder.path == "out" && folder.container == "out")
  }

  @Test func aShardWritesSinglesAndArchivesUnderItsOwnNames() {
    let shard = (index: 2, count: 4)
    #expect(OutputRequest.rows(into: "a/b.zip", archive: nil, format: .png, shard: shard).path == "a/b-shard2of4.zip")
    #expect(
      OutputRequest.rows(into: "b.tar.zst", archive: nil, format: .png, shard: shard).path == "b-shard2of4.tar.zst")
    #expect(OutputRequest.rows(into: "b.tzst", archive: nil, format: .png, shard: shard).path == "b-shard2of4.tzst")
    #expect(
      OutputRequest.rows(into: "out", archive: nil, format: .png, shard: shard).path == "out", "a folder is shared")
    #expect(OutputRequest.sharded("out/badges.pdf", shard: shard) == "out/badges-shard2of4.pdf")
    #expect(OutputRequest.sharded("manifest", shard: shard) == "manifest-shard2of4")
    #expect(OutputRequest.sharded("out/badges.pdf", shard: (index: 0, count: 1)) == "out/badges.pdf")
  }

  @Test func aFolderOrAnArchiveTakesNamedFilesNotBytes() {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("wordfit-\(UUID().uuidString)").path
    for destination in [OutputRequest.Destination.folder(base), .archive(base + ".zip", .zip)] {
      #expect(throws: WordFitError.self) {
        try OutputRequest(destination: destination, format: .png).write([1, 2, 3])
      }
    }
    #expect(!FileManager.default.fileExists(atPath: base) && !FileManager.default.fileExists(atPath: base + ".zip"))
  }
}
