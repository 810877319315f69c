import Foundation
import WordFitArchive
import WordFitCore

extension OutputRequest {
  /// A batch's files, one a row, in `format`: into the archive `out` names — by `archive`, by
  /// its ending (`.zip`, `.tar`, `.tar.zst`, `.tzst`), or `-`, a tar on standard output — else
  /// into the folder `out`. One shard of several (`shard`, K of N) writes an archive of its
  /// own name (`badges-shard2of4.zip`), so shards sharing a folder never replace each other's.
  public static func rows(
    into out: String, archive: ArchiveFormat?, format: OutputFormat, shard: (index: Int, count: Int)
  )
    -> OutputRequest
  {
    guard let container = archive ?? ArchiveFormat(fileName: out) ?? (out == "-" ? .tar : nil) else {
      return OutputRequest(destination: .folder(out), format: format)
    }
    let path = out == "-" ? out : shardedArchiveName(out, format: container, shard: shard)
    return OutputRequest(destination: .archive(path, container), format: format)
  }

  /// `FILE.pdf` for a whole batch, `FILE-shardKofN.pdf` for shard K of N, so shards writing
  /// into one folder never replace each other's single outputs.
  public static func sharded(_ path: String, shard: (index: Int, count: Int)) -> String {
    guard shard.count > 1 else { return path }
    let (stem, ending) = (PathText.lastComponent(PathText.deletingExtension(path)), PathText.pathExtension(path))
    let name = "\(stem)-shard\(shard.index)of\(shard.count)" + (ending.isEmpty ? "" : ".\(ending)")
    return (PathText.deletingLastComponent(path) as NSString).appendingPathComponent(name)
  }

  /// `badges.tar.zst` for shard 2 of 4: `badges-shard2of4.tar.zst`.
  static func shardedArchiveName(_ path: String, format: ArchiveFormat, shard: (index: Int, count: Int)) -> String {
    guard shard.count > 1 else { return path }
    let ending = ["." + format.rawValue, ".tzst"].first { path.lowercased().hasSuffix($0) } ?? ""
    return String(path.dropLast(ending.count)) + "-shard\(shard.index)of\(shard.count)" + path.suffix(ending.count)
  }

  /// The folder or archive a batch's files go to (its path, or `-`), `nil` for other destinations.
  public var container: String? {
    switch destination {
    case .folder(let path), .archive(let path, _): path
    case .file, .defaultName, .unnamed, .standardOutput, .queue: nil
    }
  }

  /// The archive the files go into, open and empty, or `nil` for a folder or a single file: the
  /// sink of an ``Destination/archive(_:_:)`` (written to a temporary file, renamed into place
  /// when finished; `-` streams to standard output).
  ///
  /// - Throws: ``WordFitError`` `.io` when its temporary files cannot be made.
  package func openArchive() throws -> ArchiveOutput? {
    guard case .archive(let path, let format) = destination else { return nil }
    return try ArchiveOutput(path: path, format: format)
  }

  /// The archive's format, when the files go into one.
  public var archiveFormat: ArchiveFormat? {
    if case .archive(_, let format) = destination { return format }
    return nil
  }
}
