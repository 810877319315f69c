import Dispatch
import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// Results written by several worker threads, each to its own slots.
final class OutcomeSlots: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [CheckOutcome?]
  private var firstError: Error?

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ outcome: CheckOutcome) {
    lock.lock()
    slots[index] = outcome
    lock.unlock()
  }

  /// Records the error that stops the run (the first one wins).
  func stop(_ error: Error) {
    lock.lock()
    if firstError == nil { firstError = error }
    lock.unlock()
  }

  /// The error that stopped the run, if any.
  var stoppingError: Error? {
    lock.lock()
    defer { lock.unlock() }
    return firstError
  }

  var values: [CheckOutcome] {
    lock.lock()
    defer { lock.unlock() }
    return slots.compactMap { $0 }
  }
}
