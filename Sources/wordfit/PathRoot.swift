import Foundation
import WordFit

/// `--path-root DIR`: the folder paths in annotations, SARIF and Code Quality are relative to
/// (GitHub and GitLab map them from the repository's root); by default the working folder.
enum PathRoot {
  /// The option, stored at `keyPath`.
  static func option<Input>(_ keyPath: WritableKeyPath<Input, String?> & Sendable) -> Option<Input> {
    .value(
      "path-root", "DIR", keyPath, as: .string,
      help:
        "Write paths in annotations, SARIF and Code Quality relative to DIR (the repository's root; default: the working folder). A file outside it keeps its path as given."
    )
  }

  /// `path` relative to `root` (or the working folder) when it lies inside, else as given.
  static func relative(_ path: String, root: String?) -> String {
    let here = FileManager.default.currentDirectoryPath
    guard let root else { return OutputPaths.relative(path) }
    let absolute = path.hasPrefix("/") ? path : (here as NSString).appendingPathComponent(path)
    let base = root.hasPrefix("/") ? root : (here as NSString).appendingPathComponent(root)
    let relative = OutputPaths.relative(absolute, to: base)
    return relative == absolute ? path : relative
  }
}
