import Foundation
import Testing
import WordFitTestSupport

@testable import WordFit
@testable import WordFitBatch

/// `batch --out badges.zip|.tar|.tar.zst|-` (issue 28): one deterministic archive, entries in
/// row order with the manifest last, each byte-identical to the loose-file batch.
@Suite(.serialized) struct ArchiveOutputTests {
  static let hasTools = ["/usr/bin/bsdtar", "/usr/bin/unzip"].allSatisfy { FileManager.default.fileExists(atPath: $0) }

  /// A folder with a 120-row CSV and the loose-file batch of it (PNGs and manifest).
  func folder() throws -> String {
    let directory = try TestPaths.makeTemporaryDirectory()
    try BatchCommandTests.csv(120).write(toFile: directory + "/in.csv", atomically: true, encoding: .utf8)
    let loose = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "loose", "--manifest", "loose.jsonl", "--jobs", "2", "-q"], in: directory)
    #expect(loose.status == 0, "\(loose.standardError)")
    return directory
  }

  /// The archive's entries in order, from `bsdtar -tf`.
  func entries(_ archive: String, in directory: String) throws -> [String] {
    let listing = try CommandRunner.run(
      "/usr/bin/bsdtar", ["-tf", archive], in: directory, input: nil, environment: [:])
    #expect(listing.status == 0, "\(listing.standardError)")
    return listing.standardOutput.split(separator: "\n").map(String.init)
  }

  /// Extracts `archive` into a new folder and checks every entry against the loose batch.
  func expectSameAsLoose(_ archive: String, in directory: String) throws {
    let extracted = directory + "/x-" + archive.replacingOccurrences(of: "/", with: "_")
    try FileManager.default.createDirectory(atPath: extracted, withIntermediateDirectories: true)
    let extract = try CommandRunner.run(
      "/usr/bin/bsdtar", ["-xf", directory + "/" + archive, "-C", extracted], in: directory, input: nil,
      environment: [:])
    #expect(extract.status == 0, "\(extract.standardError)")
    let loose = try FileManager.default.contentsOfDirectory(atPath: directory + "/loose").sorted()
    let listed = try entries(archive, in: directory)
    #expect(listed == loose + [ArchiveOutput.manifestEntry], "row order, the manifest last")
    for name in loose {
      let expected = try Data(contentsOf: URL(fileURLWithPath: directory + "/loose/" + name))
      #expect(try Data(contentsOf: URL(fileURLWithPath: extracted + "/" + name)) == expected, "\(name)")
    }
    let manifest = try Data(contentsOf: URL(fileURLWithPath: extracted + "/" + ArchiveOutput.manifestEntry))
    #expect(manifest == (try Data(contentsOf: URL(fileURLWithPath: directory + "/loose.jsonl"))))
  }

  @Test(.enabled(if: hasTools)) func everyFormatHoldsTheLooseBatchsBytes() throws {
    let directory = try folder()
    for name in ["b.zip", "b.tar", "b.tar.zst"] {
      let result = try InProcess.wordfit(["batch", "in.csv", "--out", name, "--jobs", "2", "-q"], in: directory)
      #expect(result.status == 0, "\(name): \(result.standardError)")
      try expectSameAsLoose(name, in: directory)
    }
    let test = try CommandRunner.run("/usr/bin/unzip", ["-tq", "b.zip"], in: directory, input: nil, environment: [:])
    #expect(test.status == 0 && test.standardOutput.contains("No errors detected"), "\(test.standardOutput)")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory)
    #expect(!files.contains { $0.hasPrefix(".") && $0.contains("wordfit") }, "no temporaries left: \(files)")
  }

  @Test(.enabled(if: hasTools)) func bytesDependOnNothingButTheInput() throws {
    let directory = try folder()
    for (name, arguments, environment) in [
      ("a.zip", ["--jobs", "1"], [:]), ("b.zip", ["--jobs", "2"], ["TZ": "America/New_York", "LC_ALL": "C"]),
      ("c.zip", ["--jobs", "2"], ["TZ": "Asia/Kolkata", "LANG": "C.UTF-8"]),
    ] {
      let result = try InProcess.wordfit(
        ["batch", "in.csv", "--out", name, "-q"] + arguments, in: directory, environment: environment)
      #expect(result.status == 0, "\(result.standardError)")
    }
    let bytes = try ["a.zip", "b.zip", "c.zip"].map { try Data(contentsOf: URL(fileURLWithPath: directory + "/" + $0)) }
    #expect(bytes[0] == bytes[1] && bytes[1] == bytes[2])
    // Nothing from the host: no times (ZIP's minimum DOS date), owner 0, mode 0644.
    let info = try CommandRunner.run("/usr/bin/zipinfo", ["a.zip"], in: directory, input: nil, environment: [:])
    #expect(info.standardOutput.contains("-rw-r--r--"))
    #expect(info.standardOutput.contains("80-Jan-01 00:00"))
    #expect(info.standardOutput.contains(" stor "), "stored, not deflated")
  }

  @Test(.enabled(if: hasTools)) func standardOutputCarriesATar() throws {
    let directory = try folder()
    // a child process: the archive is the process's standard output, redirected to a file.
    let result = try CommandRunner.shell("\"$WORDFIT\" batch in.csv --out - -q > s.tar", in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    try expectSameAsLoose("s.tar", in: directory)
    _ = try InProcess.wordfit(["batch", "in.csv", "--out", "f.tar", "-q"], in: directory)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: directory + "/s.tar"))
        == Data(contentsOf: URL(fileURLWithPath: directory + "/f.tar")))
  }

  @Test(.enabled(if: hasTools)) func shardsWriteOneArchiveEachThatAddUpToTheWhole() throws {
    let directory = try folder()
    var union: [String] = []
    for index in 0..<3 {
      let result = try InProcess.wordfit(
        ["batch", "in.csv", "--out", "b.tar.zst", "--shard", "\(index)/3", "-q"], in: directory)
      #expect(result.status == 0, "\(result.standardError)")
      union += try entries("b-shard\(index)of3.tar.zst", in: directory).filter { $0 != ArchiveOutput.manifestEntry }
    }
    #expect(union.sorted() == (try FileManager.default.contentsOfDirectory(atPath: directory + "/loose").sorted()))
  }

  @Test(.enabled(if: hasTools)) func badgeTemplatesGoIntoArchivesToo() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let template = TestPaths.fixtures + "/badges/badge.template.json"
    let csv = TestPaths.fixtures + "/badges/badges.csv"
    let loose = try InProcess.wordfit(
      [
        "batch", csv, "--template", template, "--out", directory + "/loose", "--manifest", directory + "/loose.jsonl",
        "-q",
      ], in: directory)
    #expect(loose.status == 0, "\(loose.standardError)")
    let archived = try InProcess.wordfit(
      ["batch", csv, "--template", template, "--out", directory + "/b.zip", "-q"], in: directory)
    #expect(archived.status == 0, "\(archived.standardError)")
    try expectSameAsLoose("b.zip", in: directory)
  }

  @Test func interruptedLeavesNoArchive() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    try BatchCommandTests.csv(4000).write(toFile: directory + "/in.csv", atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TestPaths.executable)
    process.arguments = ["batch", "in.csv", "--out", "b.zip", "--jobs", "2"]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = ProcessInfo.processInfo.environment.merging(["FONTCONFIG_FILE": TestPaths.fontconfigFile]) {
      $1
    }
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    // Wait until the archive's temporary file has grown past its first badges.
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      let sizes = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0 != "in.csv" }
        .map { (try? FileManager.default.attributesOfItem(atPath: directory + "/" + $0)[.size] as? Int) ?? 0 }
      if sizes.contains(where: { $0 > 100_000 }) { break }
      Thread.sleep(forTimeInterval: 0.01)
    }
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 130, "\(message)")
    #expect(message.contains("the archive was not written"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["in.csv"], "nothing left behind")
  }

  @Test func refusalsAreUsageErrors() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    try BatchCommandTests.csv(3).write(toFile: directory + "/in.csv", atomically: true, encoding: .utf8)
    for (arguments, message) in [
      (
        ["--out", "b.zip", "--skip-existing"],
        "--skip-existing resumes a folder of images; an archive is written whole"
      ),
      (["--out", "-", "--json"], "--json and an archive on standard output (--out -) cannot share it"),
      (["--out", "-", "--manifest", "-"], "the archive and the manifest cannot both go to standard output"),
      (["--out", "b", "--archive", "rar"], "--archive 'rar' is not one of zip, tar, tar.zst"),
      (["--archive", "zip", "--out", "in.csv"], "the archive in.csv is the same file as the input"),
    ] {
      let result = try InProcess.wordfit(["batch", "in.csv"] + arguments, in: directory)
      #expect(result.status == 64, "\(arguments): \(result.standardError)")
      #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
    }
    let missing = try InProcess.wordfit(["batch", "in.csv", "--out", "no/such/folder/b.zip"], in: directory)
    #expect(missing.status == 74 || missing.status == 66, "\(missing.standardError)")
    #expect(missing.standardError.contains("no/such/folder/b.zip"))
  }
}
