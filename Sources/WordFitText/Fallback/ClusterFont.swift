/// Which font draws one grapheme cluster, and why: what `wordfit fonts` reports.
public struct ClusterFont: Sendable, Equatable {
  /// Why a cluster's font was chosen.
  public enum Reason: String, Sendable, Equatable {
    /// The primary font has every character of the cluster.
    case primary
    /// An emoji presentation (emoji, or a character followed by U+FE0F) found a colour font.
    case emoji
    /// The primary font lacks a character; this is the best fallback covering the cluster.
    case fallback
    /// No font available covers the cluster: drawn as the primary font's `.notdef` box.
    case uncovered
  }

  /// The cluster, as in the text.
  public var cluster: String
  /// Its code points, such as `U+1F600`.
  public var codePoints: [Unicode.Scalar]
  /// The font that draws it (the primary font for an uncovered cluster).
  public var font: FontDescription
  /// Why that font.
  public var reason: Reason
}
