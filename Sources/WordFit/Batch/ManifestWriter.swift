import Foundation

/// Writes the manifest as JSON Lines to a temporary file beside its destination and renames it
/// into place when the batch ends, so a reader never sees half a manifest.
final class ManifestWriter {
  private let path: String
  private let temporaryPath: String
  private let handle: FileHandle
  private let encoder: JSONEncoder
  private var pending = Data()

  init(path: String) throws {
    self.path = path
    let url = URL(fileURLWithPath: path)
    temporaryPath =
      url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).wordfit-\(getpid())").path
    guard FileManager.default.createFile(atPath: temporaryPath, contents: nil),
      let handle = FileHandle(forWritingAtPath: temporaryPath)
    else {
      throw WordFitError(.io, "cannot write manifest \(path); check that its folder exists and is writable")
    }
    self.handle = handle
    encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  }

  func append(_ row: BatchRowReport) throws {
    pending.append(try encoder.encode(row))
    pending.append(0x0A)
    if pending.count > 1 << 16 { try flush() }
  }

  private func flush() throws {
    do {
      try handle.write(contentsOf: pending)
    } catch {
      throw WordFitError(.io, "cannot write manifest \(path): \(error.localizedDescription)")
    }
    pending.removeAll(keepingCapacity: true)
  }

  func finish() throws {
    try flush()
    try? handle.close()
    guard rename(temporaryPath, path) == 0 else {
      unlink(temporaryPath)
      throw WordFitError(.io, "cannot write manifest \(path); check that its folder is writable")
    }
  }
}
