import Foundation
import WordFitCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The lines a scanner types (a USB scanner acting as a keyboard, one code a line), read from a
/// file descriptor as they come, each bounded: a line longer than ``maximumLineBytes`` is
/// reported as too long, never held whole.
public struct ScanLines: Sequence, IteratorProtocol {
  /// The longest line kept, in bytes.
  public static let maximumLineBytes = 4096

  /// One line read.
  public enum Line: Equatable, Sendable {
    /// A line's text, without its end of line and the spaces at its ends.
    case text(String)
    /// A line over ``ScanLines/maximumLineBytes``, or not UTF-8: its first bytes, for the message.
    case unreadable(String)
  }

  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  private var ended = false

  /// Lines from `descriptor` (0: standard input).
  public init(descriptor: Int32 = 0) { self.descriptor = descriptor }

  /// The next non-empty line, or `nil` at the end of the input.
  ///
  /// - Complexity: O(*n*) in the bytes read.
  public mutating func next() -> Line? {
    while true {
      if let end = buffer[start...].firstIndex(of: 0x0A) {
        let bytes = Array(buffer[start..<end])
        start = end + 1
        guard bytes.count <= Self.maximumLineBytes else {
          return .unreadable(String(decoding: bytes.prefix(40), as: UTF8.self))
        }
        if let line = Self.line(bytes) { return line }
        continue
      }
      if buffer.count - start > Self.maximumLineBytes { return skipOverlongLine() }
      guard !ended else {
        let bytes = Array(buffer[start...])
        (buffer, start) = ([], 0)
        return bytes.isEmpty ? nil : Self.line(bytes) ?? nil
      }
      fill()
    }
  }

  /// Reads more input into the buffer (dropping what was consumed).
  private mutating func fill() {
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    var chunk = [UInt8](repeating: 0, count: 65536)
    let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 65536) }
    if got < 0 && errno == EINTR { return }
    if got <= 0 { ended = true } else { buffer += chunk.prefix(got) }
  }

  /// Skips the rest of a line over the limit and reports it.
  private mutating func skipOverlongLine() -> Line {
    let head = String(decoding: buffer[start..<(start + 40)], as: UTF8.self)
    while true {
      if let end = buffer[start...].firstIndex(of: 0x0A) {
        start = end + 1
        break
      }
      (buffer, start) = ([], 0)
      guard !ended else { break }
      fill()
    }
    return .unreadable(head)
  }

  /// A line's bytes as a line (`nil` when blank).
  private static func line(_ bytes: [UInt8]) -> Line? {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      return .unreadable(String(decoding: bytes.prefix(40), as: UTF8.self))
    }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : .text(trimmed)
  }
}
