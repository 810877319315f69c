/// Where a wrapped text's lines may break inside Japanese and Chinese (`--word-break`, spec key
/// `wordBreak`): at any opportunity the line-break rules allow, or only between phrases (CSS
/// `word-break: auto-phrase`, Android's `LINE_BREAK_WORD_STYLE_PHRASE`, Compose's
/// `WordBreak.Phrase`), the phrases found by BudouX's published models.
public enum WordBreak: String, Sendable, Codable, CaseIterable {
  /// Every opportunity of the line-break rules (the default).
  case normal
  /// Between two characters of Japanese or Chinese only where a phrase ends; elsewhere (spaces,
  /// Latin, punctuation next to other text) as `normal`. A phrase too wide for a line at the
  /// legible size breaks at the line-break rules' opportunities inside it.
  case phrase
}
