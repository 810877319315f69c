import Foundation
import WordFitCore
import WordFitImage
import WordFitText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Writes the manifest as JSON Lines to a temporary file beside its destination and renames it
/// into place when the batch ends, so a reader never sees half a manifest; or, for `-`, to
/// standard output a line as each row is done (flushed per row, for a reader such as Spark's
/// `RDD.pipe` that takes each line as it comes).
final class ManifestWriter {
  /// What every line of one batch's manifest holds besides the row's report.
  struct LineFormat: Sendable {
    /// The shard as a JSON object (`{"count":8,"engine":"slurm","index":3}`), on every line
    /// of a sharded run; `nil` for an unsharded one.
    var shard: String? = nil
    /// Whether lines say the row's `line` in the input (not with a row column: the place in a
    /// stream only this process saw means nothing to its reader).
    var includesLine = true

    init() {}

    init(_ options: BatchOptions) {
      includesLine = options.rowColumn == nil
      guard options.shard.count > 1 || options.shardEngine != nil else { return }
      let engine = options.shardEngine.map { ",\"engine\":\"\($0.key)\"" } ?? ""
      shard = "{\"count\":\(options.shard.count)\(engine),\"index\":\(options.shard.index)}"
    }
  }

  private let path: String
  private let format: LineFormat
  /// The regular file renamed over: `path` through its links.
  private let target: String
  private let temporaryPath: String?
  private let descriptor: Int32
  private var pending = Data()
  private var finished = false

  init(path: String, format: LineFormat = LineFormat()) throws {
    self.path = path
    self.format = format
    if path == "-" {
      target = path
      temporaryPath = nil
      descriptor = STDOUT_FILENO
      return
    }
    target = try AtomicFile.renameTarget(for: path)
    guard let (descriptor, temporary) = AtomicFile.createLockedTemporary(beside: target) else {
      throw WordFitError(
        .io,
        "cannot write manifest \(path): \(String(cString: strerror(errno))); check that its folder exists and is writable"
      )
    }
    self.descriptor = descriptor
    temporaryPath = temporary
  }

  deinit {
    // A manifest that was never finished leaves nothing behind.
    if let temporaryPath, !finished {
      close(descriptor)
      unlink(temporaryPath)
    }
  }

  func append(_ row: BatchRowReport) throws {
    pending.append(contentsOf: Self.line(row, format: format).utf8)
    pending.append(0x0A)
    if pending.count > 1 << 16 || temporaryPath == nil { try flush() }
  }

  /// The row as one line of JSON with sorted keys, absent values left out: the same text
  /// `JSONEncoder` gives with `.sortedKeys`, at a tenth of the cost (it runs once a row on the
  /// thread that also reads the input).
  static func line(_ row: BatchRowReport, format: LineFormat = LineFormat()) -> String {
    var fields: [String] = []
    if let error = row.error { fields.append("\"error\":" + quoted(error)) }
    if let file = row.file { fields.append("\"file\":" + quoted(file)) }
    if let id = row.id { fields.append("\"id\":" + quoted(id)) }
    if let language = row.language { fields.append("\"language\":" + quoted(language)) }
    if format.includesLine { fields.append("\"line\":\(row.line)") }
    if let page = row.page { fields.append("\"page\":\(page)") }
    if let regions = row.regions {
      let regions = regions.map { region -> String in
        let illegible = region.illegible.map { "\"illegible\":\($0)," } ?? ""
        let lost = region.lostOnOneBit.map { ",\"lostOnOneBit\":\($0)" } ?? ""
        let side = region.side.map { "\"side\":\(quoted($0))," } ?? ""
        return
          "{\(illegible)\"limit\":\(quoted(region.limit))\(lost),\"name\":\(quoted(region.name)),\(side)\"size\":\(TextFormatting.pixels(region.size))}"
      }
      fields.append("\"regions\":[" + regions.joined(separator: ",") + "]")
    }
    fields.append("\"row\":\(row.row)")
    if let shard = format.shard { fields.append("\"shard\":" + shard) }
    if let size = row.size { fields.append("\"size\":" + TextFormatting.pixels(size)) }
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
    let failure = AtomicFile.writeAll(pending, to: descriptor)
    pending.removeAll(keepingCapacity: true)
    if let failure { throw WordFitError(.io, "cannot write manifest \(path): \(failure)", underlying: failure) }
  }

  /// Writes what is pending and renames the manifest into place.
  ///
  /// - Throws: ``WordFitError`` `.io`; the temporary file is removed then.
  func finish() throws {
    try flush()
    guard let temporaryPath else { return }
    finished = true
    var failure: String? = nil
    // Renamed while the lock is held (see AtomicFile.write), then closed.
    if rename(temporaryPath, target) != 0 {
      failure = String(cString: strerror(errno))
      close(descriptor)
    } else if close(descriptor) != 0 {
      failure = String(cString: strerror(errno))
      unlink(target)
    }
    if let failure {
      unlink(temporaryPath)
      throw WordFitError(
        .io, "cannot write manifest \(path): \(failure); check free space and that its folder is writable")
    }
  }
}
