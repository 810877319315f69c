import WordFitCore

/// The order a locale writes a person's names in: given name first (`Ada Lovelace`), or family
/// name first (`毛泽东`, `Nguyễn Văn An`, `Kovács János`), for a region's `familyFirst` text.
public enum NameOrder: Sendable, Equatable {
  /// The given name first (most locales).
  case givenFirst
  /// The family name first.
  case familyFirst

  /// The languages (ISO 639 codes) whose names are written family name first: Chinese,
  /// Japanese, Korean, Vietnamese, Hungarian, Mongolian and Khmer.
  public static let familyFirstLanguages: Set<String> = ["zh", "ja", "ko", "vi", "hu", "mn", "km"]

  /// The order for a BCP 47 tag (`ja`, `zh-Hant-TW`, `hu_HU`): by its language subtag, ignoring
  /// case; given name first for `nil`, an empty tag or any other language.
  public init(locale: String?) {
    let language = locale?.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() }
    self = language.map { Self.familyFirstLanguages.contains(String($0)) } == true ? .familyFirst : .givenFirst
  }
}
