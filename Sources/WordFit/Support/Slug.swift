import Foundation

/// File-name-safe forms of text.
public enum Slug {
  /// An ASCII, lower-case, file-name-safe form of `text`: diacritics folded (`Aimée` → `aimee`,
  /// `ß` → `ss`, `ł` → `l`), every other run of characters outside `a-z0-9` turned into one
  /// `-`, at most `maximumLength` characters; `fallback` when nothing is left. Never contains
  /// `/`, `..` or NUL, and never starts with `.` or `-`.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public static func make(from text: String, maximumLength: Int = 64, fallback: String = "text") -> String {
    let special: [Character: String] = [
      "ß": "ss", "ẞ": "ss", "ł": "l", "Ł": "l", "ø": "o", "Ø": "o", "đ": "d", "Đ": "d", "æ": "ae", "Æ": "ae",
      "œ": "oe", "Œ": "oe", "þ": "th", "Þ": "th", "ð": "d", "Ð": "d", "ı": "i",
    ]
    var replaced = ""
    for character in text {
      if let ascii = special[character] { replaced += ascii } else { replaced.append(character) }
    }
    let folded = replaced.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
    var slug = ""
    var pendingDash = false
    for scalar in folded.unicodeScalars {
      let isAllowed = (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9")
      if isAllowed {
        if pendingDash && !slug.isEmpty { slug.append("-") }
        pendingDash = false
        slug.unicodeScalars.append(scalar)
        if slug.count >= maximumLength { break }
      } else {
        pendingDash = true
      }
    }
    while slug.hasSuffix("-") { slug.removeLast() }
    return slug.isEmpty ? fallback : slug
  }

  /// A file-name-safe form of `text` that keeps case: characters outside `A-Z a-z 0-9 _ -`
  /// become `-` (runs folded into one), diacritics folded, at most `maximumLength` characters,
  /// never starting with `-` or `.`; `fallback` when nothing is left.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public static func component(from text: String, maximumLength: Int = 64, fallback: String = "x") -> String {
    let folded = text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
    var result = ""
    var pendingDash = false
    for scalar in folded.unicodeScalars {
      let isAllowed =
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
        || scalar == "_"
      if isAllowed {
        if pendingDash && !result.isEmpty { result.append("-") }
        pendingDash = false
        result.unicodeScalars.append(scalar)
        if result.count >= maximumLength { break }
      } else {
        pendingDash = true
      }
    }
    return result.isEmpty ? fallback : result
  }
}
