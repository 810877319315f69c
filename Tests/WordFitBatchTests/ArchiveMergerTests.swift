import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitArchive
@testable import WordFitBatch
@testable import WordFitCore

/// `merge-archives`: shards' archives joined hold the unsharded archive's files byte for byte
/// and one manifest in row order; what cannot be one run's shards, or would leave the folder it
/// is extracted into, is refused by name.
@Suite struct ArchiveMergerTests {
  /// Runs the five-row batch into `out` (an archive) as `shard`.
  func batch(in directory: String, out: String, shard: Shard = .all) throws {
    var options = BatchOptions(input: directory + "/in.csv", outputDirectory: "", spec: BatchOutputTests.spec)
    (options.shard, options.jobs) = (shard, 2)
    var request = BatchOutputRequest()
    request.out = directory + "/" + out
    try request.apply(to: &options)
    #expect(try BatchRunner(options: options).run().stoppingError == nil)
  }

  func entries(_ path: String) throws -> [(name: String, bytes: [UInt8])] {
    let reader = try ArchiveReader(path: path)
    var entries: [(name: String, bytes: [UInt8])] = []
    while let entry = try reader.next() { entries.append((entry.name, entry.bytes)) }
    return entries
  }

  @Test(arguments: ["zip", "tar", "tar.zst"]) func shardsJoinIntoTheWholeRunsArchive(_ ending: String) throws {
    let directory = try TestPaths.makeTemporaryDirectory(with: ["in.csv": BatchOutputTests.csv])
    try batch(in: directory, out: "whole.\(ending)")
    for index in 0..<3 { try batch(in: directory, out: "b.\(ending)", shard: Shard(index: index, count: 3)) }
    let shards = (0..<3).reversed().map { directory + "/b-shard\($0)of3.\(ending)" }
    let summary = try ArchiveMerger.merge(shards, into: directory + "/all.\(ending)", format: nil)
    #expect(summary == ArchiveMerger.Summary(entries: 5, manifestLines: 5))
    let merged = try entries(directory + "/all.\(ending)")
    let whole = try entries(directory + "/whole.\(ending)")
    #expect(merged.last?.name == "manifest.jsonl")
    let files = { (list: [(name: String, bytes: [UInt8])]) in
      Dictionary(uniqueKeysWithValues: list.dropLast().map { ($0.name, $0.bytes) })
    }
    #expect(files(merged) == files(whole))
    let lines = String(decoding: merged.last?.bytes ?? [], as: UTF8.self).split(separator: "\n").map {
      String($0).replacing(/,"shard":\{[^}]*\}/, with: "")
    }
    let wholeLines = String(decoding: whole.last?.bytes ?? [], as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(lines == wholeLines && lines.count == 5, "row order, the shard field aside")
  }

  @Test func whatCannotBeOneRunsShardsIsRefused() throws {
    let directory = try TestPaths.makeTemporaryDirectory(with: ["in.csv": BatchOutputTests.csv, "note.txt": "hi"])
    try batch(in: directory, out: "a.zip")
    try FileManager.default.copyItem(atPath: directory + "/a.zip", toPath: directory + "/copy.zip")
    let cases: [([String], String, WordFitError.Kind, String)] = [
      (["a.zip", "a.zip"], "x.zip", .usage, "are the same archive"),
      (["a.zip", "copy.zip"], "x.zip", .invalidData, "-ada-lovelace.png is in both"),
      (["a.zip"], "a.zip", .usage, "is the same file as the archive"),
      (["a.zip"], "x.png", .usage, "not an archive name ending in .zip"),
      (["note.txt"], "x.zip", .invalidData, "is not an archive WordFit reads"),
      (["missing.zip"], "x.zip", .missingInput, "missing.zip"),
    ]
    for (inputs, output, kind, expected) in cases {
      do {
        _ = try ArchiveMerger.merge(inputs.map { directory + "/" + $0 }, into: directory + "/" + output, format: nil)
        Issue.record("\(inputs) → \(output) was merged")
      } catch let error as WordFitError {
        #expect(error.kind == kind && error.message.contains(expected), "\(inputs): \(error.message)")
      }
    }
    #expect(!FileManager.default.fileExists(atPath: directory + "/x.zip"), "nothing under the output's name")
  }

  /// Entries another program could have made: a name climbing out, an absolute one, a link.
  @Test func entriesThatLeaveTheFolderAreRefused() throws {
    let directory = try TestPaths.makeTemporaryDirectory(with: ["f.png": "x"])
    try FileManager.default.createSymbolicLink(atPath: directory + "/link.png", withDestinationPath: "/etc/passwd")
    let tars: [(String, [String], String)] = [
      ("climb.tar", ["-s", ",^,../,", "f.png"], "climbs out"),
      ("absolute.tar", ["-P", "-s", ",^,/tmp/,", "f.png"], "climbs out"),
      ("link.tar", ["link.png"], "is not a regular file"),
    ]
    for (name, arguments, expected) in tars {
      let made = try CommandRunner.run(
        "/usr/bin/bsdtar", ["-cf", name] + arguments, in: directory, input: nil, environment: [:])
      #expect(made.status == 0, "\(made.standardError)")
      #expect(throws: WordFitError.self, "\(name)") { _ = try entries(directory + "/" + name) }
      do {
        _ = try ArchiveMerger.merge([directory + "/" + name], into: directory + "/out.tar", format: nil)
        Issue.record("\(name) was merged")
      } catch let error as WordFitError {
        #expect(error.kind == .invalidData && error.message.contains(expected), "\(name): \(error.message)")
      }
    }
  }
}
