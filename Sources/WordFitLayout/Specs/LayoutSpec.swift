import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// A layout spec file of either kind: a word stack (`"text"`) or a box stack (`"labels"`).
public enum LayoutSpec: Sendable, Equatable {
  /// A `wordfit render` spec.
  case words(RenderSpec)
  /// A `wordfit stack` spec.
  case stack(StackSpec)

  /// Reads a spec file, choosing the kind by whether it has a `labels` key.
  ///
  /// - Throws: ``WordFitError`` `.missingInput` for a missing file, `.invalidData` for
  ///   malformed JSON, unknown keys or wrong types.
  public static func load(contentsOf path: String) throws -> LayoutSpec {
    let data = Data(try InputFile.read(path, role: "spec file", limit: InputLimits.specBytes))
    switch try decode(data, source: "spec file \(path)") {
    case .words(let spec): return .words(SpecDecoding.resolvingPaths(spec, namedIn: path))
    case .stack(let spec): return .stack(SpecDecoding.resolvingPaths(spec, namedIn: path))
    }
  }

  /// Decodes a spec from JSON bytes, choosing the kind by whether it has a `labels` key;
  /// `source` names the input in error messages.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` for malformed JSON, unknown keys or wrong types.
  public static func decode(_ data: Data, source: String = "spec") throws -> LayoutSpec {
    let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    if object?["labels"] != nil {
      return .stack(try SpecDecoding.decode(StackSpec.self, from: data, source: source))
    }
    return .words(try SpecDecoding.decode(RenderSpec.self, from: data, source: source))
  }

  /// The spec's own comparison tolerance, if any.
  public var tolerance: ToleranceOverrides? {
    switch self {
    case .words(let spec): spec.tolerance
    case .stack(let spec): spec.tolerance
    }
  }
}
