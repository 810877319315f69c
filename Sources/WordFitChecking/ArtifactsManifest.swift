import Foundation
import WordFitCore
import WordFitImage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What a `wordfit check` run wrote into its artifacts folder (`.wordfit-artifacts`, one path
/// relative to the folder per line), so that the next run into the same folder removes it
/// first, and accepting artifacts as goldens (``accept(from:into:only:)``).
///
/// Only what the list names is removed, and only a listed path that stays inside the folder,
/// ends in `.png` or `.webp` (the artifact formats) and is a regular file: a list edited by hand cannot make a run delete
/// anything else.
public enum ArtifactsManifest {
  /// The list's file name inside the artifacts folder.
  public static let fileName = ".wordfit-artifacts"

  /// The most files the list names (more are left alone), and the longest list read.
  static let maximumEntries = 1_000_000

  /// Removes the files an earlier run listed in `folder`, the folders that leaves empty, and the
  /// list. Failures are ignored: what cannot be removed stays.
  ///
  /// - Complexity: O(*n*) in the listed files.
  static func removeEarlierRun(in folder: String) {
    let list = (folder as NSString).appendingPathComponent(fileName)
    guard let bytes = try? InputFile.read(list, role: "artifacts list", limit: 256 << 20) else { return }
    var emptied: Set<String> = []
    let endings = GoldenVerifier.artifactFormats.map { "." + $0.fileExtension }
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n").prefix(maximumEntries) {
      guard let path = contained(String(line), in: folder, endings: endings) else { continue }
      var status = stat()
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      if unlink(path) == 0 { emptied.insert(PathText.deletingLastComponent(path)) }
    }
    // Deepest first, each folder and its parents up to (not including) the artifacts folder.
    for directory in emptied.sorted(by: { $0.count > $1.count }) {
      var current = directory
      while current.count > folder.count, rmdir(current) == 0 {
        current = PathText.deletingLastComponent(current)
      }
    }
    _ = unlink(list)
  }

  /// Writes the list of `paths` (inside `folder`) when there is any.
  ///
  /// - Throws: ``WordFitError`` `.io` when the list cannot be written.
  static func record(_ paths: [String], in folder: String) throws {
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    let relative = paths.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.sorted()
    guard !relative.isEmpty else { return }
    try AtomicFile.write(Array((relative.joined(separator: "\n") + "\n").utf8), to: prefix + fileName)
  }

  /// `relative` inside `folder`, or `nil` for a path that is absolute, climbs out (`..`), or
  /// does not end in one of `endings` (a PNG unless given).
  private static func contained(_ relative: String, in folder: String, endings: [String] = [".png"]) -> String? {
    let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
    guard !relative.hasPrefix("/"), endings.contains(where: relative.hasSuffix),
      !parts.contains(where: { $0 == ".." || $0.isEmpty })
    else { return nil }
    return (folder as NSString).appendingPathComponent(relative)
  }

  /// Copies every PNG under `artifacts/__Goldens__` to the same path under `goldens`: accepting
  /// a run's renders as the new goldens. Each file must decode as a PNG; it is written through
  /// a temporary file and renamed, and never through a symbolic link.
  ///
  /// With `only`, just those goldens (paths relative to `goldens`, as the review page lists
  /// them); a name the run has no render for is refused before any golden changes.
  ///
  /// - Returns: the goldens written, relative to `goldens`, sorted.
  /// - Throws: ``WordFitError`` `.missingInput` when there is nothing to accept, `.invalidData`
  ///   for a file that is not a PNG or a name of `only` that is not a failing case's render,
  ///   `.io` when a golden cannot be written.
  /// - Complexity: O(*n* log *n*) in the files, plus decoding each.
  public static func accept(from artifacts: String, into goldens: String, only: Set<String>? = nil) throws -> [String] {
    let source = (artifacts as NSString).appendingPathComponent(GoldenVerifier.acceptFolderName)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw WordFitError(
        .missingInput,
        "\(artifacts) has no \(GoldenVerifier.acceptFolderName) folder; give the \(Parameter.artifacts) of a check that failed",
        input: artifacts)
    }
    var names = (FileManager.default.enumerator(atPath: source)?.compactMap { $0 as? String } ?? [])
      .filter { $0.hasSuffix(".png") }.sorted()
    if let only {
      let unknown = only.subtracting(names).sorted()
      guard unknown.isEmpty else {
        throw WordFitError(
          .invalidData,
          "\(unknown.count) name\(unknown.count == 1 ? "" : "s") in the accept list \(unknown.count == 1 ? "is" : "are") not a failing case of the check that wrote \(artifacts): \(unknown.prefix(3).map { TextFormatting.excerpt($0) }.joined(separator: ", "))\(unknown.count > 3 ? ", …" : ""); accept only what that run's page lists",
          input: artifacts)
      }
      names = names.filter(only.contains)
    }
    // Every render is read, decoded and given its folder before any golden is replaced: one
    // that cannot be accepted leaves every golden as it was.
    let pairs = names.compactMap { name in
      contained(name, in: source).flatMap { from in
        contained(name, in: goldens).map { (name: name, from: from, to: $0) }
      }
    }
    for pair in pairs {
      let bytes = try InputFile.read(pair.from, role: "accepted render", limit: InputLimits.pngFileBytes)
      _ = try PNGCodec.decode(bytes, source: "accepted render \(pair.from)")
      if let reason = AtomicFile.createDirectory(PathText.deletingLastComponent(pair.to)) {
        throw WordFitError(.io, "cannot accept \(pair.name) into \(goldens): \(reason)", input: pair.to)
      }
      try AtomicFile.checkDestination(pair.to, followsLinks: false)
    }
    for pair in pairs {
      let bytes = try InputFile.read(pair.from, role: "accepted render", limit: InputLimits.pngFileBytes)
      try AtomicFile.write(bytes, to: pair.to, followsLinks: false)
    }
    return names
  }
}
