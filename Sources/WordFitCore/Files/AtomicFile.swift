import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Writes files so that a reader never sees a partial one: the bytes go to a temporary file in
/// the same folder, which is then renamed over the destination.
public enum AtomicFile {
  /// Writes `bytes` to `path` through a temporary file and `rename(2)`.
  ///
  /// An interrupted write leaves at most a hidden `.name.wordfit-PID-N` temporary file, never
  /// a truncated `name`; the temporary file is removed on every error this function sees. A
  /// symbolic link at `path` is followed (its target is replaced) when `followsLinks`, else
  /// replaced itself. A directory at `path` is refused; a character device, a pipe or an open
  /// descriptor (`/dev/null`, a FIFO, `/dev/stdout`, `/proc/self/fd/N`) is written into
  /// directly, as a stream, and never replaced.
  ///
  /// - Throws: ``WordFitError`` `.io` naming the path and the system's reason.
  public static func write(_ bytes: [UInt8], to requestedPath: String, followsLinks: Bool = true) throws {
    let path: String
    switch try resolve(requestedPath, followsLinks: followsLinks) {
    case .stream: return try writeStream(bytes, to: requestedPath)
    case .file(let resolved): path = resolved
    }
    let (descriptor, temporary) = try createTemporary(beside: path, requestedPath: requestedPath)
    var failure = writeAll(bytes, to: descriptor)
    // Renamed while its lock is held: a concurrent writer's sweep of abandoned temporaries
    // (another shard in the same folder) takes a temporary only once its lock is free, so the
    // lock must outlive the temporary's name. A close that fails after it takes the file back.
    if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
    if close(descriptor) != 0, failure == nil {
      failure = String(cString: strerror(errno))
      unlink(path)
    }
    if let failure {
      unlink(temporary)
      throw WordFitError(
        .io, "cannot write \(path): \(failure); check free space and permissions", input: path, underlying: failure)
    }
  }

