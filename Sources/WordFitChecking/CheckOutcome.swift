import Dispatch
import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// The result of one case.
public struct CheckOutcome: Sendable {
  /// The case.
  public var checkCase: CheckCase
  /// How it ended.
  public var status: CheckStatus
  /// The comparison, when one was made.
  public var comparison: ImageComparison?
  /// The tolerance used and where each layer came from.
  public var toleranceSource: String
  /// One line for people: why it failed, what was written, which versions differ.
  public var message: String
  /// Artifacts written for a failing case: `expected`, `actual`, `diff` paths.
  public var artifacts: [String: String]
  /// How long the case took, in seconds (render and comparison).
  public var seconds: Double = 0
}
