import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The outputs one run writes, checked against each other before any is written: two outputs
/// that are one file (however spelled: `x.pdf`, `./x.pdf`, a link to it, a file not yet there)
/// would leave only the last one written.
public enum OutputPaths {
  /// Where `path` lands once written: its folder with every link resolved, plus its name,
  /// through a link at the name itself. Equal for two spellings of one file, existing or not.
  ///
  /// - Complexity: O(*n*) in the path's length, plus the system's path resolution.
  public static func canonical(_ path: String) -> String {
    var current = path
    for _ in 0..<16 {
      var status = stat()
      guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { break }
      var buffer = [CChar](repeating: 0, count: 4_097)
      let count = readlink(current, &buffer, 4_096)
      guard count > 0 else { break }
      let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = target.hasPrefix("/") ? target : AtomicFile.joined(AtomicFile.folder(of: current) ?? ".", target)
    }
    let folder = AtomicFile.folder(of: current) ?? "."
    let name = AtomicFile.fileName(of: current)
    guard let resolved = realpath(folder, nil) else {
      // A folder not made yet: resolved as far as it exists, so that two spellings of one
      // future file (and a file inside a future folder) still compare equal.
      guard folder != current, folder != "/", folder != "." else { return current }
      return AtomicFile.joined(canonical(folder), name)
    }
    defer { free(resolved) }
    return AtomicFile.joined(String(cString: resolved), name)
  }

  /// `path` relative to the folder `root` (the working folder by default) when it lies inside
  /// it, as GitHub's annotations and GitLab's Code Quality need (they map paths from the
  /// repository's root); otherwise `path` as given. Links are not followed.
  ///
  /// - Complexity: O(*n*) in the paths' lengths.
  public static func relative(_ path: String, to root: String = FileManager.default.currentDirectoryPath) -> String {
    guard path.hasPrefix("/") else { return path }
    let folder = (root as NSString).standardizingPath
    let standardized = (path as NSString).standardizingPath
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    return standardized.hasPrefix(prefix) ? String(standardized.dropFirst(prefix.count)) : path
  }

  /// Throws when one of `outputs` is `-` (standard output) and its command cannot stream it
  /// there: it would be a file named `-`, or mixed with what the command prints.
  ///
  /// - Parameters:
  ///   - outputs: each output's role and path.
  ///   - reason: why standard output is not an option, said after the output's name.
  /// - Throws: ``WordFitError`` `.usage` naming the output.
  public static func refuseStandardOutput(_ outputs: [(role: String, path: String?)], reason: String) throws {
    for case let (role, path?) in outputs where path == "-" {
      throw WordFitError(
        .usage, "the \(role) cannot go to standard output (-): \(reason); give it a file name", input: path)
    }
  }

  /// Throws when two of `outputs` are one file. Standard output (`-`) and absent outputs are
  /// skipped.
  ///
  /// - Parameter outputs: each output's role and path (`("manifest", "m.jsonl")`).
  /// - Throws: ``WordFitError`` `.usage` naming both.
  /// - Complexity: O(*n*) paths resolved, O(*n*) expected comparisons.
  public static func refuseCollisions(_ outputs: [(role: String, path: String?)]) throws {
    var seen: [String: (role: String, path: String)] = [:]
    for case let (role, path?) in outputs where path != "-" {
      let key = canonical(path)
      if let first = seen[key] {
        throw WordFitError(
          .usage,
          "the \(role) \(path) is the same file as the \(first.role) \(first.path); one would replace the other, so give each output its own path",
          input: path)
      }
      seen[key] = (role, path)
    }
  }
}
