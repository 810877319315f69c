#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Bytes appended to an unlinked temporary file, then read back once in order: what an archive
/// must hold until its end (a ZIP's central directory, the manifest) without holding it in
/// memory. The file is unlinked as soon as it is made, so no way a run can stop leaves it behind.
package final class SpoolFile {
  /// A spool that could not be made, written or read: the system's reason.
  package struct Failure: Error {
    /// The system's reason, such as `No space left on device`.
    package var reason: String
  }

  private let descriptor: Int32
  private var pending: [UInt8] = []
  private let bufferLimit: Int
  /// The bytes appended so far (on disk or still buffered).
  package private(set) var count = 0

  /// A new spool in `folder`, buffering up to `bufferLimit` bytes in memory between writes.
  ///
  /// - Throws: ``Failure`` when the file cannot be made.
  package init(in folder: String, bufferLimit: Int = 1 << 16) throws(Failure) {
    var template = Array((folder + "/.wordfit-spool-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
    guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    _ = template.withUnsafeBufferPointer { $0.baseAddress.map { unlink($0) } }
    (self.descriptor, self.bufferLimit) = (descriptor, bufferLimit)
  }

  deinit {
    close(descriptor)
  }

  /// Appends `bytes`.
  ///
  /// - Throws: ``Failure`` when the buffer cannot be written out (a full disk).
  /// - Complexity: O(*n*) for *n* bytes.
  package func append(_ bytes: [UInt8]) throws(Failure) {
    pending += bytes
    count += bytes.count
    if pending.count >= bufferLimit { try flush() }
  }

  /// Hands every byte appended so far to `body`, in order, in chunks of at most 64 KiB.
  ///
  /// - Throws: ``Failure`` when the spool cannot be read; whatever `body` throws.
  /// - Complexity: O(*n*) for *n* bytes.
  package func readBack(_ body: (_ chunk: [UInt8]) throws -> Void) throws {
    try flush()
    guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw Failure(reason: String(cString: strerror(errno))) }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var left = count
    while left > 0 {
      let read = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, Swift.min($0.count, left)) }
      if read < 0, errno == EINTR { continue }
      guard read > 0 else {
        throw Failure(reason: read == 0 ? "the spool ended early" : String(cString: strerror(errno)))
      }
      try body(Array(chunk[0..<read]))
      left -= read
    }
  }

  private func flush() throws(Failure) {
    if let reason = AtomicFile.writeAll(pending, to: descriptor) { throw Failure(reason: reason) }
    pending.removeAll(keepingCapacity: true)
  }
}
