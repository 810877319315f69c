import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A folder a run writes many new files into, opened once (`O_PATH`): each file is created
/// unnamed in it and linked at its name relative to it, so the kernel never walks the folder's
/// path again. A batch writes one file a row; see ``AtomicFile/writeNew(_:to:in:)`` for the rules.
package final class OutputFolder: Sendable {
  /// The folder's path, as given.
  package let path: String
  private let descriptor: Int32

  /// Opens the folder at `path`; `nil` when it cannot be opened (the caller then writes by path).
  package init?(path: String) {
    let descriptor = open(path.isEmpty ? "." : path, Self.pathOnly | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    self.path = path
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// `O_PATH` (`010000000` on x86-64 and AArch64), which Glibc declares only under `_GNU_SOURCE`.
  private static let pathOnly: Int32 = 0o1000_0000

  /// Writes `bytes` as the new file `name` in this folder, or returns `false` having written
  /// nothing (something is at that name, or the folder cannot hold unnamed files: check the
  /// name and write it the named way); ``AtomicFile/writeNew(_:to:in:)`` does the same by path.
  ///
  /// - Throws: ``WordFitError`` `.io` naming the file's path and the system's reason.
  package func writeNew(_ bytes: [UInt8], named name: String) throws -> Bool {
    try AtomicFile.writeNew(bytes, to: AtomicFile.joined(path, name), in: (descriptor, name))
  }
}
