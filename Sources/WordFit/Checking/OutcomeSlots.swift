import Dispatch
import Foundation

/// Results written by several worker threads, each to its own slots.
final class OutcomeSlots: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [CheckOutcome?]

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ outcome: CheckOutcome) {
    lock.lock()
    slots[index] = outcome
    lock.unlock()
  }

  var values: [CheckOutcome] {
    lock.lock()
    defer { lock.unlock() }
    return slots.compactMap { $0 }
  }
}
