import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The one door through which WordFit opens the files it reads: fonts, PNGs, specs, texts and
/// CSV inputs.
///
/// A file is opened without blocking (a FIFO with no writer cannot hang the open), then its
/// type is checked on the open descriptor, so what is checked is what is read. Files that must
/// be seekable (fonts, PNGs, specs) must be regular files; streams (a pipe, a FIFO, a
/// character device such as `/dev/stdin`) are accepted only where ``Expectation/stream``
/// says so. Every whole-file read has a size limit that is checked before the bytes are read.
public enum InputFile {
  /// What kind of file a reader accepts.
  public enum Expectation: Sendable {
    /// Only a regular file (after following symbolic links).
    case regularFile
    /// A regular file, a pipe, a FIFO or a character device.
    case stream
  }

  /// Opens `path` for reading and checks its type.
  ///
  /// - Parameters:
  ///   - path: the file, followed through symbolic links.
  ///   - role: what the file is for, for messages (`"font file"`, `"spec file"`).
  ///   - expectation: which kinds of file are accepted.
  /// - Returns: an open descriptor in blocking mode (close it), and the file's size in bytes
  ///   when it is a regular file.
  /// - Throws: ``WordFitError`` `.missingInput` when the file does not exist, cannot be read,
  ///   is a loop of links, a directory or a kind of file the role does not accept.
  public static func open(_ path: String, role: String, expecting expectation: Expectation) throws -> (
    descriptor: Int32, size: Int?
  ) {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw openError(path, role: role, errno: errno) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = errno
      close(descriptor)
      throw WordFitError(.io, "cannot read \(role) \(path): \(String(cString: strerror(code)))")
    }
    let kind = status.st_mode & S_IFMT
    let isStream = kind == S_IFIFO || kind == S_IFCHR || kind == S_IFSOCK
    guard kind == S_IFREG || (isStream && expectation == .stream) else {
      close(descriptor)
      let what =
        kind == S_IFDIR
        ? "a directory" : kind == S_IFIFO ? "a pipe (FIFO)" : kind == S_IFCHR ? "a device" : "not a regular file"
      throw WordFitError(.missingInput, "\(role) \(path) is \(what); give the path of a regular file")
    }
    // A FIFO opened without blocking reads as ended until a writer comes: wait for one (or its
    // data), as a blocking open would, so rows a writer sends later are not an empty input.
    if kind == S_IFIFO { waitForWriter(descriptor) }
    // Reads block from here on, as a stream's reader expects.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    return (descriptor, kind == S_IFREG ? Int(status.st_size) : nil)
  }

  /// Waits until the FIFO `descriptor` has data or a writer has come and gone (Linux reports
  /// a hang-up only after a writer was there). A signal ends the wait: the first read then
  /// says what there is.
  private static func waitForWriter(_ descriptor: Int32) {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    _ = poll(&request, 1, -1)
  }

  /// Reads all of `path`, refusing more than `limit` bytes before reading them.
  ///
  /// - Throws: as ``open(_:role:expecting:)``; `.invalidData` when the file is larger than
  ///   `limit`; `.io` when reading fails.
  /// - Complexity: O(*n*) in the file's size, at most `limit`.
  public static func read(
    _ path: String, role: String, limit: Int, expecting expectation: Expectation = .regularFile
  ) throws -> [UInt8] {
    let (descriptor, size) = try open(path, role: role, expecting: expectation)
    defer { close(descriptor) }
    if let size, size > limit { throw tooLarge(path, role: role, limit: limit) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Swift.min(size ?? 1 << 16, limit) + 1)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw WordFitError(.io, "cannot read \(role) \(path): \(String(cString: strerror(errno)))")
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > limit { throw tooLarge(path, role: role, limit: limit) }
    }
    return bytes
  }

  /// Checks that `path` is a readable regular file without keeping it open (for libraries that
  /// open the file themselves, such as FreeType), and returns its size in bytes.
  ///
  /// - Throws: as ``open(_:role:expecting:)``.
  @discardableResult
  public static func checkRegularFile(_ path: String, role: String) throws -> Int {
    let (descriptor, size) = try open(path, role: role, expecting: .regularFile)
    close(descriptor)
    return size ?? 0
  }

  package static func tooLarge(_ path: String, role: String, limit: Int) -> WordFitError {
    WordFitError(
      .invalidData, "\(role) \(path) is larger than \(TextFormatting.bytes(limit)), the most WordFit reads of a \(role)"
    )
  }

  package static func openError(_ path: String, role: String, errno code: Int32) -> WordFitError {
    switch code {
    case ENOENT:
      return WordFitError(.missingInput, "\(role) \(path) does not exist; check the path")
    case ELOOP:
      return WordFitError(.missingInput, "\(role) \(path) is a loop of symbolic links; point it at a real file")
    case ENOTDIR:
      return WordFitError(.missingInput, "\(role) \(path) does not exist (a part of the path is not a folder)")
    case EACCES, EPERM:
      return WordFitError(.missingInput, "\(role) \(path) cannot be read (permission denied); check its permissions")
    default:
      return WordFitError(.io, "cannot open \(role) \(path): \(String(cString: strerror(code)))")
    }
  }
}
