import CICU
import WordFitCore

/// Line-break opportunities by ICU (UAX #14 with ICU's tailorings and its dictionaries for
/// Thai, Lao, Khmer, Myanmar and CJK), for the fitting engine's `wrap` and `line` layouts.
///
/// Breaks are strict by default (`lb=strict`, CSS `line-break: strict`): no line starts with a
/// small kana, "ー", "、", "。" or a closing bracket (kinsoku); ``LineBreakStrictness`` chooses
/// `normal`, `loose` or `anywhere` (every grapheme cluster boundary). A break never falls inside
/// a grapheme cluster. Owns its ICU iterator (closed in `deinit`); not thread-safe: one per
/// thread.
public final class LineBreaker: LineBreaking {
  private let iterator: OpaquePointer
  /// The locale the rules and dictionaries follow (`ja@lb=strict`).
  public let locale: String
  /// How strictly lines may break.
  public let strictness: LineBreakStrictness
  /// Whether CSS's Chinese and Japanese tailorings of `normal` and `loose` that ICU 72 lacks
  /// apply (``cssTailored(_:loose:)``): the language is `ja` or `zh`.
  private let tailorsForCSS: Bool

  /// A breaker for text in `language` (BCP 47, such as `th` or `ja`; `nil` for the root rules),
  /// `strictness` strict (ICU's `lb` keyword; `anywhere` adds every grapheme cluster boundary
  /// to the loose rules' breaks).
  ///
  /// - Throws: ``WordFitError`` `.invalidData` when ICU cannot open its line rules (its data
  ///   is missing), naming ICU's error.
  public init(language: String? = nil, strictness: LineBreakStrictness = .strict) throws {
    self.strictness = strictness
    let keyword = strictness == .anywhere ? "loose" : strictness.rawValue
    let locale = (language?.replacingOccurrences(of: "-", with: "_") ?? "") + "@lb=" + keyword
    var failure: UnsafePointer<CChar>? = nil
    guard let iterator = wf_line_breaker_open(locale, &failure) else {
      throw WordFitError(
        .invalidData,
        "ICU could not open its line-break rules for \"\(locale)\" (\(failure.map { String(cString: $0) } ?? "unknown error")); reinstall libicu72",
        underlying: failure.map { String(cString: $0) })
    }
    self.iterator = iterator
    self.locale = locale
    let primary = language?.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first
    tailorsForCSS = (strictness == .normal || strictness == .loose) && (primary == "ja" || primary == "zh")
  }

  deinit { wf_line_breaker_close(iterator) }

  /// ICU's version, such as `72.1`.
  public static var icuVersion: String { String(cString: wf_icu_version()) }

  /// `text` cut at every line-break opportunity that is also a grapheme cluster boundary.
  ///
  /// - Complexity: O(*n*) in the text's length.
  public func segments(of text: String) -> [LineSegment] {
    let units = Array(text.utf16)
    guard !units.isEmpty else { return [] }
    var offsets = [Int32](repeating: 0, count: units.count + 1)
    var mandatory = [UInt8](repeating: 0, count: units.count + 1)
    let count = Int(
      wf_line_breaks(iterator, units, Int32(units.count), &offsets, &mandatory, Int32(offsets.count)))
    guard count > 0 else { return [LineSegment(text)] }
    var segments: [LineSegment] = []
    var start = text.startIndex
    for index in 0..<count {
      let position = String.Index(utf16Offset: Int(offsets[index]), in: text)
      guard position > start, position.samePosition(in: text) != nil || position == text.endIndex else { continue }
      segments.append(LineSegment(String(text[start..<position]), endsWithMandatoryBreak: mandatory[index] != 0))
      start = position
    }
    if start < text.endIndex { segments.append(LineSegment(String(text[start...]))) }
    if tailorsForCSS { return Self.cssTailored(segments, loose: strictness == .loose) }
    return strictness == .anywhere ? Self.everyCluster(segments) : segments
  }

  /// `segments` with the breaks CSS Text 3 allows in Chinese and Japanese text under `normal`
  /// and `loose` that ICU 72's `lb=normal` and `lb=loose` do not give, after a kana or an
  /// ideograph: before the hyphens U+2010 and U+2013 (both), and before an inseparable
  /// character (line-break class IN: ‥ … and the like; `loose` only). web-platform-tests'
  /// `css/css-text/i18n` suites check them.
  ///
  /// - Complexity: O(*n*) in the text's length.
  static func cssTailored(_ segments: [LineSegment], loose: Bool) -> [LineSegment] {
    let hyphens: Set<UInt32> = [0x2010, 0x2013]
    let inseparable: Set<UInt32> = [0x2024, 0x2025, 0x2026, 0x22EF, 0xFE19, 0x10AF6]
    return segments.flatMap { segment -> [LineSegment] in
      let characters = Array(segment.text)
      var pieces: [LineSegment] = []
      var start = 0
      for index in characters.indices.dropFirst() {
        guard let first = characters[index].unicodeScalars.first?.value,
          let before = characters[index - 1].unicodeScalars.last, isKanaOrIdeograph(before),
          hyphens.contains(first) || (loose && inseparable.contains(first))
        else { continue }
        pieces.append(LineSegment(String(characters[start..<index])))
        start = index
      }
      guard start > 0 else { return [segment] }
      var last = segment
      last.text = String(characters[start...])
      return pieces + [last]
    }
  }

  /// Whether `scalar` is a kana or a CJK ideograph (the letters CSS's tailorings follow).
  static func isKanaOrIdeograph(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3041...0x30FA, 0x30FC...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9F,
      0x20000...0x3FFFF:
      true
    default: false
    }
  }

  /// Where `text` may break inside it: the UTF-16 offsets of ``segments(of:)``'s ends, the
  /// text's own end left out.
  ///
  /// - Complexity: O(*n*) in the text's length.
  public func breakOffsets(in text: String) -> [Int] {
    var offset = 0
    var result: [Int] = []
    for segment in segments(of: text) {
      offset += segment.text.utf16.count
      if offset < text.utf16.count { result.append(offset) }
    }
    return result
  }

  /// `segments` cut again at every grapheme cluster boundary (CSS `line-break: anywhere`); a
  /// cut keeps a segment's spaces with it, so a space still hangs at a line's end.
  static func everyCluster(_ segments: [LineSegment]) -> [LineSegment] {
    segments.flatMap { segment -> [LineSegment] in
      let trimmed = segment.text.reversed().drop { $0 == " " }.count
      let characters = Array(segment.text)
      guard trimmed > 1 else { return [segment] }
      var pieces = characters[..<(trimmed - 1)].map { LineSegment(String($0)) }
      var last = segment
      last.text = String(characters[(trimmed - 1)...])
      pieces.append(last)
      return pieces
    }
  }
}
