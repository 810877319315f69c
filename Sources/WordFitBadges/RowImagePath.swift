import Foundation
import WordFitCore

/// Where a row's own image (a template image whose path names `{column}`s) may be read from:
/// only inside one folder, the CSV's or the one the caller names. A cell is data from an
/// export, not a path its author chose; `../outside/secret.png`, an absolute path, or a link
/// inside the folder that points out of it is refused by name.
enum RowImagePath {
  /// The path of `name` (a filled cell) inside `folder` (`""`: the current directory).
  ///
  /// - Throws: ``WordFitError`` `.invalidData` naming the cell's path when it is absolute,
  ///   climbs out with `..`, or resolves (through links) to a file outside the folder.
  /// - Complexity: O(*n*) in the path's length, plus the system's path resolution.
  static func resolve(_ name: String, in folder: String) throws -> String {
    let base = folder.isEmpty ? "." : folder
    func outside(_ why: String) -> WordFitError {
      WordFitError(
        .invalidData,
        "row image '\(name)' \(why), outside the \(Parameter.images) '\(base)'; put the file inside that folder, or name the folder that holds it as the \(Parameter.images)",
        reason: .malformed(.images, value: name, expected: "a path inside \(base)"), input: name)
    }
    guard !name.hasPrefix("/") else { throw outside("is an absolute path") }
    var depth = 0
    for component in name.split(separator: "/", omittingEmptySubsequences: true) {
      if component == ".." { depth -= 1 } else if component != "." { depth += 1 }
      guard depth >= 0 else { throw outside("climbs out with '..'") }
    }
    let path = base.hasSuffix("/") ? base + name : base + "/" + name
    // Links: the file the path resolves to must lie inside the folder resolved the same way. A
    // missing file resolves to nothing and is reported as missing when it is read.
    if let real = realPath(path), let root = realPath(base) {
      let prefix = root.hasSuffix("/") ? root : root + "/"
      guard real.hasPrefix(prefix) else { throw outside("leads through a link to \(real)") }
    }
    return path
  }

  /// The absolute path with every link resolved, or `nil` when it does not resolve.
  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
