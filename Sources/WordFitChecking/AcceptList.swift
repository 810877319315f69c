import Foundation
import WordFitCore

/// The goldens a reviewer ticked on a check's page (`wordfit-accept.json`, downloaded from it):
/// the run's artifacts folder and the goldens to accept from it, relative to the checked folder.
public struct AcceptList: Codable, Sendable, Equatable {
  /// The artifacts folder of the check that wrote the page.
  public var artifacts: String
  /// The goldens to accept: `render/start.png`.
  public var accept: [String]

  /// A list of `accept` from `artifacts`.
  public init(artifacts: String, accept: [String]) { (self.artifacts, self.accept) = (artifacts, accept) }

  /// The list in the file at `path` (at most 16 MiB, at most 1,000,000 names).
  ///
  /// - Throws: ``WordFitError`` `.missingInput` when there is no such file, `.invalidData`
  ///   when it is not an accept list.
  /// - Complexity: O(*n*) in the file's size.
  public static func load(contentsOf path: String) throws -> AcceptList {
    let bytes = try InputFile.read(path, role: "accept list", limit: 16 << 20)
    guard let list = try? JSONDecoder().decode(AcceptList.self, from: Data(bytes)), !list.artifacts.isEmpty,
      list.accept.count <= 1_000_000
    else {
      throw WordFitError(
        .invalidData,
        "\(path) is not an accept list ({\"artifacts\": FOLDER, \"accept\": [GOLDEN, …]}, as a check's page downloads it)",
        input: path)
    }
    return list
  }
}
