import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitBadges
@testable import WordFitBatch
@testable import WordFitCore
@testable import WordFitOutput

/// The thread a PDF's pages are drawn on: order, completion, failure and abandonment.
@Suite struct PDFPageThreadTests {
  /// What the drawing thread saw, read after it finished.
  final class Log: @unchecked Sendable {
    var drawn: [Int] = []
    var completed = 0
    var threads = Set<String>()
    func note() { threads.insert("\(Thread.current)") }
  }

  @Test func drawsEveryPageInOrderThenCompletesOnItsOwnThread() throws {
    let log = Log()
    let pages = PDFPageThread<Int>(
      draw: {
        log.note()
        log.drawn.append($0)
      },
      complete: {
        log.note()
        log.completed += 1
      })
    pages.start()
    for page in 1...500 { try pages.push(page) }
    try pages.finish()
    #expect(log.drawn == Array(1...500))
    #expect(log.completed == 1)
    #expect(log.threads.count == 1 && !log.threads.contains("\(Thread.current)"))
  }

  @Test func aCallerWaitingOnAFullQueueIsWokenAndLosesNoPage() throws {
    // The drawer is slower than the caller, so the queue fills and the caller waits for it to
    // drain to half before it hands over more.
    let log = Log()
    let pages = PDFPageThread<Int>(
      draw: { page in
        if page % 8 == 0 { usleep(200) }
        log.drawn.append(page)
      }, complete: { log.completed += 1 })
    pages.start()
    for page in 1...(PDFPageThread<Int>.capacity * 12) { try pages.push(page) }
    try pages.finish()
    #expect(log.drawn == Array(1...(PDFPageThread<Int>.capacity * 12)))
    #expect(log.completed == 1)
  }

  @Test func workersOfAPDFBatchAreNicerThanTheThreadThatStartsThem() {
    final class Seen: @unchecked Sendable { var niceness: (before: Int32, after: Int32) = (0, 0) }
    let seen = Seen()
    let done = DispatchSemaphore(value: 0)
    let own = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    let thread = Thread {
      let before = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
      ThreadPriority.lowerCurrentThread(by: ThreadPriority.pdfWorkerNiceness)
      seen.niceness = (before, getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
      done.signal()
    }
    thread.start()
    done.wait()
    #expect(seen.niceness.before == own)
    #expect(seen.niceness.after == min(19, own + ThreadPriority.pdfWorkerNiceness))
    #expect(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) == own, "only the worker's own priority")
  }

  @Test func aFailedPageStopsDrawingAndIsThrownByFinish() throws {
    let log = Log()
    let pages = PDFPageThread<Int>(
      draw: { page in
        if page == 7 { throw WordFitError(.io, "page 7 failed") }
        log.drawn.append(page)
      },
      complete: { log.completed += 1 })
    pages.start()
    var refused = 0
    for page in 1...200 {
      do { try pages.push(page) } catch { refused += 1 }
    }
    let error = #expect(throws: WordFitError.self) { try pages.finish() }
    #expect(error?.message == "page 7 failed")
    #expect(log.drawn == Array(1...6))
    #expect(log.completed == 0, "a document with a failed page is never finished")
    #expect(refused > 0, "pages handed over after the failure are refused with it")
  }

  @Test func abandonedDocumentIsNotCompleted() {
    let log = Log()
    let pages = PDFPageThread<Int>(draw: { log.drawn.append($0) }, complete: { log.completed += 1 })
    pages.start()
    for page in 1...10 { try? pages.push(page) }
    pages.abandon()
    #expect(log.completed == 0)
    #expect(log.drawn.count <= 10)
  }

  @Test func pdfLeftUnfinishedLeavesNoFile() throws {
    let folder = try TestPaths.makeTemporaryDirectory()
    let path = folder + "/badges.pdf"
    do {
      _ = try BadgePDFWriter(path: path, dotsPerInch: 300, sheet: nil, bleedPixels: 0)
    }
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "no temporary file left")
  }
}
