import Foundation
import WordFitArchive
import WordFitCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The sink of an ``OutputRequest/Destination/archive(_:_:)`` (``OutputRequest/openArchive()``):
/// a batch's badges as one archive (`batch --out badges.zip`): each written file added in row
/// order, the manifest's lines spooled to an unlinked temporary file and added as the last
/// entry, `manifest.jsonl`. The archive is written to a temporary file beside its destination
/// and renamed into place only when it is complete; a run that stops (an interrupt, a write
/// error) leaves nothing under the final name. `-` streams it to standard output.
package final class ArchiveOutput {
  /// The name of the manifest entry, always the archive's last.
  package static let manifestEntry = "manifest.jsonl"

  private let path: String
  /// The regular file renamed over: `path` through its links.
  private let target: String
  private let temporaryPath: String?
  private let descriptor: Int32
  private let writer: ArchiveWriter
  /// The manifest's lines so far, on disk (memory stays bounded at any row count).
  private let spool: SpoolFile
  private var spooledChecksum = CRC32()
  private var finished = false

  /// An archive of `format` at `path` (`-`: standard output).
  ///
  /// - Throws: ``WordFitError`` `.io` when the temporary files cannot be made.
  package init(path: String, format: ArchiveFormat) throws {
    self.path = path
    let folder = path == "-" ? NSTemporaryDirectory() : PathText.deletingLastComponent(path)
    let directory = folder.isEmpty ? "." : folder
    if path == "-" {
      (descriptor, temporaryPath, target) = (STDOUT_FILENO, nil, path)
    } else {
      let target = try AtomicFile.renameTarget(for: path)
      guard let (descriptor, temporary) = AtomicFile.createLockedTemporary(beside: target) else {
        throw Self.failure(path, String(cString: strerror(errno)))
      }
      (self.descriptor, temporaryPath, self.target) = (descriptor, temporary, target)
    }
    do {
      spool = try SpoolFile(in: directory)
      writer = try ArchiveWriter(descriptor: descriptor, format: format, destination: path, spoolFolder: directory)
    } catch {
      if let temporaryPath { Self.discard(descriptor, temporaryPath) }
      throw (error as? SpoolFile.Failure).map { Self.failure(path, $0.reason) } ?? error
    }
  }

  deinit {
    if let temporaryPath, !finished { Self.discard(descriptor, temporaryPath) }
  }

  /// Adds a badge's PNG as `name`, with its ``CRC32`` when the worker computed it.
  ///
  /// - Throws: ``WordFitError`` `.io`.
  package func add(_ name: String, png: [UInt8], checksum: UInt32?) throws {
    try writer.add(name, bytes: png, checksum: checksum)
  }

  /// Appends one manifest line (with its newline).
  ///
  /// - Throws: ``WordFitError`` `.io` when the spool cannot be written.
  package func appendManifest(_ line: String) throws {
    var bytes = Array(line.utf8)
    bytes.append(0x0A)
    spooledChecksum.update(bytes)
    do {
      try spool.append(bytes)
    } catch {
      throw Self.failure(path, error.reason)
    }
  }

  /// Adds the manifest as the last entry, finishes the archive and renames it into place.
  ///
  /// - Throws: ``WordFitError`` `.io`; nothing is left under the final name then.
  package func finish() throws {
    do {
      try writer.add(Self.manifestEntry, size: spool.count, checksum: spooledChecksum.value) { write in
        try spool.readBack(write)
      }
    } catch let error as SpoolFile.Failure {
      throw Self.failure(path, error.reason)
    }
    try writer.finish()
    guard let temporaryPath else { return }
    finished = true
    // Renamed while the lock is held (see AtomicFile.write), then closed.
    guard fsync(descriptor) == 0, rename(temporaryPath, target) == 0 else {
      let reason = String(cString: strerror(errno))
      Self.discard(descriptor, temporaryPath)
      throw Self.failure(path, reason)
    }
    guard close(descriptor) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(target)
      throw Self.failure(path, reason)
    }
  }

  private static func discard(_ descriptor: Int32, _ temporaryPath: String) {
    close(descriptor)
    unlink(temporaryPath)
  }

  private static func failure(_ path: String, _ reason: String) -> WordFitError {
    WordFitError(
      .io, "cannot write the archive \(path): \(reason); check the disk space and that its folder is writable",
      input: path, underlying: reason)
  }
}
