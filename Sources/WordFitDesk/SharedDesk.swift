import Foundation
import WordFitCore

/// A desk shared by the threads that print on it (the page's server, the scanner's line
/// reader): one print at a time, in the order they come.
public final class SharedDesk: @unchecked Sendable {
  private let lock = NSLock()
  private let desk: Desk
  /// Called before and after each print (a stop waits for the print under way).
  public var around: (begin: @Sendable () -> Bool, end: @Sendable () -> Void)? = nil

  /// `desk`, shared.
  public init(_ desk: Desk) { self.desk = desk }

  /// Runs `body` on the desk, alone.
  public func with<Result>(_ body: (Desk) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(desk)
  }

  /// Runs a print on the desk, alone, between ``around``'s calls; `nil` when a stop came first.
  public func printing<Result>(_ body: (Desk) throws -> Result) rethrows -> Result? {
    lock.lock()
    defer { lock.unlock() }
    if let around, !around.begin() { return nil }
    defer { around?.end() }
    return try body(desk)
  }
}
