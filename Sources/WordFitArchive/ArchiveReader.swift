import CArchive
import WordFitCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The regular files of an archive — a ZIP, a tar, or a tar through zstd, gzip, bzip2 or xz —
/// read in order through libarchive (the `CArchive` shim being its only door).
///
/// What another program could have put in an archive is refused, never followed: a name that is
/// absolute, climbs out (`..`), is empty or not UTF-8; a link or device entry; an entry over
/// ``maximumEntryBytes`` (read in chunks, so a lying size cannot make it allocate more).
/// Folders are skipped.
public final class ArchiveReader {
  /// A regular file of the archive.
  public struct Entry: Sendable {
    /// Its name inside the archive, UTF-8, relative.
    public var name: String
    /// Its bytes.
    public var bytes: [UInt8]
  }

  /// The largest entry read, in bytes (a badge is kilobytes; a print sheet a few megabytes).
  public static let maximumEntryBytes = 256 << 20

  private let handle: OpaquePointer
  private let descriptor: Int32
  private let path: String
  private var error = [CChar](repeating: 0, count: 512)

  /// Opens the archive at `path`.
  ///
  /// - Throws: ``WordFitError`` `.missingInput` when it cannot be opened, `.invalidData` when
  ///   libarchive cannot read it as an archive.
  public init(path: String) throws {
    self.path = path
    descriptor = try InputFile.open(path, role: "archive", expecting: .regularFile).descriptor
    var reason = [CChar](repeating: 0, count: 512)
    guard let handle = wf_archive_read_open(descriptor, &reason, reason.count) else {
      close(descriptor)
      throw WordFitError(
        .invalidData, "\(path) is not an archive WordFit reads (\(Self.text(reason))); give a .zip, .tar or .tar.zst",
        input: path)
    }
    self.handle = handle
  }

  deinit {
    wf_archive_read_free(handle)
    close(descriptor)
  }

  /// The next regular file, or `nil` at the end of the archive.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` naming the archive and the entry.
  /// - Complexity: O(*n*) for the entry's *n* bytes.
  public func next() throws -> Entry? {
    while true {
      var name: UnsafePointer<CChar>? = nil
      var isRegular: Int32 = 0
      var size: Int64 = 0
      let status = wf_archive_read_next(handle, &name, &isRegular, &size, &error, error.count)
      guard status >= 0 else { throw damaged(Self.text(error)) }
      guard status == 1 else { return nil }
      guard let name, let text = String(validatingCString: name) else { throw damaged("an entry's name is not UTF-8") }
      if text.hasSuffix("/") && isRegular == 0 { continue }
      try Self.checkName(text, in: path)
      guard isRegular != 0 else {
        throw WordFitError(
          .invalidData,
          "\(path): \(TextFormatting.excerpt(text)) is not a regular file (a link or a device); only files are merged",
          input: path)
      }
      return Entry(name: text, bytes: try readData(of: text))
    }
  }

  /// Reads the current entry, refusing it past ``maximumEntryBytes``.
  private func readData(of name: String) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes {
        wf_archive_read_data(handle, $0.baseAddress, $0.count, &error, error.count)
      }
      guard count >= 0 else { throw damaged("\(TextFormatting.excerpt(name)): \(Self.text(error))") }
      guard count > 0 else { return bytes }
      guard bytes.count + Int(count) <= Self.maximumEntryBytes else {
        throw WordFitError(
          .invalidData,
          "\(path): \(TextFormatting.excerpt(name)) is over \(Self.maximumEntryBytes >> 20) MiB; not an archive of badges",
          input: path)
      }
      bytes.append(contentsOf: chunk[0..<Int(count)])
    }
  }

  /// Refuses a name that would leave the folder it is extracted into, or names nothing.
  static func checkName(_ name: String, in path: String) throws {
    let parts = name.split(separator: "/", omittingEmptySubsequences: false)
    guard !name.isEmpty, !name.hasPrefix("/"), name.utf8.count <= 4096, !name.utf8.contains(0),
      !parts.contains(where: { $0 == ".." || $0.isEmpty })
    else {
      throw WordFitError(
        .invalidData,
        "\(path) holds an entry named '\(TextFormatting.excerpt(name))', which is empty, absolute or climbs out with '..'; not an archive WordFit wrote",
        input: path)
    }
  }

  private func damaged(_ reason: String) -> WordFitError {
    WordFitError(.invalidData, "\(path) is damaged or not an archive: \(reason)", input: path)
  }

  private static func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
