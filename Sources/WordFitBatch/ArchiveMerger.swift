import WordFitArchive
import WordFitCore
import WordFitOutput

/// Shards' archives (`batch --out badges.zip --shard K/N` wrote `badges-shardKofN.zip` each)
/// joined into one: every entry of each archive in the order given, then one `manifest.jsonl`
/// holding every archive's manifest lines in row order.
///
/// Shards name every row from the whole input, so their names never collide; a name in two
/// archives (an archive given twice, or archives of two runs) is refused, as is a row in two
/// manifests. The output is written to a temporary file and renamed when complete.
public enum ArchiveMerger {
  /// What a merge wrote.
  public struct Summary: Sendable, Equatable {
    /// Entries copied, the manifest not counted.
    public var entries = 0
    /// Manifest lines, in row order.
    public var manifestLines = 0
  }

  /// Joins `inputs` into the archive `output` (its format from its ending, or `format`).
  ///
  /// - Throws: ``WordFitError`` `.usage` for an output that is an input or has no archive
  ///   ending; `.missingInput` for an input that cannot be opened; `.invalidData` for a damaged
  ///   archive, a name or a row in two archives; `.io` when the output cannot be written
  ///   (nothing is left under its name then).
  /// - Complexity: O(*n* log *n*) for *n* manifest lines, which are held in memory (about 250
  ///   bytes a row) to be put in row order; the entries are streamed, one at a time.
  public static func merge(_ inputs: [String], into output: String, format: ArchiveFormat?) throws -> Summary {
    guard let format = format ?? ArchiveFormat(fileName: output) else {
      throw WordFitError.malformed(.mergedArchive, output, expected: "an archive name ending in .zip, .tar or .tar.zst")
    }
    try FileIdentity.refuseOverwriting(("merged archive", output), inputs: inputs.map { ("archive", $0) })
    try refuseRepeats(inputs)
    let archive = try ArchiveOutput(path: output, format: format)
    var owners: [String: Int] = [:]
    var manifest: [(row: Int, line: String)] = []
    var rowOwners: [Int: Int] = [:]
    var summary = Summary()
    for (index, input) in inputs.enumerated() {
      let reader = try ArchiveReader(path: input)
      while let entry = try reader.next() {
        if entry.name == ArchiveOutput.manifestEntry {
          for line in entry.bytes.split(separator: 0x0A) {
            let text = String(decoding: line, as: UTF8.self)
            let row = try Self.row(of: Array(line), text: text, in: input)
            if let other = rowOwners.updateValue(index, forKey: row) {
              throw twice("row \(row)", inputs[other], input)
            }
            manifest.append((row, text))
          }
          continue
        }
        if let other = owners.updateValue(index, forKey: entry.name) {
          throw twice(entry.name, inputs[other], input)
        }
        try archive.add(entry.name, png: entry.bytes, checksum: nil)
        summary.entries += 1
      }
    }
    manifest.sort { $0.row < $1.row }
    for (_, line) in manifest { try archive.appendManifest(line) }
    summary.manifestLines = manifest.count
    try archive.finish()
    return summary
  }

  /// A manifest line's `"row":N`.
  private static func row(of bytes: [UInt8], text line: String, in input: String) throws -> Int {
    let key = Array("\"row\":".utf8)
    let start = bytes.indices.first { bytes[$0...].starts(with: key) }.map { $0 + key.count }
    let digits = start.map { bytes[$0...].prefix { $0 >= 0x30 && $0 <= 0x39 }.prefix(18) } ?? []
    guard let row = Int(String(decoding: digits, as: UTF8.self)) else {
      throw WordFitError(
        .invalidData,
        "\(input)'s manifest.jsonl has a line without a row (\(TextFormatting.excerpt(line, limit: 40))); merge archives that batches wrote",
        input: input)
    }
    return row
  }

  private static func refuseRepeats(_ inputs: [String]) throws {
    var seen: [FileIdentity: String] = [:]
    for input in inputs {
      guard let identity = FileIdentity(path: input) else { continue }
      if let other = seen.updateValue(input, forKey: identity) {
        throw WordFitError(
          .usage, "\(other) and \(input) are the same archive; give each shard's archive once", input: input)
      }
    }
  }

  private static func twice(_ what: String, _ first: String, _ second: String) -> WordFitError {
    WordFitError(
      .invalidData,
      "\(TextFormatting.excerpt(what)) is in both \(first) and \(second); give each shard's archive once, all from one run",
      input: second)
  }
}
