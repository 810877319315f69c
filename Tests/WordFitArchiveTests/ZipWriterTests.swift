import Foundation
import Testing
import WordFitCore
import WordFitTestSupport

@testable import WordFitArchive

/// WordFit's own ZIP writer: stored entries, ZIP64 where the classic fields overflow, the
/// central directory spooled to disk; every archive is checked by Info-ZIP's `unzip -t` and read
/// back by `bsdtar`.
@Suite struct ZipWriterTests {
  static let hasTools = ["/usr/bin/bsdtar", "/usr/bin/unzip"].allSatisfy { FileManager.default.fileExists(atPath: $0) }

  @Test func crc32MatchesTheStandardCheckValue() {
    #expect(CRC32(Array("123456789".utf8)).value == 0xCBF4_3926)
    #expect(CRC32([]).value == 0)
    #expect(CRC32(Array("The quick brown fox jumps over the lazy dog".utf8)).value == 0x414F_A339)
    // Any split gives the checksum of the whole (the eight-byte steps and the byte tail agree).
    let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ $0 >> 3) }
    for split in [0, 1, 7, 8, 9, 500, 999, 1000] {
      var crc = CRC32()
      crc.update(Array(bytes[..<split]))
      crc.update(Array(bytes[split...]))
      #expect(crc.value == CRC32(bytes).value, "split at \(split)")
    }
  }

  /// Writes `entries` (name, bytes) to a new ZIP and returns its folder and path.
  func write(_ entries: [(String, [UInt8])], largeValue: UInt64 = 0xFFFF_FFFF) throws -> (String, String) {
    let directory = try TestPaths.makeTemporaryDirectory()
    let path = directory + "/a.zip"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    let zip = try ZipWriter(descriptor: descriptor, destination: path, spoolFolder: directory, largeValue: largeValue)
    for (index, (name, bytes)) in entries.enumerated() {
      // Every other entry with the caller's checksum, as the batch's workers hand it over.
      try zip.add(name, bytes: bytes, checksum: index % 2 == 0 ? CRC32(bytes).value : nil)
    }
    try zip.finish()
    return (directory, path)
  }

  func expectValid(_ path: String, in directory: String) throws {
    let test = try CommandRunner.run("/usr/bin/unzip", ["-tq", path], in: directory, input: nil, environment: [:])
    #expect(test.status == 0 && test.standardOutput.contains("No errors detected"), "\(test.standardOutput)")
  }

  @Test(.enabled(if: hasTools)) func manyEntriesGetZip64EndRecordsAndASpooledDirectory() throws {
    // 70,000 entries: more than the classic 65,535, and a directory (~4 MB) far past the buffer.
    let entries = (0..<70_000).map { ("badge-\($0).txt", Array("row \($0)\n".utf8)) }
    let (directory, path) = try write(entries)
    try expectValid(path, in: directory)
    let listing = try CommandRunner.run("/usr/bin/bsdtar", ["-tf", path], in: directory, input: nil, environment: [:])
    let names = listing.standardOutput.split(separator: "\n").map(String.init)
    #expect(names == entries.map(\.0), "every entry, in order")
    let one = try CommandRunner.run(
      "/usr/bin/unzip", ["-p", path, "badge-69999.txt"], in: directory, input: nil, environment: [:])
    #expect(one.standardOutput == "row 69999\n")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory)
    #expect(files == ["a.zip"], "the directory spool is never left behind")
  }

  @Test(.enabled(if: hasTools)) func zip64FieldsForLargeSizesAndOffsetsAreRead() throws {
    // A low threshold puts every size and offset past 64 into ZIP64 fields, as 4 GiB would.
    let entries = (0..<40).map { index in
      ("f\(index).bin", (0..<(index * 37)).map { UInt8(truncatingIfNeeded: $0 * index) })
    }
    let (directory, path) = try write(entries, largeValue: 64)
    try expectValid(path, in: directory)
    let extracted = directory + "/x"
    try FileManager.default.createDirectory(atPath: extracted, withIntermediateDirectories: true)
    let result = try CommandRunner.run(
      "/usr/bin/bsdtar", ["-xf", path, "-C", extracted], in: directory, input: nil, environment: [:])
    #expect(result.status == 0, "\(result.standardError)")
    for (name, bytes) in entries {
      #expect(try Data(contentsOf: URL(fileURLWithPath: extracted + "/" + name)) == Data(bytes), "\(name)")
    }
  }

  @Test(.enabled(if: hasTools)) func namesAreUTF8AndEntriesCarryNoHostData() throws {
    let (directory, path) = try write([("Zoë-محمد-山田.png", [1, 2, 3])])
    try expectValid(path, in: directory)
    let info = try CommandRunner.run("/usr/bin/zipinfo", [path], in: directory, input: nil, environment: [:])
    #expect(info.standardOutput.contains("-rw-r--r--  2.0 unx        3 b- stor 80-Jan-01 00:00 Zoë-محمد-山田.png"))
  }

  @Test func chunksThatDisagreeWithTheirChecksumAreAnError() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let descriptor = open(directory + "/a.zip", O_WRONLY | O_CREAT, 0o644)
    defer { close(descriptor) }
    let zip = try ZipWriter(descriptor: descriptor, destination: "a.zip", spoolFolder: directory)
    #expect(throws: WordFitError.self) {
      try zip.add("m.jsonl", size: 3, checksum: CRC32([1, 2, 3]).value) { write in try write([1, 2, 4]) }
    }
    #expect(throws: WordFitError.self) {
      try zip.add("m.jsonl", size: 3, checksum: CRC32([1, 2]).value) { write in try write([1, 2]) }
    }
  }
}
