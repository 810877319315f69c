import WordFitCore

/// An extra language made from the source strings, to find layouts that break before any
/// translation exists (`wordfit strings --pseudo accented,double,bounded,rtl`).
///
/// `accented` and `rtl` reimplement Android's pseudolocales from the behaviour AOSP documents in
/// `tools/aapt2/compile/Pseudolocalizer.cpp` (en-XA and ar-XB); `double` and `bounded` follow the
/// intent of Xcode's Double-Length and Bounded String pseudolanguages, which Apple documents only
/// by name.
public enum Pseudolocale: String, Sendable, CaseIterable {
  /// en-XA: letters mapped one to one to accented look-alikes (`a` → `å`, `b` → `ɓ` …, `!` → `¡`),
  /// placeholders kept and marked `»%d«`, the message in `[…]` and lengthened with the words
  /// "one two three …" (half its length, or all of it past three words).
  case accented
  /// Xcode's Double-Length: the text twice, separated by a space.
  case double
  /// Xcode's Bounded String: the text between `[#` and `#]` (markers *chosen*: Apple shows
  /// brackets but does not document them).
  case bounded
  /// ar-XB: each word wrapped in RLM RLO … PDF RLM, so it is drawn right to left.
  case rtl

  /// The language column's tag for the strings it makes.
  public var tag: String {
    switch self {
    case .accented: "en-XA"
    case .double: "en-x-double"
    case .bounded: "en-x-bounded"
    case .rtl: "ar-XB"
    }
  }

  /// The language the strings are shaped as.
  var shapingLanguage: String { self == .rtl ? "ar" : "en" }

  /// `text` (a source string, its placeholders unfilled) in this pseudolocale.
  ///
  /// - Complexity: O(*n*) in the text's length (plus the expansion, at most as long again).
  public func apply(_ text: String) -> String {
    switch self {
    case .accented: Accented.message(text)
    case .double: text + " " + text
    case .bounded: "[# " + text + " #]"
    case .rtl: Self.bidi(text)
    }
  }

  /// Parses `accented,double,bounded,rtl`.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the four.
  public static func parseList(_ text: String) throws -> [Pseudolocale] {
    try text.split(separator: ",").map { word in
      guard let value = Pseudolocale(rawValue: word.trimmingCharacters(in: .whitespaces).lowercased()) else {
        throw WordFitError(
          .usage,
          "the pseudolocale '\(word)' is not one of accented, double, bounded, rtl; give a list such as accented,rtl")
      }
      return value
    }
  }

  private static let rlm = "\u{200F}"
  private static let rlo = "\u{202E}"
  private static let pdf = "\u{202C}"

  /// Each run of non-space characters as RLM RLO run PDF RLM.
  private static func bidi(_ text: String) -> String {
    var out = ""
    var inWord = false
    for character in text {
      let space = character.isWhitespace
      if !space && !inWord { out += rlm + rlo }
      if space && inWord { out += pdf + rlm }
      inWord = !space
      out.append(character)
    }
    if inWord { out += pdf + rlm }
    return out
  }
}

/// Android's en-XA message transform, as `Pseudolocalizer.cpp` documents it.
enum Accented {
  /// The filler the message is lengthened with.
  static let expansion =
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fiveteen sixteen seventeen nineteen twenty"

  /// The letter map (others are kept).
  static let letters: [Character: String] = [
    "a": "å", "b": "ɓ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î", "j": "ĵ", "k": "ķ",
    "l": "ļ", "m": "ḿ", "n": "ñ", "o": "ö", "p": "þ", "q": "Q", "r": "ŕ", "s": "š", "t": "ţ", "u": "û", "v": "V",
    "w": "ŵ", "x": "х", "y": "ý", "z": "ž", "A": "Å", "B": "β", "C": "Ç", "D": "Ð", "E": "É", "G": "Ĝ", "H": "Ĥ",
    "I": "Î", "J": "Ĵ", "K": "Ķ", "L": "Ļ", "M": "Ḿ", "N": "Ñ", "O": "Ö", "P": "Þ", "Q": "q", "R": "Ŕ", "S": "Š",
    "T": "Ţ", "U": "Û", "V": "ν", "W": "Ŵ", "X": "×", "Y": "Ý", "Z": "Ž", "!": "¡", "?": "¿", "$": "€",
  ]

  /// The characters that end a `%` placeholder.
  static let placeholderEnds: Set<Character> = [
    "s", "S", "c", "C", "d", "o", "x", "X", "f", "e", "E", "g", "G", "a", "A", "b", "B", "h", "H", "%", "n",
  ]

  /// `[` + the mapped text + " " + expansion + `]`. As in AOSP, the length counts every
  /// character outside placeholders and markup, and the words counted are those that start
  /// with a character the map keeps; past three words the expansion is as long as the text,
  /// else half.
  static func message(_ text: String) -> String {
    var out = "["
    var (length, words, lastSpace) = (0, 0, true)
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "%", let token = catalogToken(characters, at: index) {
        // A catalog substitution (`%#@NAME@`) or its number (`%arg`): a placeholder, whole.
        out += "»" + String(characters[index..<(index + token)]) + "«"
        index += token
        continue
      } else if character == "%" {
        var chunk = "%"
        var last = character
        while index + 1 < characters.count {
          index += 1
          last = characters[index]
          chunk.append(last)
          if placeholderEnds.contains(last) { break }
          if last == "t", index + 1 < characters.count {
            index += 1
            last = characters[index]
            chunk.append(last)
            break
          }
        }
        out += last == "%" ? chunk : "»" + chunk + "«"
      } else if character == "<" {
        // Markup is kept as it is, up to its `>`.
        while index < characters.count {
          out.append(characters[index])
          if characters[index] == ">" { break }
          index += 1
        }
      } else if let mapped = letters[character] {
        out += mapped
        length += 1
      } else {
        let space = character.isWhitespace
        if lastSpace && !space { words += 1 }
        lastSpace = space
        out.append(character)
        length += 1
      }
      index += 1
    }
    if length > 0 { out += " " + filler(words > 3 ? length : length / 2) }
    return out + "]"
  }

  /// The length of the `%#@NAME@` or `%arg` token at `index`, if one starts there.
  static func catalogToken(_ characters: [Character], at index: Int) -> Int? {
    let rest = characters[index...]
    if rest.starts(with: Array("%arg")) { return 4 }
    guard rest.starts(with: Array("%#@")) else { return nil }
    guard let close = rest.dropFirst(3).firstIndex(of: "@") else { return nil }
    return close - index + 1
  }

  /// The first `length` characters of the filler, extended to the end of the next word (the
  /// filler repeated when it is too short).
  static func filler(_ length: Int) -> String {
    let words = Array(expansion)
    guard words.count >= length else {
      return expansion + " " + filler(length - (words.count + 1))
    }
    var extra = 0
    var index = length + 1
    while index < words.count {
      extra += 1
      if words[index] == " " { break }
      index += 1
    }
    return String(words[0..<Swift.min(words.count, length + extra)])
  }
}
