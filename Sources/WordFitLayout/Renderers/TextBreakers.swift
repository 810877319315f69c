import WordFitCore
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
