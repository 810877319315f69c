import Dispatch
import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// How one case ended.
public enum CheckStatus: String, Sendable, Codable {
  /// The render matches its golden within the tolerance.
  case passed
  /// The render differs beyond the tolerance (or in size).
  case failed
  /// No golden, and the record mode did not write one.
  case missing
  /// The golden was written or rewritten; the case still counts as not passed.
  case recorded
  /// The spec or golden could not be read or rendered.
  case error
}
