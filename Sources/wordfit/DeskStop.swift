import Foundation

/// SIGINT and SIGTERM at a desk: waiting for a code, it exits 0 at once; printing, it finishes
/// the badge under way (its job sent, its log line synced, its answer written) and then exits 0.
final class DeskStop: @unchecked Sendable {
  private let lock = NSLock()
  private var printing = false
  private var requested = false
  private var sources: [DispatchSourceSignal] = []

  /// Whether a signal asked the desk to stop.
  var wasRequested: Bool {
    lock.lock()
    defer { lock.unlock() }
    return requested
  }

  func install() {
    sources = StopSignals.install { [self] in
      lock.lock()
      requested = true
      let idle = !printing
      lock.unlock()
      if idle { exit(0) }
    }
  }

  /// Marks a print under way; `false` when a stop was asked for first.
  func begin() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    printing = !requested
    return !requested
  }

  /// Marks the print done; exits 0 when a stop was asked for during it.
  func end() {
    lock.lock()
    printing = false
    let stop = requested
    lock.unlock()
    if stop { exit(0) }
  }
}
