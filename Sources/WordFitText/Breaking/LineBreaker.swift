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
    return strictness == .anywhere ? Self.everyCluster(segments) : segments
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
