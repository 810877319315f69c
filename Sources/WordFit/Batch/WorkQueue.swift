import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// A bounded hand-off between the reading thread and the rendering workers, and back.
///
/// Jobs carry a sequence number; outcomes are handed back by sequence so the reader can emit
/// them in input order. All state is guarded by one condition variable.
final class WorkQueue<Job: Sendable, Outcome: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [(sequence: Int, job: Job)] = []
  private var head = 0
  private var isClosed = false
  private var outcomes: [Int: Outcome] = [:]

  /// Adds a job.
  func push(_ job: Job, sequence: Int) {
    condition.lock()
    jobs.append((sequence, job))
    condition.broadcast()
    condition.unlock()
  }

  /// Hands back an outcome that needs no worker.
  func complete(_ outcome: Outcome, sequence: Int) {
    condition.lock()
    outcomes[sequence] = outcome
    condition.broadcast()
    condition.unlock()
  }

  /// The next job, waiting for one; `nil` once closed and empty.
  func pop() -> (sequence: Int, job: Job)? {
    condition.lock()
    defer { condition.unlock() }
    while head == jobs.count && !isClosed { condition.wait() }
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

  /// The outcome of `sequence`, waiting for it when `waits`, else `nil` when it is not ready.
  func take(_ sequence: Int, waits: Bool, until deadline: Date? = nil) -> Outcome? {
    condition.lock()
    defer { condition.unlock() }
    while outcomes[sequence] == nil {
      guard waits else { return nil }
      if let deadline {
        if !condition.wait(until: deadline) { return nil }
      } else {
        condition.wait()
      }
    }
    return outcomes.removeValue(forKey: sequence)
  }
}
