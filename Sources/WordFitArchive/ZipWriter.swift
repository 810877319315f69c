import WordFitCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A ZIP of stored entries written straight to a file descriptor, whose central directory
/// is spooled to an unlinked temporary file, so memory stays the same at any number of entries.
///
/// WordFit writes ZIP itself rather than through libarchive because libarchive keeps a ZIP's
/// central directory in memory until the archive closes (about 130 bytes an entry: 180 MB at a
/// million badges). Stored entries need no compressor: a local header (30 bytes and the name),
/// the bytes, and a central directory record at the end. ZIP64 records are added where a count,
/// size or offset outgrows the classic fields (more than 65,535 entries, past 4 GiB).
///
/// Entries carry nothing from the host: time 1980-01-01 00:00 (DOS time's minimum), mode 0644
/// made by Unix, names flagged UTF-8; the same entries give the same bytes anywhere.
final class ZipWriter {
  private let descriptor: Int32
  private let destination: String
  /// Where the archive goes next: the bytes written so far.
  private var offset: UInt64 = 0
  private var output: [UInt8] = []
  /// The central directory records so far (256 KiB in memory, the rest on disk).
  private let directory: SpoolFile
  private var entries: UInt64 = 0
  /// Values at or above this need ZIP64 fields (0xFFFF_FFFF; lower in tests to exercise them).
  private let largeValue: UInt64
  private static let bufferLimit = 1 << 18

  /// Starts a ZIP on `descriptor` (left open), spooling its directory in `spoolFolder`.
  ///
  /// - Throws: ``WordFitError`` `.io` when the spool cannot be made.
  init(descriptor: Int32, destination: String, spoolFolder: String, largeValue: UInt64 = 0xFFFF_FFFF) throws {
    (self.descriptor, self.destination, self.largeValue) = (descriptor, destination, largeValue)
    do {
      directory = try SpoolFile(in: spoolFolder, bufferLimit: Self.bufferLimit)
    } catch {
      throw ArchiveWriter.failure(destination, error.reason)
    }
  }

  /// Adds the file `name` holding `bytes`, whose CRC-32 is `checksum` (computed when `nil`).
  ///
  /// - Throws: ``WordFitError`` `.io` (a full disk, a closed pipe); `.invalidData` for a name
  ///   longer than 65,535 bytes.
  /// - Complexity: O(*n*) for *n* bytes.
  func add(_ name: String, bytes: [UInt8], checksum: UInt32?) throws {
    let crc = checksum ?? CRC32(bytes).value
    try begin(name, size: UInt64(bytes.count), crc: crc)
    if output.count + bytes.count > Self.bufferLimit { try flush() }
    if bytes.count >= Self.bufferLimit {
      try write(bytes)
    } else {
      output.append(contentsOf: bytes)
    }
    offset += UInt64(bytes.count)
  }

  /// Adds the file `name`, `size` bytes long with CRC-32 `checksum`, whose bytes `produce`
  /// hands over in chunks.
  ///
  /// - Throws: ``WordFitError`` `.io`; `.invalidData` when the chunks do not add up to `size`
  ///   and `checksum`.
  func add(
    _ name: String, size: UInt64, checksum: UInt32, produce: ((_ chunk: [UInt8]) throws -> Void) throws -> Void
  ) throws {
    try begin(name, size: size, crc: checksum)
    try flush()
    var written: UInt64 = 0
    var crc = CRC32()
    try produce { chunk in
      crc.update(chunk)
      written += UInt64(chunk.count)
      try write(chunk)
    }
    guard written == size, crc.value == checksum else {
      throw WordFitError(
        .invalidData, "\(name) changed while it was added to \(destination): \(written) bytes, not \(size)")
    }
    offset += size
  }

  /// Writes the central directory and its end records. The descriptor stays open.
  ///
  /// - Throws: ``WordFitError`` `.io`.
  func finish() throws {
    let start = offset
    try flush()
    let size = UInt64(directory.count)
    do {
      try directory.readBack { try write($0) }
    } catch let error as SpoolFile.Failure {
      throw ArchiveWriter.failure(destination, error.reason)
    }
    offset += size
    var end = ZipRecords()
    if entries >= 0xFFFF || size >= largeValue || start >= largeValue {
      end.zip64End(entries: entries, directorySize: size, directoryOffset: start, at: offset)
    }
    end.end(entries: entries, directorySize: size, directoryOffset: start, largeValue: largeValue)
    try write(end.bytes)
  }

  /// Writes the local header and records the central directory's entry.
  private func begin(_ name: String, size: UInt64, crc: UInt32) throws {
    let text = name
    let name = Array(name.utf8)
    guard name.count <= 0xFFFF else {
      throw WordFitError(
        .invalidData, "the entry name \(text.prefix(40))… is longer than ZIP's 65,535 bytes; shorten the name template",
        input: destination)
    }
    var local = ZipRecords()
    local.localHeader(name: name, size: size, crc: crc, largeValue: largeValue)
    if output.count + local.bytes.count > Self.bufferLimit { try flush() }
    output += local.bytes
    var central = ZipRecords()
    central.centralHeader(name: name, size: size, crc: crc, localOffset: offset, largeValue: largeValue)
    do {
      try directory.append(central.bytes)
    } catch {
      throw ArchiveWriter.failure(destination, error.reason)
    }
    offset += UInt64(local.bytes.count)
    entries += 1
  }

  private func flush() throws {
    try write(output)
    output.removeAll(keepingCapacity: true)
  }

  private func write(_ bytes: [UInt8]) throws {
    if let reason = AtomicFile.writeAll(bytes, to: descriptor) { throw ArchiveWriter.failure(destination, reason) }
  }
}
