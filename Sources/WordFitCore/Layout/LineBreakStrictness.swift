/// How strictly a wrapped text's lines may break between characters of Chinese and Japanese
/// (CSS `line-break`, ICU's `lb` locale keyword): which kinsoku rules hold.
public enum LineBreakStrictness: String, Sendable, Codable, CaseIterable {
  /// No line starts with a small kana, "ー", "々", a closing bracket or "。" (`lb=strict`):
  /// the default, as on Apple's platforms.
  case strict
  /// Lines may start with a small kana or "ー" (`lb=normal`, CSS's `normal`; Android's default).
  case normal
  /// Lines may also start with "々", "ゝ" and some punctuation (`lb=loose`).
  case loose
  /// A line may break between any two grapheme clusters (CSS `line-break: anywhere`).
  case anywhere
}