  /// Writes `bytes` into the device, pipe or descriptor at `path` (opened without creating or
  /// truncating anything).
  private static func writeStream(_ bytes: [UInt8], to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC)
    var failure = descriptor < 0 ? String(cString: strerror(errno)) : writeAll(bytes, to: descriptor)
    if descriptor >= 0, close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
    if let failure {
      throw WordFitError(.io, "cannot write \(path): \(failure)", input: path, underlying: failure)
    }
  }

  /// Checks, before any work, that ``write(_:to:followsLinks:)`` could write `path`: its folder
  /// exists and nothing but a regular file (or a link to one) is there; with `allowsStreams`, a
  /// device, pipe or open descriptor is taken too (``write(_:to:followsLinks:)`` streams into
  /// it).
  ///
  /// - Throws: ``WordFitError`` `.io` as ``write(_:to:followsLinks:)`` would; `.usage` for a
  ///   stream when `allowsStreams` is false.
  public static func checkDestination(_ path: String, followsLinks: Bool = true, allowsStreams: Bool = false) throws {
    switch try resolve(path, followsLinks: followsLinks) {
    case .stream:
      guard allowsStreams else { throw streamRefused(path) }
    case .file(let resolved):
      try checkFolder(of: resolved, requestedPath: path)
    }
  }

  /// The regular file a temporary is renamed over for `requestedPath` (through its links), for
  /// writers that keep their own temporary (PDF, manifest, archive): a rename over the link
  /// itself would replace the link, and one over `/dev/stdout` would replace the system's.
  ///
  /// - Throws: ``WordFitError`` `.usage` for a device, pipe or open descriptor (such a file is
  ///   written only whole: give a file name, or `-` where the writer takes standard output);
  ///   `.io` for a directory or a missing folder.
  package static func renameTarget(for requestedPath: String) throws -> String {
    switch try resolve(requestedPath, followsLinks: true) {
    case .stream: throw streamRefused(requestedPath)
    case .file(let resolved):
      try checkFolder(of: resolved, requestedPath: requestedPath)
      return resolved
    }
  }

  private static func streamRefused(_ path: String) -> WordFitError {
    WordFitError(
      .usage,
      "cannot write \(path): it is a device, a pipe or an open descriptor, which this file cannot be streamed to; give a file name, or - where standard output is taken",
      input: path)
  }

  /// What a destination is once its links are followed.
  private enum Destination {
    /// A regular file (or nothing yet) at this path.
    case file(String)
    /// A character device, pipe, socket, or a path through `/proc/*/fd` or `/dev/fd`.
    case stream
  }

  /// The destination of `requestedPath`: through its symbolic links when `followsLinks`
  /// (dangling ones too, whose target is about to be created); refused when it is a directory.
  /// One `lstat(2)` when nothing is there or it is not a link: this runs once per file of a
  /// batch.
  private static func resolve(_ requestedPath: String, followsLinks: Bool) throws -> Destination {
    var path = requestedPath
    var status = stat()
    for _ in 0..<(followsLinks ? 16 : 0) {
      if isDescriptorPath(path) { return .stream }
      guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK,
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
      else { break }
      path = target.hasPrefix("/") ? target : Self.folder(of: path).map { joined($0, target) } ?? target
    }
    if followsLinks, isDescriptorPath(path) { return .stream }
    if (followsLinks ? stat(path, &status) : lstat(path, &status)) == 0, (status.st_mode & S_IFMT) != S_IFLNK {
      let kind = status.st_mode & S_IFMT
      if kind == S_IFDIR {
        throw WordFitError(
          .io, "cannot write \(requestedPath): it is a directory; give a file name, such as one inside it")
      }
      if kind != S_IFREG {
        guard followsLinks else {
          throw WordFitError(
            .io, "cannot write \(requestedPath): it is not a regular file; give the name of a regular file")
        }
        return .stream
      }
    }
    return .file(path)
  }

  /// Whether `path` names an open descriptor (`/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`):
  /// the kernel's links there point at pipes and terminals, not at paths to rename over.
  private static func isDescriptorPath(_ path: String) -> Bool {
    if ["/dev/stdin", "/dev/stdout", "/dev/stderr"].contains(path) || path.hasPrefix("/dev/fd/") { return true }
    guard path.hasPrefix("/proc/") else { return false }
    let parts = path.split(separator: "/")
    return parts.count >= 4 && parts[2] == "fd" || parts.count >= 5 && parts[2] == "task" && parts[4] == "fd"
  }

  /// Throws the error for a `path` whose folder is missing (or not a folder), else returns.
  static func checkFolder(of path: String, requestedPath: String) throws {
    let directory = folder(of: path) ?? "."
    var status = stat()
    guard stat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw WordFitError(
        .io,
        "cannot write \(requestedPath): folder \(directory) does not exist; create it or choose another output path")
    }
  }

  /// The folder part of `path` (`"/"` for a file at the root), or `nil` when it has none.
  ///
  /// - Complexity: O(*n*) in the path's length.
  package static func folder(of path: String) -> String? {
    let bytes = path.utf8
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return nil }
    return slash == bytes.startIndex ? "/" : String(path[..<slash])
  }

  /// `name` inside `folder` (`name` alone when `folder` is empty), with one `/` between.
  package static func joined(_ folder: String, _ name: String) -> String {
    folder.isEmpty ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// The last component of `path` (all of it when it has no `/`).
  package static func fileName(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// Creates a hidden temporary file beside `path` under a name no other writer uses (process,
  /// a per-process counter, and `O_EXCL` against leftovers), with mode 0666 less the umask like
  /// any new file, so no `chmod` is needed.
  private static func createTemporary(beside path: String, requestedPath: String) throws -> (Int32, String) {
    if let created = createLockedTemporary(beside: path) {
      return created
    }
    let code = errno
    if code == ENOENT || code == ENOTDIR { try checkFolder(of: path, requestedPath: requestedPath) }
    let reason = String(cString: strerror(code))
    throw WordFitError(
      .io, "cannot write \(requestedPath): \(reason); choose a writable output path", input: requestedPath,
      underlying: reason)
  }

  /// Creates the hidden temporary file for `name` in `directory` and holds an exclusive advisory
  /// lock (`flock(2)`) on it for as long as the descriptor is open: that lock, not the process
  /// ID in the name, is what tells ``StaleTemporaries`` the file is alive, so writers in other
  /// PID namespaces (containers, pods, Slurm tasks on one host or over NFS) are never mistaken
  /// for dead ones. Returns `nil` with `errno` set when no file could be created.
  ///
  /// A remover may take the lock in the instant between `open` and `flock`: this function then
  /// waits for it (a remover holds it only while it looks at the file), and when the file is
  /// no longer at its name afterwards (removed as a dead run's), tries again under a new name.
  package static func createLockedTemporary(in directory: String, for name: String) -> (Int32, String)? {
    for _ in 0..<100 {
      let temporary = joined(directory, temporaryName(for: name, serial: counter.next()))
      let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if descriptor < 0 {
        if errno == EEXIST { continue }
        return nil
      }
      // Blocking: a remover holds the lock of a file it inspects only for an instant.
      if flock(descriptor, LOCK_EX) == 0, isStill(descriptor, at: temporary) {
        return (descriptor, temporary)
      }
      // Still ours at its name when locking failed: remove it rather than leave it behind.
      if isStill(descriptor, at: temporary) { unlink(temporary) }
      close(descriptor)
    }
    errno = EEXIST
    return nil
  }

  /// ``createLockedTemporary(in:for:)`` for the file at `path`: in its folder, for its name.
  package static func createLockedTemporary(beside path: String) -> (Int32, String)? {
    createLockedTemporary(in: folder(of: path) ?? "", for: fileName(of: path))
  }

  /// Whether `path` still names the file open as `descriptor`.
  private static func isStill(_ descriptor: Int32, at path: String) -> Bool {
    var open = stat()
    var named = stat()
    return fstat(descriptor, &open) == 0 && lstat(path, &named) == 0 && open.st_dev == named.st_dev
      && open.st_ino == named.st_ino
  }

  /// Writes all of `bytes` to `descriptor`, retrying after signals; the system's reason on failure.
  package static func writeAll<Bytes: ContiguousBytes>(_ bytes: Bytes, to descriptor: Int32) -> String? {
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return nil }
      var written = 0
      while written < buffer.count {
        let result = Glibc.write(descriptor, base + written, buffer.count - written)
        if result < 0 {
          if errno == EINTR { continue }
          return String(cString: strerror(errno))
        }
        written += result
      }
      return nil
    }
  }

  /// Creates `path` and its missing parents (`mkdir -p`, mode 0777 less the umask); `nil` when
  /// it exists as a folder afterwards, else the system's reason (`Not a directory`, `Permission
  /// denied` …), which Foundation's `createDirectory` does not always keep.
  package static func createDirectory(_ path: String) -> String? {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
      if mkdir(prefix, 0o777) != 0 && errno != EEXIST { return String(cString: strerror(errno)) }
    }
    var status = stat()
    guard stat(path, &status) == 0 else { return String(cString: strerror(errno)) }
    return status.st_mode & S_IFMT == S_IFDIR ? nil : String(cString: strerror(ENOTDIR))
  }

  /// The longest file name most Linux file systems accept, in bytes (`NAME_MAX`).
  static let maximumNameBytes = 255

  /// The hidden temporary name for `name`: `.NAME.wordfit-PID-SERIAL`, with `NAME` cut (at a
  /// character boundary) so the whole fits ``maximumNameBytes`` whenever `name` itself does.
  /// ``StaleTemporaries`` recognises these names.
  package static func temporaryName(for name: String, serial: Int) -> String {
    let suffix = ".wordfit-\(processID)-\(serial)"
    let room = maximumNameBytes - 1 - suffix.utf8.count
    var kept = Substring(name)
    while kept.utf8.count > room { kept.removeLast() }
    return "." + kept + suffix
  }

  /// This process's ID, read once (the batch names a temporary per file).
  private static let processID = getpid()

  /// Serial numbers for temporary names, shared by all threads.
  package static let counter = Counter()

  /// A thread-safe increasing counter.
  package final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    package func next() -> Int {
      lock.lock()
      defer { lock.unlock() }
      value += 1
      return value
    }
  }
}
