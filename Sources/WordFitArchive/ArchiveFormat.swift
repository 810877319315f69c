import WordFitCore

/// The container a batch's badges are streamed into.
public enum ArchiveFormat: String, Sendable, CaseIterable {
  /// A ZIP of stored entries (PNG is compressed already): opens everywhere, and its central
  /// directory lets a reader list it without reading it through.
  case zip
  /// A POSIX tar: no index, so it streams with constant memory at any size.
  case tar
  /// A tar through zstd (little smaller for PNGs; for pipelines that expect compression).
  case tarZstd = "tar.zst"

  /// The format a file name asks for by its ending (`.zip`, `.tar`, `.tar.zst` or `.tzst`), or
  /// `nil` for any other name (a folder).
  public init?(fileName: String) {
    let lowered = fileName.lowercased()
    if lowered.hasSuffix(".zip") {
      self = .zip
    } else if lowered.hasSuffix(".tar") {
      self = .tar
    } else if lowered.hasSuffix(".tar.zst") || lowered.hasSuffix(".tzst") {
      self = .tarZstd
    } else {
      return nil
    }
  }
}
