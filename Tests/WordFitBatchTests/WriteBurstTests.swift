import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitBatch
@testable import WordFitCore
@testable import WordFitLayout

#if canImport(Glibc)
  import Glibc
#endif

/// Workers write their rows' files in bursts (issue 39: the loose-file sink at its floor): a
/// burst must never hold a row back while the worker waits for the next, and a write that fails
/// in a burst fails its row exactly as a write right after rendering did.
@Suite struct WriteBurstTests {
  static var spec: RenderSpec {
    var spec = RenderSpec(text: "")
    spec.canvas = "200x120"
    return spec
  }

  /// Rows that come one at a time (a pipe, a FIFO) are written as they come: the first row's
  /// file is there while the input is still open, long before a burst could fill.
  @Test(.timeLimit(.minutes(1)))
  func rowsThatTrickleInAreWrittenAsTheyCome() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let fifo = directory + "/in.csv"
    #expect(mkfifo(fifo, 0o600) == 0)
    var options = BatchOptions(input: fifo, outputDirectory: directory + "/out", spec: Self.spec)
    options.jobs = 2
    let result = Locked<BatchSummary?>(nil)
    let done = DispatchSemaphore(value: 0)
    let given = options
    Thread {
      result.value = try? BatchRunner(options: given).run()
      done.signal()
    }.start()
    // The writer comes late, after the batch has opened the FIFO: the batch waits for it rather
    // than reading an empty input (it did, under load, and the writer's open then waited for a
    // reader that had gone: a hang). A non-blocking open fails while no reader is there, so a
    // failure here is a failed expectation, not a hang.
    usleep(300_000)
    var descriptor: Int32 = -1
    for _ in 0..<200 where descriptor < 0 {
      descriptor = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
      if descriptor < 0 { usleep(50_000) }
    }
    try #require(descriptor >= 0, "the batch is still reading the FIFO when its writer comes")
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    let writer = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    writer.write(Data("id,name\n1,Ada Lovelace\n".utf8))
    let first = directory + "/out/1-ada-lovelace.png"
    var waited = 0
    while !FileManager.default.fileExists(atPath: first), waited < 400 {
      usleep(50_000)
      waited += 1
    }
    #expect(FileManager.default.fileExists(atPath: first), "the first row is written before the input ends")
    writer.write(Data("2,Grace Hopper\n".utf8))
    try writer.close()
    done.wait()
    #expect(result.value?.written == 2)
  }

  /// A row whose file cannot be written (a file WordFit did not write is at its name) fails
  /// alone, with nothing of its rendering counted: no size, no missing character in the
  /// summary; the rows around it in the same burst are written.
  @Test func aWriteThatFailsInABurstFailsOnlyItsRow() throws {
    let csv = "id,name\n1,Ada Lovelace\n2,Grace \u{10FFFD}\n3,Katherine Johnson\n"
    let directory = try TestPaths.makeTemporaryDirectory(with: ["in.csv": csv])
    try FileManager.default.createDirectory(atPath: directory + "/out", withIntermediateDirectories: true)
    try Data("a photo".utf8).write(to: URL(fileURLWithPath: directory + "/out/2-grace.png"))
    var options = BatchOptions(input: directory + "/in.csv", outputDirectory: directory + "/out", spec: Self.spec)
    options.jobs = 1
    var rows: [BatchRowReport] = []
    let summary = try BatchRunner(options: options).run(report: { rows.append($0) })
    #expect(summary.written == 2 && summary.failed == 1)
    #expect(summary.missingCharacters.isEmpty, "the failed row's missing character is not counted")
    #expect(rows.map(\.status) == [.written, .failed, .written])
    #expect(rows[1].size == nil && rows[1].error?.contains("WordFit did not write it") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/out/2-grace.png")) == Data("a photo".utf8))
    #expect(rows[0].size != nil && rows[2].size != nil)
  }
}

/// A value shared between a test and the thread it starts.
private final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
