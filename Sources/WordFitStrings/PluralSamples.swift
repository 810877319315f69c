/// A number that falls in each CLDR plural category, per language: what a plural variation is
/// filled with to show it (`%lld` → 1, 2, 5, 21 as the language needs).
///
/// From the CLDR plural rules' integer samples for the languages listed; any other language
/// takes English's (`one` 1, `other` 2) and the generic numbers below for the rest. Categories
/// with no integer sample in a language (`other` in Russian, Polish, Ukrainian, Czech) take a
/// decimal, shown as written (`1.5`).
enum PluralSamples {
  /// CLDR's order of the categories.
  static let order = ["zero", "one", "two", "few", "many", "other"]

  /// The sample for `category` in `language` (a BCP 47 tag; its first subtag decides).
  static func sample(_ category: String, language: String) -> String {
    let base = language.split(separator: "-").first.map { String($0).lowercased() } ?? language
    if let own = table[base]?[category] { return own }
    return generic[category] ?? "2"
  }

  private static let generic = ["zero": "0", "one": "1", "two": "2", "few": "3", "many": "11", "other": "2"]

  private static let table: [String: [String: String]] = [
    "ar": ["zero": "0", "one": "1", "two": "2", "few": "3", "many": "11", "other": "100"],
    "he": ["one": "1", "two": "2", "other": "3"],
    "ru": ["one": "21", "few": "2", "many": "5", "other": "1.5"],
    "uk": ["one": "21", "few": "2", "many": "5", "other": "1.5"],
    "pl": ["one": "1", "few": "2", "many": "5", "other": "1.5"],
    "cs": ["one": "1", "few": "2", "many": "1.5", "other": "5"],
    "sk": ["one": "1", "few": "2", "many": "1.5", "other": "5"],
    "hr": ["one": "21", "few": "2", "other": "5"],
    "sr": ["one": "21", "few": "2", "other": "5"],
    "lt": ["one": "21", "few": "2", "many": "1.5", "other": "10"],
    "lv": ["zero": "0", "one": "21", "other": "2"],
    "fr": ["one": "1", "many": "1000000", "other": "2"],
    "es": ["one": "1", "many": "1000000", "other": "2"],
    "it": ["one": "1", "many": "1000000", "other": "2"],
    "pt": ["one": "1", "many": "1000000", "other": "2"],
    "ja": ["other": "5"], "zh": ["other": "5"], "ko": ["other": "5"], "th": ["other": "5"],
    "vi": ["other": "5"], "id": ["other": "5"],
  ]
}
