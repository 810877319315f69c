import Foundation

/// Writes the manifest as JSON Lines to a temporary file beside its destination and renames it
/// into place when the batch ends, so a reader never sees half a manifest.
final class ManifestWriter {
  private let path: String
  private let temporaryPath: String
  private let handle: FileHandle
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
  }

  func append(_ row: BatchRowReport) throws {
    pending.append(contentsOf: Self.line(row).utf8)
    pending.append(0x0A)
    if pending.count > 1 << 16 { try flush() }
  }

  /// The row as one line of JSON with sorted keys, absent values left out: the same text
  /// `JSONEncoder` gives with `.sortedKeys`, at a tenth of the cost (it runs once a row on the
  /// thread that also reads the input).
  static func line(_ row: BatchRowReport) -> String {
    var fields: [String] = []
    if let error = row.error { fields.append("\"error\":" + quoted(error)) }
    if let file = row.file { fields.append("\"file\":" + quoted(file)) }
    if let id = row.id { fields.append("\"id\":" + quoted(id)) }
    fields.append("\"line\":\(row.line)")
    fields.append("\"row\":\(row.row)")
    if let size = row.size { fields.append("\"size\":" + (size == size.rounded() ? String(Int(size)) : "\(size)")) }
    fields.append("\"status\":\"\(row.status.rawValue)\"")
    if let text = row.text { fields.append("\"text\":" + quoted(text)) }
    fields.append("\"truncatedWords\":[" + row.truncatedWords.map(quoted).joined(separator: ",") + "]")
    fields.append("\"warnings\":[" + row.warnings.map(quoted).joined(separator: ",") + "]")
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// `text` as a JSON string literal.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "/": result += "/"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
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
