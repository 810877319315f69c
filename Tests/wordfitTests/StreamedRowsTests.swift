import Foundation
import Testing
import WordFitTestSupport

@testable import WordFit
@testable import WordFitCore

/// Rows on standard input, results on standard output (`batch - --columns … --manifest -`), as
/// Spark's `RDD.pipe` runs a program per partition, and `--shard auto` from the command line.
/// These spawn the binary: the streams and the environment are the process's own.
@Suite struct StreamedRowsTests {
  static let columns = "row,id,name,role"

  /// The rows of `BatchCommandTests.csv(count)` as header-less lines with their row number first.
  static func numberedRows(_ count: Int) -> [String] {
    BatchCommandTests.csv(count).split(separator: "\n").dropFirst().enumerated().map {
      "\($0.offset + 1),\($0.element)"
    }
  }

  /// Each row is answered (its manifest line written and flushed) before the next is sent, and a
  /// bad row is a manifest line with its error, not a stopped stream.
  @Test func eachRowIsAnsweredAsItComes() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    // a child process: rows written to its standard input one at a time, answered on its output.
    let (process, input, output) = try CommandRunner.start([
      "batch", "-", "--columns", Self.columns, "--row-column", "row", "--out", directory + "/out", "--manifest", "-",
      "--jobs", "2", "--quiet",
    ])
    let lines = LineReader(output.fileHandleForReading)
    let rows = Self.numberedRows(3) + ["x,B9,Nobody,Staff", "5,\"B10,unclosed"]
    var answers: [String] = []
    for row in rows.dropLast() {
      input.fileHandleForWriting.write(Data((row + "\n").utf8))
      answers.append(try #require(lines.next(timeout: 20), "no answer to \(row) while the input stays open"))
    }
    input.fileHandleForWriting.write(Data((rows.last! + "\n").utf8))
    try input.fileHandleForWriting.close()
    while let line = lines.next(timeout: 20) { answers.append(line) }
    process.waitUntilExit()
    #expect(process.terminationStatus == 1, "rows failed")
    #expect(answers.count == 5)
    #expect(answers[0].hasPrefix("{\"file\":\"B00001-aimee-charles.png\",\"id\":\"B00001\",\"row\":1,\"size\":"))
    #expect(answers[2].contains("\"row\":3,") && !answers[2].contains("\"line\""))
    #expect(answers[3].hasPrefix("{\"error\":\"the row column holds 'x', not a row number from 1; fix the cell\""))
    #expect(answers[4].contains("\"error\":\"an unbalanced quote") && answers[4].contains("\"row\":5,"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/out").sorted().count == 3)
  }

  /// Partitions piped through separate processes (as Spark runs them) write the files and
  /// manifest lines of one run over the whole numbered file, byte for byte.
  @Test func partitionsAddUpToTheWholeRun() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let rows = Self.numberedRows(40)
    try ([Self.columns] + rows).joined(separator: "\n").appending("\n")
      .write(toFile: directory + "/whole.csv", atomically: true, encoding: .utf8)
    let whole = try InProcess.wordfit(
      ["batch", "whole.csv", "--row-column", "row", "--out", "whole", "--manifest", "-"], in: directory)
    #expect(whole.status == 0, "\(whole.standardError)")
    var lines: [String] = []
    // Uneven partitions, as a data frame's are, and one empty.
    for (start, end) in [(0, 7), (7, 7), (7, 25), (25, 40)] {
      let part = try InProcess.wordfit(
        ["batch", "-", "--columns", Self.columns, "--row-column", "row", "--out", "parts", "--manifest", "-"],
        in: directory, input: rows[start..<end].map { $0 + "\n" }.joined())
      #expect(part.status == 0, "\(part.standardError)")
      lines += part.standardOutput.split(separator: "\n").map(String.init)
    }
    let wholeLines = whole.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.sorted() == wholeLines.sorted() && lines.count == 40)
    #expect(
      try ShardingExamplesTests().pngs(in: directory + "/parts")
        == ShardingExamplesTests().pngs(in: directory + "/whole"))
  }

  /// `--shard auto` reads the engine's variables; with none set it is refused (64) naming them.
  @Test func shardAutoFromTheCommandLine() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    try BatchCommandTests.csv(9).write(toFile: directory + "/in.csv", atomically: true, encoding: .utf8)
    var unset: [String: String] = [:]
    for engine in ArrayEngine.all {
      unset[engine.indexVariable] = ""
      if let count = engine.countVariable { unset[count] = "" }
    }
    let none = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "o", "--shard", "auto"], in: directory, environment: unset)
    #expect(none.status == 64 && none.standardError.contains("--shard 'auto' reads an array engine's task index"))
    var task = unset
    (task["AWS_BATCH_JOB_ARRAY_INDEX"], task["AWS_BATCH_JOB_ARRAY_SIZE"]) = ("2", "3")
    let run = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "o", "--shard", "auto", "--manifest", "m.jsonl", "--json"], in: directory,
      environment: task)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      run.standardOutput.contains(
        "\"shard\" : {\n    \"count\" : 3,\n    \"engine\" : \"aws-batch\",\n    \"index\" : 2"))
    let manifest = try String(contentsOfFile: directory + "/m-shard2of3.jsonl", encoding: .utf8)
    #expect(
      manifest.split(separator: "\n").map {
        $0.contains("\"row\":3,") || $0.contains("\"row\":6,") || $0.contains("\"row\":9,")
      } == [true, true, true])
    let count = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "o", "--shard", "0/2", "--shard-count", "2"], in: directory)
    #expect(count.status == 64 && count.standardError.contains("--shard-count is the task count of --shard auto"))
  }
}

/// Lines of a pipe, read with a deadline.
final class LineReader: @unchecked Sendable {
  private let handle: FileHandle
  private var buffer = Data()

  init(_ handle: FileHandle) { self.handle = handle }

  /// The next line, or `nil` at the end or when none came within `timeout` seconds.
  func next(timeout: Double) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex...newline)
        return line
      }
      var request = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&request, 1, 100) >= 0 else { return nil }
      if request.revents != 0 {
        let chunk = handle.availableData
        if chunk.isEmpty { return nil }
        buffer.append(chunk)
      }
    }
    return nil
  }
}
