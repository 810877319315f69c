#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A file's identity on its file system (device and inode), to tell whether two paths name the
/// same file however they are spelled (`./a.csv`, `a.csv`, a link to it).
public struct FileIdentity: Sendable, Hashable {
  /// The device the file is on.
  public var device: UInt64
  /// The file's inode on that device.
  public var inode: UInt64

  /// The identity of the file `path` names (following links), or `nil` when there is none.
  public init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }

  /// Throws when `output` names the same existing file as one of `inputs`, so that writing it
  /// would destroy an input.
  ///
  /// - Parameters:
  ///   - output: the output's role and path (`("manifest", "m.jsonl")`).
  ///   - inputs: the inputs' roles and paths; `-` (standard input) is never a file.
  /// - Throws: ``WordFitError`` `.usage` naming both.
  public static func refuseOverwriting(
    _ output: (role: String, path: String), inputs: [(role: String, path: String)]
  ) throws {
    guard output.path != "-", let written = FileIdentity(path: output.path) else { return }
    for input in inputs where input.path != "-" && FileIdentity(path: input.path) == written {
      throw WordFitError(
        .usage,
        "the \(output.role) \(output.path) is the same file as the \(input.role) \(input.path); writing it would destroy the \(input.role), so choose another path"
      )
    }
  }

  /// Whether `path` is a regular file itself (a symbolic link, even to a file, is not).
  package static func isRegularFile(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
  }

  /// Up to `count` bytes from the start of the file at `path`, not following a link at its
  /// end (and not blocking on a FIFO); empty when it cannot be opened. For telling WordFit's
  /// own outputs by their signature before replacing one.
  ///
  /// - Complexity: O(`count`).
  package static func leadingBytes(ofFileAt path: String, count: Int) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    return leadingBytes(of: descriptor, count: count)
  }

  /// Up to `count` bytes read from `descriptor` (fewer at its end or on an error), retrying
  /// after signals.
  ///
  /// - Complexity: O(`count`).
  package static func leadingBytes(of descriptor: Int32, count: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < bytes.count {
      let got = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return read(descriptor, base + filled, buffer.count - filled)
      }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { break }
      filled += got
    }
    return Array(bytes[..<filled])
  }
}
