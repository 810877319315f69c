import CHarfBuzz

/// A run of one direction split further into runs of one script (UAX #24), as Pango and
/// libraqm itemize before shaping: each is shaped with its own script's features, so "ΩAVATAR"
/// is a Greek "Ω" and a Latin "AVATAR" whose AV pairs kern as Latin.
///
/// Common characters (spaces, digits, punctuation) and Inherited ones (combining marks) join
/// the script before them, or the first script after them at the start of a run.
enum ScriptRuns {
  /// `text` split into ranges of one script, in logical order; one range for text of at most
  /// one script (ASCII always).
  ///
  /// - Complexity: O(*n*) in the number of code points.
  static func split(_ text: String) -> [Range<String.Index>] { split(text[...]) }

  /// `text` split into ranges of one script (indices into the string it is a slice of).
  static func split(_ text: Substring) -> [Range<String.Index>] {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return [text.startIndex..<text.endIndex] }
    var ranges: [Range<String.Index>] = []
    var start = text.unicodeScalars.startIndex
    var current: UInt32? = nil
    for index in text.unicodeScalars.indices {
      let script = Self.script(of: text.unicodeScalars[index])
      guard let script else { continue }
      if let known = current, known != script {
        ranges.append(start..<index)
        start = index
      }
      current = script
    }
    ranges.append(start..<text.endIndex)
    return ranges
  }

  /// The scalar's script tag, or `nil` for Common and Inherited (and unknown) characters,
  /// which take their neighbours' script.
  static func script(of scalar: Unicode.Scalar) -> UInt32? {
    if scalar.value < 0x80 { return scalar.properties.isAlphabetic ? latin : nil }
    let tag = UInt32(wf_hb_script(scalar.value))
    return [common, inherited, unknown, 0].contains(tag) ? nil : tag
  }

  private static let latin = tag("Latn")
  private static let common = tag("Zyyy")
  private static let inherited = tag("Zinh")
  private static let unknown = tag("Zzzz")

  private static func tag(_ text: String) -> UInt32 { text.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
}
