/// BCP 47 language tags as WordFit accepts them from data (a CSV's language column).
public enum LanguageTag {
  /// Whether `text` has the shape of a BCP 47 tag: subtags of 1 to 8 ASCII letters or digits
  /// joined by `-` (or `_`, as POSIX locales write them), the first of 2 to 8 letters, 64
  /// characters at most. It does not check the registry: HarfBuzz and fontconfig take any tag.
  public static func isWellFormed(_ text: String) -> Bool {
    guard text.utf8.count <= 64 else { return false }
    let subtags = text.split(separator: "-", omittingEmptySubsequences: false).flatMap {
      $0.split(separator: "_", omittingEmptySubsequences: false)
    }
    guard let first = subtags.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return subtags.allSatisfy {
      (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }
}
