import WordFitCore
import WordFitFonts
import WordFitText

/// The line breakers (ICU) a renderer opened and the hyphenation dictionaries (libhyphen) it
/// found, by language: each rule set is opened once per renderer (a renderer stays on one
/// thread), each dictionary once per process.
package final class TextBreakers {
  private var breakers: [String: LineBreaker] = [:]
  /// Dictionary paths by language ("" where none is installed).
  private var dictionaries: [String: String] = [:]

  /// ICU's line breaker for `language` (`nil`: the root rules) at `strictness`.
  ///
  /// - Throws: as ``LineBreaker/init(language:strictness:)``.
  func breaker(for language: String?, strictness: LineBreakStrictness = .strict) throws -> LineBreaker {
    let key = (language ?? "") + "|" + strictness.rawValue
    if let known = breakers[key] { return known }
    let fresh = try LineBreaker(language: language, strictness: strictness)
    breakers[key] = fresh
    return fresh
  }

  /// The dictionary for `language`, or `nil` with the warning that says why the words stay
  /// whole: no language given, or no dictionary installed for it. Finding it reads no
  /// dictionary; ``Hyphenator/shared(contentsOf:)`` opens it when a fit needs it.
  func hyphenationDictionary(for language: String?) -> (path: String?, warning: String?) {
    guard let language else {
      return (
        nil,
        "\(Parameter.hyphenation) auto needs the text's \(Parameter.language) (such as de or en-US); the words were not hyphenated"
      )
    }
    if dictionaries[language] == nil { dictionaries[language] = Hyphenator.dictionaryPath(for: language) ?? "" }
    guard let path = dictionaries[language], !path.isEmpty else {
      let source =
        Hyphenator.debianPackage(for: language).map { "install Debian's \($0) package" }
        ?? "Debian 12 has no hyphen-* package for it; put a hyph_*.dic of your own in WORDFIT_HYPHEN_DIR"
      return (
        nil,
        "no hyphenation dictionary for \"\(language)\" in \(Hyphenator.dictionaryFolder) (\(source)); the words were not hyphenated"
      )
    }
    return (path, nil)
  }
}

extension TextBreakers {
  /// The phrase segmenter for `language`, or `nil` with the warning that says why the text
  /// breaks at every opportunity instead: BudouX publishes models for Japanese and Chinese
  /// (Simplified, Traditional) only; without a language, kana in `text` say Japanese. `nil` and
  /// no warning when `text` has no Japanese or Chinese.
  ///
  /// - Throws: as ``PhraseModel/shared(contentsOf:)`` when a bundled model cannot be read.
  func phraseSegmenter(for language: String?, text: String) throws -> (PhraseSegmenter?, warning: String?) {
    // A text with no Japanese or Chinese has no phrases to keep (a catalog's English strings).
    guard text.unicodeScalars.contains(where: PhraseSegmenter.isPhraseText) else { return (nil, nil) }
    let model: String
    if let language {
      guard let named = Self.phraseModelName(for: language) else {
        return (
          nil,
          "no phrase model for \"\(language)\" (BudouX's are ja, zh-Hans and zh-Hant); the lines break at every opportunity"
        )
      }
      model = named
    } else if text.unicodeScalars.contains(where: { (0x3040...0x30FF).contains($0.value) }) {
      model = "ja"
    } else {
      return (
        nil,
        "\(Parameter.wordBreak) phrase needs the text's \(Parameter.language) (ja, zh-Hans or zh-Hant); the lines break at every opportunity"
      )
    }
    let file = "BudouX/\(model).json"
    guard let path = BundledFonts.path(of: file) else {
      throw WordFitError(
        .missingInput,
        "bundled phrase model \(file) not found (looked in \(BundledFonts.searchDirectories.joined(separator: ", "))); set WORDFIT_FONT_DIR to WordFit's Fonts/ folder"
      )
    }
    return (PhraseSegmenter(model: try PhraseModel.shared(contentsOf: path)), nil)
  }

  /// BudouX's model for a BCP 47 tag: `ja…` Japanese; `zh` with `Hant`, `TW`, `HK` or `MO`
  /// Traditional Chinese, any other `zh` Simplified; `nil` for other languages.
  static func phraseModelName(for language: String) -> String? {
    let subtags = language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
    switch subtags.first {
    case "ja": return "ja"
    case "zh":
      return subtags.dropFirst().contains { ["hant", "tw", "hk", "mo"].contains($0) } ? "zh-hant" : "zh-hans"
    default: return nil
    }
  }
}
