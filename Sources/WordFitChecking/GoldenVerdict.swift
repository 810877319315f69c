import WordFitImage

/// What ``GoldenVerifier`` found for one image and its golden PNG.
public struct GoldenVerdict: Sendable {
  /// How it ended: `passed`, `failed`, `missing` or `recorded`.
  public var status: CheckStatus
  /// The comparison, when a golden existed (without a diff image; that is written, not kept).
  public var comparison: ImageComparison?
  /// One line for people: what differs, what was written, which versions differ.
  public var message: String
  /// The files written for a failure: `expected`, `actual` and `diff` paths.
  public var artifacts: [String: String]

  /// Whether the image matched its golden.
  public var passed: Bool { status == .passed }
}
