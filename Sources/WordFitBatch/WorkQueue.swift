import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// A bounded hand-off between the reading thread and the rendering workers, and back.
///
/// Jobs carry a sequence number; outcomes are handed back by sequence so the reader can emit
/// them in input order. All state is guarded by one condition variable, and a thread is woken
/// only when what it waits for is there: a worker when a job arrives while it idles, the reader
/// when the last outcome of the range it waits for arrives (not at every outcome: on two cores
/// each needless wake-up preempts a worker).
final class WorkQueue<Job: Sendable, Outcome: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [(sequence: Int, job: Job)] = []
  private var head = 0
  private var isClosed = false
  private var outcomes: [Int: Outcome] = [:]
  /// Workers waiting for a job.
  private var idleWorkers = 0
  /// The sequences the reader waits for, and how many of them have no outcome yet.
  private var awaited: Range<Int> = 0..<0
  private var awaitedMissing = 0

  /// Adds a job.
  func push(_ job: Job, sequence: Int) {
    condition.lock()
    jobs.append((sequence, job))
    if idleWorkers > 0 { condition.broadcast() }
    condition.unlock()
  }

  /// Hands back an outcome (a worker's, or one that needed no worker).
  func complete(_ outcome: Outcome, sequence: Int) {
    condition.lock()
    outcomes[sequence] = outcome
    if awaited.contains(sequence) {
      awaitedMissing -= 1
      if awaitedMissing == 0 { condition.broadcast() }
    }
    condition.unlock()
  }

  /// The next job, waiting for one; `nil` once closed and empty. When there is none yet,
  /// `beforeWaiting` runs first (without the lock, so it may complete outcomes): a worker hands
  /// back the rows it holds rather than sit on them while the reader waits for them.
  func pop(beforeWaiting: () -> Void = {}) -> (sequence: Int, job: Job)? {
    condition.lock()
    defer { condition.unlock() }
    if head == jobs.count && !isClosed {
      condition.unlock()
      beforeWaiting()
      condition.lock()
    }
    while head == jobs.count && !isClosed {
      idleWorkers += 1
      condition.wait()
      idleWorkers -= 1
    }
    guard head < jobs.count else { return nil }
    let next = jobs[head]
    head += 1
    if head > 1024 && head * 2 > jobs.count {
      jobs.removeFirst(head)
      head = 0
    }
    return next
  }

  /// No more jobs will come; `dropPending` takes back the jobs no worker has started and
  /// returns them, so the caller can account for each.
  @discardableResult
  func close(dropPending: Bool) -> [(sequence: Int, job: Job)] {
    condition.lock()
    defer { condition.unlock() }
    isClosed = true
    var dropped: [(sequence: Int, job: Job)] = []
    if dropPending {
      dropped = Array(jobs[head...])
      jobs.removeAll()
      head = 0
    }
    condition.broadcast()
    return dropped
  }

  /// Waits until every sequence of `range` has its outcome (each submitted job must be
  /// completed, by a worker or by the caller).
  ///
  /// - Complexity: O(*k*) for *k* sequences in `range`, plus the wait.
  func waitForOutcomes(_ range: Range<Int>) {
    condition.lock()
    defer { condition.unlock() }
    let missing = range.count { outcomes[$0] == nil }
    guard missing > 0 else { return }
    (awaited, awaitedMissing) = (range, missing)
    while awaitedMissing > 0 { condition.wait() }
    awaited = 0..<0
  }

  /// The outcome of `sequence`, waiting for it when `waits`, else `nil` when it is not ready.
  func take(_ sequence: Int, waits: Bool) -> Outcome? {
    if waits { waitForOutcomes(sequence..<sequence + 1) }
    condition.lock()
    defer { condition.unlock() }
    return outcomes.removeValue(forKey: sequence)
  }
}
