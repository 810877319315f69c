import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension AtomicFile {
  /// Writes `bytes` as a new file at `path`, which nothing may be at: the bytes go into an
  /// unnamed file in `path`'s folder (`O_TMPFILE`), which is then linked at `path` whole, so a
  /// reader never sees a partial file and an interrupted write leaves nothing behind, not even
  /// a temporary. Four system calls where ``write(_:to:followsLinks:)`` (and the checks before
  /// it of what is at the name) make eleven: a batch writes one file a row into a folder that is
  /// usually empty.
  ///
  /// Returns `false`, having written nothing, when something is at `path` by the time the file
  /// would be linked, or when the file system has no unnamed files (NFS, some FUSE) or the
  /// system no `/proc` (found out once for the process): the caller then checks what is at the
  /// name, as for any file it may replace, and calls ``write(_:to:followsLinks:)``.
  ///
  /// - Throws: ``WordFitError`` `.io` naming the path and the system's reason.
  ///
  /// - Parameter folder: the folder `path` is in, open, and the file's name in it
  ///   (``OutputFolder``), so that neither call walks the folder's path.
  package static func writeNew(_ bytes: [UInt8], to path: String, in folder: (Int32, String)? = nil) throws -> Bool {
    guard !unnamedFilesUnsupported.load(ordering: .relaxed) else { return false }
    let descriptor =
      if let (directory, _) = folder {
        openat(directory, ".", unnamedFileFlags, 0o666)
      } else {
        open(Self.folder(of: path) ?? ".", unnamedFileFlags, 0o666)
      }
    guard descriptor >= 0 else {
      let code = errno
      if code == EOPNOTSUPP || code == EISDIR || code == EINVAL { return fallingBack() }
      if code == ENOENT || code == ENOTDIR { try checkFolder(of: path, requestedPath: path) }
      throw failure(path, String(cString: strerror(code)))
    }
    defer { close(descriptor) }
    if let reason = writeAll(bytes, to: descriptor) { throw failure(path, reason) }
    guard link(descriptor, at: folder.map { ($0.0, $0.1) } ?? (AT_FDCWD, path)) else {
      let code = errno
      if code == EEXIST { return false }
      // The folder was there a moment ago, so a missing name is /proc's.
      if code == ENOENT, access("/proc/self/fd", F_OK) != 0 { return fallingBack() }
      throw failure(path, String(cString: strerror(code)))
    }
    return true
  }

  /// Links the unnamed file open as `descriptor` at `target` (a name in an open folder, or a
  /// path from the working folder with `AT_FDCWD`): by the descriptor itself
  /// (`AT_EMPTY_PATH`) where the process may (Linux asks for `CAP_DAC_READ_SEARCH`), else through
  /// `/proc/self/fd`, which any process may; `errno` set on failure.
  private static func link(_ descriptor: Int32, at target: (folder: Int32, name: String)) -> Bool {
    if !linkByDescriptorRefused.load(ordering: .relaxed) {
      if linkat(descriptor, "", target.folder, target.name, emptyPathFlag) == 0 { return true }
      guard errno == ENOENT || errno == EPERM else { return false }
      linkByDescriptorRefused.store(true, ordering: .relaxed)
    }
    return linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", target.folder, target.name, AT_SYMLINK_FOLLOW) == 0
  }

  /// Remembers that unnamed files cannot be linked here; `false`, so the caller checks what is at
  /// the name and writes the named way.
  private static func fallingBack() -> Bool {
    unnamedFilesUnsupported.store(true, ordering: .relaxed)
    return false
  }

  private static func failure(_ path: String, _ reason: String) -> WordFitError {
    WordFitError(
      .io, "cannot write \(path): \(reason); check free space and permissions", input: path, underlying: reason)
  }

  /// `O_TMPFILE | O_WRONLY | O_CLOEXEC`; Glibc's `O_TMPFILE` is a macro Swift does not import
  /// (`__O_TMPFILE` is `020000000` on x86-64 and AArch64).
  private static let unnamedFileFlags: Int32 = 0o2000_0000 | O_DIRECTORY | O_WRONLY | O_CLOEXEC

  /// `AT_EMPTY_PATH` (`0x1000` in Linux's `fcntl.h`), which Glibc declares only under `_GNU_SOURCE`.
  private static let emptyPathFlag: Int32 = 0x1000

  /// Set once this process found that it may not link a file by its descriptor.
  private static let linkByDescriptorRefused = Atomic<Bool>(false)

  /// Set once this process found that its output folder cannot hold unnamed files.
  private static let unnamedFilesUnsupported = Atomic<Bool>(false)
}
