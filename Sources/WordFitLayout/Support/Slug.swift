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
    if let slug = latinTableSlug(from: text, maximumLength: maximumLength) { return slug }
    let hasOtherScripts = text.unicodeScalars.contains { $0.properties.isAlphabetic && !isLatin($0) }
    if hasOtherScripts, let latin = text.applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false) {
      return latinSlug(from: latin, maximumLength: maximumLength)
    }
    return latinSlug(from: text, maximumLength: maximumLength)
  }

  /// ``latinSlug(from:maximumLength:)`` without Foundation, for text whose every scalar is
  /// below U+0250 (the names of most exports): ASCII only lower-cased, the rest looked up in
  /// ``latinFolds``; `nil` for text with any other scalar.
  static func latinTableSlug(from text: String, maximumLength: Int) -> String? {
    var folded: [UInt8] = []
    folded.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x41...0x5A: folded.append(UInt8(scalar.value) | 0x20)
      case 0..<0x80: folded.append(UInt8(scalar.value))
      case 0x80..<0x250: folded += latinFolds[Int(scalar.value) - 0x80].utf8
      default: return nil
      }
    }
    return joiningRuns(of: folded, maximumLength: maximumLength, allowed: isSlugCharacter)
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

  static func latinSlug(from text: String, maximumLength: Int) -> String {
    var replaced = ""
    for character in text {
      if let ascii = foldedLetters[character] { replaced += ascii } else { replaced.append(character) }
    }
    let folded = replaced.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
    return joiningRuns(of: folded.utf8, maximumLength: maximumLength, allowed: isSlugCharacter)
  }

  private static func isSlugCharacter(_ byte: UInt8) -> Bool {
    (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
  }

  /// The `allowed` characters of the UTF-8 bytes `utf8`, every run of others between them
  /// turned into one `-` (none before the first, none after the last: a dash is added only with
  /// the character after it), cut at `maximumLength` characters.
  private static func joiningRuns(
    of utf8: some Sequence<UInt8>, maximumLength: Int, allowed: (UInt8) -> Bool
  ) -> String {
    // Every kept character is one ASCII byte (the callers allow only ASCII), so bytes count
    // characters, and every byte of a longer scalar is one of a run of others.
    var result: [UInt8] = []
    result.reserveCapacity(Swift.min(utf8.underestimatedCount, Swift.max(maximumLength, 0)) + 1)
    var pendingDash = false
    for byte in utf8 {
      guard byte < 0x80, allowed(byte) else {
        pendingDash = true
        continue
      }
      if pendingDash && !result.isEmpty { result.append(0x2D) }
      pendingDash = false
      result.append(byte)
      if result.count >= maximumLength { break }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// A file-name-safe form of `text` that keeps case: characters outside `A-Z a-z 0-9 _ -`
  /// become `-` (runs folded into one), diacritics folded, at most `maximumLength` characters,
  /// never starting with `-` or `.`; `fallback` when nothing is left.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public static func component(from text: String, maximumLength: Int = 64, fallback: String = "x") -> String {
    // ASCII has no diacritics and no wide forms: folding would return it as it is.
    let folded =
      text.utf8.allSatisfy { $0 < 0x80 }
      ? text : text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
    let result = joiningRuns(of: folded.utf8, maximumLength: maximumLength) {
      (0x61...0x7A).contains($0) || (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F
    }
    return result.isEmpty ? fallback : result
  }
}
