import Foundation
import WordFitCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A desk's print log: one JSON object a line (JSON Lines, a ``DeskPrint`` each) for every print, appended and
/// flushed to the disk (`fsync`) before the print is answered, so it survives a crash, a
/// `kill -9` or a power cut; read back at start, so a reprint after a restart is still one.
public final class PrintLog {
  /// The log's path.
  public let path: String
  /// The open log, appending.
  private let descriptor: Int32
  /// Prints by key, read back and appended.
  private var printsByKey: [String: Int] = [:]
  /// How many entries the log holds.
  public private(set) var count = 0
  /// Lines read back that were not entries (a line cut by a crash), skipped.
  public private(set) var skippedLines = 0

  /// Opens (or creates) the log at `path` and reads its entries back.
  ///
  /// - Throws: ``WordFitError`` `.io` naming the file when it cannot be opened or read.
  /// - Complexity: O(*n*) in the log's size.
  public init(path: String) throws {
    self.path = path
    let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw WordFitError(.io, "cannot open the print log \(path): \(String(cString: strerror(errno)))")
    }
    descriptor = fd
    let bytes = try InputFile.read(path, role: "print log", limit: 1 << 30)
    let decoder = JSONDecoder()
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
      guard let entry = try? decoder.decode(DeskPrint.self, from: Data(line)) else {
        skippedLines += 1
        continue
      }
      count += 1
      if let key = entry.key { printsByKey[key, default: 0] += 1 }
    }
    // A line cut by a crash has no newline: the next entry starts on a line of its own.
    if let last = bytes.last, last != 0x0A { try append([0x0A]) }
  }

  deinit { close(descriptor) }

  /// How many times `key` has printed.
  public func prints(ofKey key: String) -> Int { printsByKey[key] ?? 0 }

  /// Appends `entry` and flushes it to the disk.
  ///
  /// - Throws: ``WordFitError`` `.io` naming the log when it cannot be written.
  public func record(_ entry: DeskPrint) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var line = [UInt8](try encoder.encode(entry))
    line.append(0x0A)
    try append(line)
    count += 1
    if let key = entry.key { printsByKey[key, default: 0] += 1 }
  }

  /// Writes `bytes` in one `write` (a line is appended whole or, after a crash, cut) and syncs.
  private func append(_ bytes: [UInt8]) throws {
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes { buffer in
        buffer.baseAddress.map { write(descriptor, $0 + written, bytes.count - written) } ?? 0
      }
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else {
        throw WordFitError(.io, "cannot write the print log \(path): \(String(cString: strerror(errno)))")
      }
      written += result
    }
    guard fsync(descriptor) == 0 else {
      throw WordFitError(.io, "cannot flush the print log \(path) to the disk: \(String(cString: strerror(errno)))")
    }
  }
}
