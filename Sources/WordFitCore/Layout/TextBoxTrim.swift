/// What a text's block is measured and placed by (`--trim`, spec key `trim`; CSS `text-box:
/// trim-both cap alphabetic`): its line boxes, or the first line's cap height down to the last
/// line's alphabetic baseline — the box a designer aligns a caps label by.
public enum TextBoxTrim: String, Sendable, Codable, CaseIterable {
  /// The line boxes, ascender to descender, joined with the ink (the default).
  case none
  /// The first line's cap height to the last line's baseline: the block is fitted and aligned by
  /// that box; ink beyond it (accents, descenders) still counts toward the fit and never leaves
  /// the available box.
  case capAlphabetic = "cap-alphabetic"
}
