import Foundation
import WordFitCore

/// The file both baselines are kept in (strings' known problems, check's known failures):
/// JSON with a version and one sorted list, one entry a line so its diffs read well.
package enum BaselineFile {
  /// Reads `path` (at most `limit` bytes) as `File`, whose `version` must be 1.
  ///
  /// - Throws: ``WordFitError`` `.noInput` when it cannot be read, `.invalidData` naming the file
  ///   and `what` it should be when it is not that, or is over `limit`.
  package static func load<File: Decodable>(
    _ path: String, as _: File.Type, limit: Int, what: String, version: (File) -> Int
  ) throws -> File {
    let data = Data(try InputFile.read(path, role: "baseline", limit: limit))
    guard let file = try? JSONDecoder().decode(File.self, from: data), version(file) == 1 else {
      throw WordFitError(
        .invalidData, "\(path) is not \(what); write one with \(Parameter.updateBaseline)",
        reason: .malformed(.baseline, value: path, expected: "a baseline file"))
    }
    return file
  }

  /// `{"version": 1, "KEY": [...]}` with each of `entries` (already sorted) on a line of its own.
  ///
  /// - Complexity: O(*n*) in the entries.
  package static func encode<Entry: Encodable>(_ entries: [Entry], key: String) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let lines = try entries.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
    let body = lines.isEmpty ? "" : "\n    " + lines.joined(separator: ",\n    ") + "\n  "
    return Array("{\n  \"version\": 1,\n  \"\(key)\": [\(body)]\n}\n".utf8)
  }
}
