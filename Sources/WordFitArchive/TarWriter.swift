import CArchive
import WordFitCore

/// A tar (or a tar through zstd) streamed to a file descriptor through libarchive, the
/// `CArchive` shim being its only door. A tar keeps nothing per entry: memory stays the same at
/// any number of entries.
final class TarWriter {
  private let handle: OpaquePointer
  private var error = [CChar](repeating: 0, count: 512)
  private let destination: String

  /// Starts a tar, through zstd when `compressed`, on `descriptor` (left open).
  ///
  /// - Throws: ``WordFitError`` `.io` with libarchive's reason.
  init(descriptor: Int32, compressed: Bool, destination: String) throws {
    self.destination = destination
    var reason = [CChar](repeating: 0, count: 512)
    let format = compressed ? WF_ARCHIVE_TAR_ZSTD : WF_ARCHIVE_TAR
    guard let handle = wf_archive_open(descriptor, format, &reason, reason.count) else {
      throw ArchiveWriter.failure(destination, Self.text(reason))
    }
    self.handle = handle
  }

  deinit {
    wf_archive_free(handle)
  }

  /// libarchive's version, such as `libarchive 3.6.2`.
  static var libraryVersion: String { String(cString: wf_archive_version()) }

  /// Adds the file `name` holding `bytes`.
  ///
  /// - Complexity: O(*n*) for *n* bytes.
  func add(_ name: String, bytes: [UInt8]) throws {
    try begin(name, size: UInt64(bytes.count))
    try write(bytes)
    try check(wf_archive_end_entry(handle, &error, error.count))
  }

  /// Adds the file `name`, `size` bytes long, from the chunks `produce` hands over.
  func add(_ name: String, size: UInt64, produce: ((_ chunk: [UInt8]) throws -> Void) throws -> Void) throws {
    try begin(name, size: size)
    var written: UInt64 = 0
    try produce { chunk in
      written += UInt64(chunk.count)
      try write(chunk)
    }
    guard written == size else {
      throw WordFitError(
        .invalidData, "\(name) changed while it was added to \(destination): \(written) bytes, not \(size)")
    }
    try check(wf_archive_end_entry(handle, &error, error.count))
  }

  /// Writes the tar's end blocks (and ends the zstd frame).
  func finish() throws {
    try check(wf_archive_finish(handle, &error, error.count))
  }

  private func begin(_ name: String, size: UInt64) throws {
    try check(wf_archive_begin_entry(handle, name, Int64(size), &error, error.count))
  }

  private func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try check(wf_archive_write(handle, $0.baseAddress, $0.count, &error, error.count)) }
  }

  private func check(_ status: Int32) throws {
    guard status == 0 else { throw ArchiveWriter.failure(destination, Self.text(error)) }
  }

  /// A C string buffer's text, up to its terminating zero.
  private static func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
