import CArchive
import WordFitCore

/// Regular files streamed, in the order they are added, into one archive written to a file
/// descriptor, through libarchive (the `CArchive` shim is its only door).
///
/// Entries carry nothing from the host: no times (a ZIP's DOS time is its minimum, 1980-01-01),
/// owner 0:0, mode 0644, names in UTF-8; so the same files give the same bytes on any machine, in
/// any time zone or locale. A ZIP keeps its central directory in memory until ``finish()``
/// (about 100 bytes an entry); a tar keeps nothing.
public final class ArchiveWriter {
  private let handle: OpaquePointer
  private var error = [CChar](repeating: 0, count: 512)
  /// Where the archive goes, for messages.
  public let destination: String

  /// Starts an archive of `format` on `descriptor` (left open), for `destination` in messages.
  ///
  /// - Throws: ``WordFitError`` `.io` with libarchive's reason.
  public init(descriptor: Int32, format: ArchiveFormat, destination: String) throws {
    self.destination = destination
    let cFormat: wf_archive_format =
      switch format {
      case .zip: WF_ARCHIVE_ZIP
      case .tar: WF_ARCHIVE_TAR
      case .tarZstd: WF_ARCHIVE_TAR_ZSTD
      }
    var reason = [CChar](repeating: 0, count: 512)
    guard let handle = wf_archive_open(descriptor, cFormat, &reason, reason.count) else {
      throw Self.failure(destination, Self.text(reason))
    }
    self.handle = handle
  }

  deinit {
    wf_archive_free(handle)
  }

  /// The libarchive version, such as `libarchive 3.6.2`.
  public static var libraryVersion: String { String(cString: wf_archive_version()) }

  /// Adds the file `name` holding `bytes`.
  ///
  /// - Throws: ``WordFitError`` `.io` (a full disk, a closed pipe).
  /// - Complexity: O(*n*) for *n* bytes.
  public func add(_ name: String, bytes: [UInt8]) throws {
    try begin(name, size: bytes.count)
    try bytes.withUnsafeBytes { try check(wf_archive_write(handle, $0.baseAddress, $0.count, &error, error.count)) }
    try check(wf_archive_end_entry(handle, &error, error.count))
  }

  /// Adds the file `name`, `size` bytes long, whose bytes `produce` hands to the writer it is
  /// given in chunks (a manifest read back from disk).
  ///
  /// - Throws: ``WordFitError`` `.io`; `.invalidData` when the chunks do not add up to `size`.
  public func add(_ name: String, size: Int, produce: ((_ chunk: [UInt8]) throws -> Void) throws -> Void) throws {
    try begin(name, size: size)
    var written = 0
    try produce { chunk in
      written += chunk.count
      try chunk.withUnsafeBytes { try check(wf_archive_write(handle, $0.baseAddress, $0.count, &error, error.count)) }
    }
    guard written == size else {
      throw WordFitError(
        .invalidData, "\(name) changed while it was added to \(destination): \(written) bytes, not \(size)")
    }
    try check(wf_archive_end_entry(handle, &error, error.count))
  }

  /// Writes the archive's trailer (a ZIP's central directory, a tar's end blocks).
  ///
  /// - Throws: ``WordFitError`` `.io`.
  public func finish() throws {
    try check(wf_archive_finish(handle, &error, error.count))
  }

  private func begin(_ name: String, size: Int) throws {
    try check(wf_archive_begin_entry(handle, name, Int64(size), &error, error.count))
  }

  private func check(_ status: Int32) throws {
    guard status == 0 else { throw Self.failure(destination, Self.text(error)) }
  }

  /// A C string buffer's text, up to its terminating zero.
  private static func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func failure(_ destination: String, _ reason: String) -> WordFitError {
    WordFitError(
      .io, "cannot write the archive \(destination): \(reason); check the disk space and that it is writable",
      input: destination, underlying: reason)
  }
}
