import Foundation

/// SIGINT and SIGTERM handed to a handler on a dispatch queue instead of ending the process: the
/// one place the tool takes the stop signals over (a batch finishes its rows, a desk its print).
enum StopSignals {
  /// Ignores SIGINT and SIGTERM's default action and calls `handler` for each one instead;
  /// the sources returned must be kept as long as the handler should run. In-process (the
  /// console captured) the signals stay the process's: none is taken over.
  static func install(_ handler: @escaping @Sendable () -> Void) -> [DispatchSourceSignal] {
    guard !Console.isCapturing else { return [] }
    return [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler(handler: handler)
      source.resume()
      return source
    }
  }
}
