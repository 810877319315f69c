import Foundation
import WordFitCore

/// A thread that draws a PDF's pages in the order they are handed over, then finishes the
/// document: cairo's work for a page (recording, analysing, compressing the content stream,
/// printing numbers) runs beside the thread that reads rows and the renderers, instead of on
/// the reader, which it would otherwise hold up.
///
/// Everything the drawing and finishing closures touch (the `PDFDocument`, its cairo surface and
/// FreeType faces) is used by this thread alone from ``start()`` on: the caller hands pages over
/// through a queue of at most ``capacity`` (it waits when the queue is full, so memory stays
/// bounded) and learns the outcome from ``finish()``. After the first failure the remaining
/// pages are not drawn and the document is not finished.
final class PDFPageThread<Page: Sendable>: @unchecked Sendable {
  /// Pages waiting to be drawn before ``push(_:)`` waits.
  static var capacity: Int { 32 }

  private let condition = NSCondition()
  private var pages: [Page] = []
  private var head = 0
  private var isClosed = false
  private var completes = true
  private var failure: Error? = nil
  private let done = DispatchSemaphore(value: 0)
  private var isStarted = false
  /// Whether the drawing thread waits for a page, and whether the caller waits for room: each
  /// side wakes the other only then (one producer, one consumer; they never wait at once, since
  /// the queue cannot be empty and full together).
  private var drawerWaits = false
  private var callerWaits = false
  /// The drawing and completing closures; let go of (with what they hold: the document) when
  /// the thread ends, before ``finish()`` or ``abandon()`` returns.
  private var draw: ((Page) throws -> Void)?
  private var complete: (() throws -> Void)?

  /// A thread that will call `draw` for each page and `complete` after the last, on itself.
  init(draw: @escaping (Page) throws -> Void, complete: @escaping () throws -> Void) {
    self.draw = draw
    self.complete = complete
  }

  /// Starts the thread.
  func start() {
    isStarted = true
    let thread = Thread { self.run() }
    thread.stackSize = 4 << 20
    thread.start()
  }

  /// Hands `page` over, waiting while ``capacity`` pages are already waiting.
  ///
  /// - Throws: the error a page already handed over failed with (this page is not drawn).
  /// - Complexity: amortised O(1).
  func push(_ page: Page) throws {
    condition.lock()
    defer { condition.unlock() }
    while pages.count - head >= Self.capacity && failure == nil {
      callerWaits = true
      condition.wait()
      callerWaits = false
    }
    if let failure { throw failure }
    pages.append(page)
    if drawerWaits { condition.signal() }
  }

  /// Waits until every page is drawn and the document completed.
  ///
  /// - Throws: the first error drawing or completing threw.
  func finish() throws {
    close(completing: true)
    if let failure { throw failure }
  }

  /// Stops the thread without completing the document (the pages handed over are dropped).
  func abandon() {
    close(completing: false)
  }

  private func close(completing: Bool) {
    condition.lock()
    let wasClosed = isClosed
    isClosed = true
    completes = completing
    if !completing {
      pages.removeAll()
      head = 0
    }
    condition.broadcast()
    condition.unlock()
    if isStarted && !wasClosed { done.wait() }
  }

  private func run() {
    while let page = next() {
      do {
        try draw?(page)
      } catch {
        fail(error)
      }
    }
    condition.lock()
    let completing = completes && failure == nil
    condition.unlock()
    if completing {
      do {
        try complete?()
      } catch {
        fail(error)
      }
    }
    (draw, complete) = (nil, nil)
    done.signal()
  }

  /// The next page to draw, or `nil` once the queue is closed and empty (or a page failed).
  private func next() -> Page? {
    condition.lock()
    defer { condition.unlock() }
    while head == pages.count && !isClosed {
      drawerWaits = true
      condition.wait()
      drawerWaits = false
    }
    guard head < pages.count, failure == nil else { return nil }
    let page = pages[head]
    head += 1
    if head > 256 && head * 2 > pages.count {
      pages.removeFirst(head)
      head = 0
    }
    // The caller waits for room only when the queue is full: waking it once half the queue is
    // free lets it hand over a run of pages per wake-up instead of one.
    if callerWaits && pages.count - head <= Self.capacity / 2 { condition.signal() }
    return page
  }

  private func fail(_ error: Error) {
    condition.lock()
    if failure == nil { failure = error }
    condition.broadcast()
    condition.unlock()
  }
}
