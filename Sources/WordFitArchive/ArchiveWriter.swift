import WordFitCore

/// Regular files streamed, in the order they are added, into one archive written to a file
/// descriptor: a ZIP of stored entries (``ArchiveFormat/zip``, written by WordFit), or a tar,
/// plain or through zstd (through libarchive).
///
/// Entries carry nothing from the host: no times (a ZIP's DOS time is its minimum, 1980-01-01),
/// owner 0:0, mode 0644, names in UTF-8; so the same files give the same bytes on any machine, in
/// any time zone or locale. Memory stays the same at any number of entries: a tar keeps nothing
/// per entry, and a ZIP spools its central directory (about 80 bytes and the name an entry) to
/// an unlinked temporary file.
public final class ArchiveWriter {
  private enum Container {
    case zip(ZipWriter)
    case tar(TarWriter)
  }

  private let container: Container
  /// Where the archive goes, for messages.
  public let destination: String

  /// Starts an archive of `format` on `descriptor` (left open), for `destination` in messages;
  /// a ZIP spools its directory in `spoolFolder`.
  ///
  /// - Throws: ``WordFitError`` `.io` when the archive or its spool cannot be started.
  public init(descriptor: Int32, format: ArchiveFormat, destination: String, spoolFolder: String) throws {
    self.destination = destination
    container =
      switch format {
      case .zip: .zip(try ZipWriter(descriptor: descriptor, destination: destination, spoolFolder: spoolFolder))
      case .tar: .tar(try TarWriter(descriptor: descriptor, compressed: false, destination: destination))
      case .tarZstd: .tar(try TarWriter(descriptor: descriptor, compressed: true, destination: destination))
      }
  }

  /// The libarchive version that writes tars, such as `libarchive 3.6.2`.
  public static var libraryVersion: String { TarWriter.libraryVersion }

  /// Adds the file `name` holding `bytes`; `checksum` is their ``CRC32`` when the caller has it
  /// (a worker thread computed it), else a ZIP computes it.
  ///
  /// - Throws: ``WordFitError`` `.io` (a full disk, a closed pipe); `.invalidData` for a name a
  ///   ZIP cannot hold (over 65,535 bytes).
  /// - Complexity: O(*n*) for *n* bytes.
  public func add(_ name: String, bytes: [UInt8], checksum: UInt32? = nil) throws {
    switch container {
    case .zip(let zip): try zip.add(name, bytes: bytes, checksum: checksum)
    case .tar(let tar): try tar.add(name, bytes: bytes)
    }
  }

  /// Adds the file `name`, `size` bytes long with ``CRC32`` `checksum`, whose bytes `produce`
  /// hands to the writer it is given in chunks (a manifest read back from disk).
  ///
  /// - Throws: ``WordFitError`` `.io`; `.invalidData` when the chunks do not add up to `size`
  ///   (or, in a ZIP, to `checksum`).
  /// - Complexity: O(*n*) for *n* bytes.
  public func add(
    _ name: String, size: Int, checksum: UInt32, produce: ((_ chunk: [UInt8]) throws -> Void) throws -> Void
  ) throws {
    switch container {
    case .zip(let zip): try zip.add(name, size: UInt64(size), checksum: checksum, produce: produce)
    case .tar(let tar): try tar.add(name, size: UInt64(size), produce: produce)
    }
  }

  /// Writes the archive's trailer (a ZIP's central directory, a tar's end blocks).
  ///
  /// - Throws: ``WordFitError`` `.io`.
  public func finish() throws {
    switch container {
    case .zip(let zip): try zip.finish()
    case .tar(let tar): try tar.finish()
    }
  }

  /// The error for a write to `destination` that failed for `reason`.
  static func failure(_ destination: String, _ reason: String) -> WordFitError {
    WordFitError(
      .io, "cannot write the archive \(destination): \(reason); check the disk space and that it is writable",
      input: destination, underlying: reason)
  }
}
