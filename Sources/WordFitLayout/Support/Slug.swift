import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// File-name-safe forms of text.
public enum Slug {
  /// An ASCII, lower-case, file-name-safe form of `text`: diacritics folded (`Aimée` → `aimee`,
  /// `ß` → `ss`, `ł` → `l`), other scripts transliterated with ICU's `Any-Latin; Latin-ASCII`
  /// (`محمد علي` → `mhmd-ly`, `王小明` → `wang-xiao-ming`), every other run of characters outside
  /// `a-z0-9` turned into one `-`, at most `maximumLength` characters. When nothing is left
  /// (emoji, symbols), `fallback` followed by a hash of the text (`text-3f2a9c1e`), so different
  /// texts still get different slugs. Never contains `/`, `..` or NUL, and never starts with
  /// `.` or `-`.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public static func make(from text: String, maximumLength: Int = 64, fallback: String = "text") -> String {
    let slug = asciiSlug(from: text, maximumLength: maximumLength)
    if !slug.isEmpty { return slug }
    let hash = String(fnv1a(text) & 0xFFFF_FFFF, radix: 16)
    return fallback + "-" + String(repeating: "0", count: 8 - hash.count) + hash
  }

  /// FNV-1a, 64 bits, of `text`'s UTF-8 bytes.
  package static func fnv1a(_ text: String) -> UInt64 {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value &*= 0x100_0000_01b3
    }
    return value
  }

  /// Latin text folded to ASCII; other scripts transliterated first (only when there are any,
  /// since ICU's transliterator costs far more than folding).
  private static func asciiSlug(from text: String, maximumLength: Int) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      // Folding ASCII only lower-cases it (most names of most exports): no Foundation.
      let lowered = String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
      return joiningRuns(of: lowered, maximumLength: maximumLength, allowed: isSlugCharacter)
    }
    let hasOtherScripts = text.unicodeScalars.contains { $0.properties.isAlphabetic && !isLatin($0) }
    if hasOtherScripts, let latin = text.applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false) {
      return latinSlug(from: latin, maximumLength: maximumLength)
    }
    return latinSlug(from: text, maximumLength: maximumLength)
  }

  private static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x0250 || (0x1E00...0x1EFF).contains(scalar.value) || (0x2C60...0x2C7F).contains(scalar.value)
      || (0xA720...0xA7FF).contains(scalar.value) || (0xFF00...0xFFEF).contains(scalar.value)
  }

  /// Letters that Unicode does not decompose into a base letter and a diacritic.
  private static let foldedLetters: [Character: String] = [
    "ß": "ss", "ẞ": "ss", "ł": "l", "Ł": "l", "ø": "o", "Ø": "o", "đ": "d", "Đ": "d", "æ": "ae", "Æ": "ae",
    "œ": "oe", "Œ": "oe", "þ": "th", "Þ": "th", "ð": "d", "Ð": "d", "ı": "i",
  ]

  private static func latinSlug(from text: String, maximumLength: Int) -> String {
    var replaced = ""
    for character in text {
      if let ascii = foldedLetters[character] { replaced += ascii } else { replaced.append(character) }
    }
    let folded = replaced.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
    return joiningRuns(of: folded, maximumLength: maximumLength, allowed: isSlugCharacter)
  }

  private static func isSlugCharacter(_ scalar: Unicode.Scalar) -> Bool {
    (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9")
  }

  /// The `allowed` characters of `text`, every run of others between them turned into one `-`
  /// (none before the first, none after the last: a dash is added only with the character after
  /// it), cut at `maximumLength` characters.
  private static func joiningRuns(
    of text: String, maximumLength: Int, allowed: (Unicode.Scalar) -> Bool
  ) -> String {
    // Every kept character is one ASCII scalar (the callers allow only ASCII), so scalars count
    // characters without `String.count`'s walk.
    var result = ""
    var count = 0
    var pendingDash = false
    for scalar in text.unicodeScalars {
      guard allowed(scalar) else {
        pendingDash = true
        continue
      }
      if pendingDash && count > 0 {
        result.append("-")
        count += 1
      }
      pendingDash = false
      result.unicodeScalars.append(scalar)
      count += 1
      if count >= maximumLength { break }
    }
    return result
  }

  /// A file-name-safe form of `text` that keeps case: characters outside `A-Z a-z 0-9 _ -`
  /// become `-` (runs folded into one), diacritics folded, at most `maximumLength` characters,
  /// never starting with `-` or `.`; `fallback` when nothing is left.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public static func component(from text: String, maximumLength: Int = 64, fallback: String = "x") -> String {
    let folded = text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
    let result = joiningRuns(of: folded, maximumLength: maximumLength) {
      ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_"
    }
    return result.isEmpty ? fallback : result
  }
}
