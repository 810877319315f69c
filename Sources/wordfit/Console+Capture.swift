import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension Console {
  /// What a run in-process printed, when ``capturing(_:)`` holds the console.
  struct Captured: Sendable {
    /// Standard output's text.
    var output = ""
    /// Standard error's text.
    var error = ""
  }

  /// The capture lines go to instead of the process's streams, or `nil` for the streams. A
  /// process-wide value, not a task-local one: a batch's workers and a desk's server threads
  /// print from threads no task started.
  private static let capture = Mutex<Captured?>(nil)

  /// Serialises the in-process runs: the console and the working folder are the process's.
  private static let runs = NSLock()

  /// Runs `body` in `folder` (the working folder, for its relative paths) with every line the
  /// console writes captured instead of printed, and hands back its result and the text; one
  /// run at a time. Used by the command-line tests, which run the tool in-process.
  static func capturing(in folder: String, _ body: () -> Int32) -> (status: Int32, captured: Captured) {
    runs.lock()
    defer { runs.unlock() }
    let previous = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(folder)
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    capture.withLock { $0 = Captured() }
    let status = body()
    let captured = capture.withLock { value in
      defer { value = nil }
      return value ?? Captured()
    }
    return (status, captured)
  }

  /// Whether the console is captured (an in-process run): the process's signals and terminal
  /// are not the run's then.
  static var isCapturing: Bool { capture.withLock { $0 != nil } }

  /// Whether standard error is a terminal (never while captured).
  static var errorIsTerminal: Bool { !isCapturing && isatty(STDERR_FILENO) == 1 }

  /// Writes `text` and a newline to standard output or error, or to the capture.
  static func write(_ text: String, toError: Bool) {
    let captured = capture.withLock { value -> Bool in
      guard value != nil else { return false }
      if toError { value?.error += text + "\n" } else { value?.output += text + "\n" }
      return true
    }
    guard !captured else { return }
    if toError {
      FileHandle.standardError.write(Data((text + "\n").utf8))
    } else {
      print(text)
    }
  }
}
