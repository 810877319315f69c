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

  /// Marks the print done. When a stop was asked for during it, the process exits 0 half a
  /// second later: time for the print's answer to be written (a scanner line's at once, after
  /// which the line reader sees the stop and returns; a page's once the server has sent it).
  func end() {
    lock.lock()
    printing = false
    let stop = requested
    lock.unlock()
    if stop { DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { exit(0) } }
  }
}
