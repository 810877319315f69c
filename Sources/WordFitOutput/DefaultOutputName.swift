import Foundation
import WordFitCore
import WordFitImage

/// Chooses the file a render writes when the user named none, so that a default name never
/// replaces a file the same command did not make.
public enum DefaultOutputName {
  /// The most names tried (`base.png`, `base-2.png` … `base-999.png`).
  public static let maximumAttempts = 999

  /// The first of `base.png`, `base-2.png`, `base-3.png` … in `directory` that does not exist,
  /// or that is a PNG WordFit wrote for the same content (its text chunk `owner.key` holds
  /// `owner.value`), which is then replaced as a rerun of the same command expects.
  ///
  /// - Parameters:
  ///   - base: the name without `.png`, usually a `Slug`.
  ///   - directory: where the file goes.
  ///   - owner: the text chunk that identifies the content (`WordFit-Text` and the text).
  /// - Throws: ``WordFitError`` `.io` when every name up to ``maximumAttempts`` is taken.
  /// - Complexity: one `stat` per name tried, and reading the text chunks of existing PNGs.
  public static func resolve(base: String, in directory: String = ".", owner: (key: String, value: String)) throws
    -> String
  {
    for attempt in 1...maximumAttempts {
      let name = attempt == 1 ? "\(base).png" : "\(base)-\(attempt).png"
      let path = directory == "." ? name : (directory as NSString).appendingPathComponent(name)
      var status = stat()
      if lstat(path, &status) != 0 || isSameContent(path, owner: owner) { return path }
    }
    throw WordFitError(
      .io, "\(base).png and \(maximumAttempts - 1) numbered names after it exist; choose an output name")
  }

  /// Whether `path` is a PNG whose text chunk `owner.key` is `owner.value`.
  private static func isSameContent(_ path: String, owner: (key: String, value: String)) -> Bool {
    guard let bytes = try? InputFile.read(path, role: "PNG file", limit: InputLimits.pngFileBytes) else { return false }
    return PNGCodec.textChunks(in: bytes).contains { $0.key == owner.key && $0.value == owner.value }
  }
}
