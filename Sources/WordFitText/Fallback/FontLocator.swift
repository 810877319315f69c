import CFontconfig
import WordFitCore

/// Finds installed fonts through fontconfig: by family or pattern, and for characters a font
/// lacks.
///
/// fontconfig reads its configuration once per process: `FONTCONFIG_FILE` when set (WordFit's
/// tests point it at a configuration listing only the committed fonts), the system's otherwise.
/// Matching is thread-safe.
public enum FontLocator {
  /// fontconfig's version, for example `2.14.1`.
  public static var fontconfigVersion: String {
    let version = Int(wf_fc_version())
    return "\(version / 10000).\(version / 100 % 100).\(version % 100)"
  }

  /// The installed font that best matches a fontconfig pattern such as `Inter`,
  /// `Noto Sans:bold` or `DejaVu Sans:weight=700`.
  ///
  /// - Parameter weight: an OpenType weight (1…1000) replacing the pattern's, or `nil`.
  /// - Throws: ``WordFitError`` `.missingInput` when the pattern does not parse or no font is
  ///   installed at all.
  /// - Complexity: O(*f*) in the number of installed fonts.
  public static func match(_ pattern: String, weight: Int? = nil) throws -> FontMatch {
    var found = wf_fc_font()
    var requested = [CChar](repeating: 0, count: 256)
    guard !pattern.utf8.contains(0),
      wf_fc_match(pattern, Int32(weight ?? 0), &found, &requested, requested.count) != 0
    else {
      throw WordFitError(
        .missingInput,
        "font \"\(pattern)\" is not a font file, and fontconfig found no installed font for it; give a font file or an installed family (see fc-list)",
        input: pattern)
    }
    return FontMatch(
      pattern: pattern, requestedFamily: cString(requested), font: description(of: found),
      isRequestedFamily: found.family_matches != 0)
  }

  /// The installed font that draws every one of `scalars`, preferring `language` (BCP 47,
  /// such as `zh-CN`), colour when `preferringColor`, and the primary font's `weight` and
  /// `italic` style; `nil` when no installed font covers them all.
  ///
  /// - Complexity: O(*f*) in the number of installed fonts.
  public static func fallback(
    for scalars: [Unicode.Scalar], language: String?, preferringColor: Bool, weight: Int?, italic: Bool
  ) -> FontDescription? {
    var found = wf_fc_font()
    let points = scalars.map { UInt32($0.value) }
    let ok = points.withUnsafeBufferPointer {
      wf_fc_fallback(
        $0.baseAddress, Int32($0.count), language, preferringColor ? 1 : 0, Int32(weight ?? 0), italic ? 1 : 0,
        &found)
    }
    return ok != 0 ? description(of: found) : nil
  }

  /// Every installed family, sorted, each once.
  ///
  /// - Complexity: O(*f* log *f*) in the number of installed fonts.
  public static func families() -> [String] {
    guard let list = wf_fc_families() else { return [] }
    defer { wf_fc_free(list) }
    return Array(Set(String(cString: list).split(separator: "\n").map(String.init))).sorted()
  }

  /// Up to `count` installed families closest to `family` (by edit distance, ignoring case).
  ///
  /// - Complexity: O(*f* × *n*²) for *f* families of length about *n*.
  public static func closestFamilies(to family: String, count: Int = 3) -> [String] {
    let wanted = Array(family.lowercased())
    return families().map { ($0, editDistance(wanted, Array($0.lowercased()))) }
      .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
      .prefix(count).map(\.0)
  }

  private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1] + [Int](repeating: 0, count: b.count)
      for (j, y) in b.enumerated() {
        current[j + 1] = Swift.min(previous[j] + (x == y ? 0 : 1), previous[j + 1] + 1, current[j] + 1)
      }
      previous = current
    }
    return previous[b.count]
  }

  private static func description(of font: wf_fc_font) -> FontDescription {
    var font = font
    let path = withUnsafeBytes(of: &font.file) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let family = withUnsafeBytes(of: &font.family) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let style = withUnsafeBytes(of: &font.style) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    // fontconfig's index carries a variable font's named instance in its upper 16 bits
    // (FreeType's convention); WordFit sets the axes itself (`wght` from the weight), so only
    // the face is kept.
    return FontDescription(
      path: path, faceIndex: Int(font.index) & 0xFFFF, family: family, style: style, isColor: font.color != 0)
  }
}
