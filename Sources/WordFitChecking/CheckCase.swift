import Dispatch
import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// One spec and its golden, as `wordfit check` found them.
public struct CheckCase: Sendable, Equatable {
  /// The spec's path relative to the checked folder, for example `render/seed-45mm.json`.
  public var name: String
  /// The spec file.
  public var specPath: String
  /// The golden PNG beside it (same name, `.png`).
  public var goldenPath: String
}
