import WordFitCore
import WordFitImage
import WordFitLayout
import WordFitText

/// Turns a name template and a row into a file name inside the output folder.
///
/// Placeholders: `{row}` (the 1-based data row number), `{slug}` (the text, see
/// ``Slug/make(from:maximumLength:fallback:)``), and `{COLUMN}` for any column of the header
/// (`{id}`, `{role}` …; see ``Slug/component(from:maximumLength:fallback:)``). Templates cannot
/// contain `/`, so no name leaves the folder; `.png` (or the format's ending) is added when missing. Two rows that map to
/// the same name get `-2`, `-3` … in input order, so names are deterministic (and the same in
/// every shard, since every shard names every row).
public struct FileNamer: Sendable {
  private enum Part: Sendable {
    case literal(String)
    case row
    case slug
    case column(Int)
  }

  private let parts: [Part]
  /// The ending every name gets (`.png`, `.svg`).
  private let suffix: String
  /// FNV-1a hashes of the names given so far: about 10 bytes a row, whatever the names' length.
  private var used = NameHashes()

  /// Parses `template` against the header's column names; `expectedRows` sizes the memory of
  /// the names given once (it still grows past it). Names end in `.fileExtension` (added when
  /// the template does not end so).
  ///
  /// - Throws: ``WordFitError`` `.usage` for a `/`, an unclosed `{` or an unknown placeholder.
  public init(template: String, columns: [String], expectedRows: Int = 0, fileExtension: String = "png") throws {
    used = NameHashes(expected: expectedRows)
    suffix = "." + fileExtension
    guard !template.contains("/"), !template.contains("\0") else {
      throw WordFitError.malformed(
        .nameTemplate, template, expected: "a file name (no '/': names are always inside the output folder)")
    }
    var parts: [Part] = []
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      if open > rest.startIndex { parts.append(.literal(String(rest[..<open]))) }
      guard let close = rest[open...].firstIndex(of: "}") else {
        throw WordFitError.malformed(
          .nameTemplate, template, expected: "a template whose every opening brace is closed")
      }
      let key = String(rest[rest.index(after: open)..<close])
      switch key {
      case "row": parts.append(.row)
      case "slug": parts.append(.slug)
      default:
        guard let index = columns.firstIndex(where: { $0.lowercased() == key.lowercased() }) else {
          let known = (["row", "slug"] + columns).map { "{\($0)}" }
          throw WordFitError.notOneOf(.nameTemplate, "{\(key)}", choices: known)
        }
        parts.append(.column(index))
      }
      rest = rest[rest.index(after: close)...]
    }
    if !rest.isEmpty { parts.append(.literal(String(rest))) }
    try Self.checkFixedText(of: parts, template: template)
    self.parts = parts
  }

  /// Refuses a template whose fixed text alone is longer than a file name may be, before any
  /// row is named (a 70,000-byte template used to fail only in the archive, after rendering).
  private static func checkFixedText(of parts: [Part], template: String) throws {
    let literalBytes = parts.reduce(0) { sum, part in
      if case .literal(let text) = part { return sum + text.utf8.count }
      return sum
    }
    guard literalBytes <= maximumLiteralBytes else {
      throw WordFitError.malformed(
        .nameTemplate, TextFormatting.excerpt(template, limit: 40),
        expected:
          "a template whose fixed text fits a file name (\(literalBytes) bytes; a name holds at most \(maximumLiteralBytes))"
      )
    }
  }

  /// The most bytes of fixed text a template may have: a file name holds 255 bytes.
  static let maximumLiteralBytes = 255

  /// The most bytes of a name, `-N` and `.png` included: a file system's name limit. A name
  /// whose filled columns make it longer is cut before its `-N.png`, at a character boundary.
  static let maximumNameBytes = 255

  /// The file name for a row, unique among the names returned so far.
  public mutating func name(row: Int, text: String, fields: (Int) -> String?) -> String {
    var base = ""
    for part in parts {
      switch part {
      case .literal(let text): base += text
      case .row: base += String(row)
      case .slug: base += Slug.make(from: text)
      case .column(let index): base += Slug.component(from: fields(index) ?? "")
      }
    }
    if Self.hasSuffixIgnoringASCIICase(base, suffix) { base.removeLast(suffix.count) }
    if Self.needsCleaning(base) {
      while base.contains("..") { base = base.replacingOccurrences(of: "..", with: ".") }
      while base.hasPrefix(".") || base.hasPrefix("-") { base.removeFirst() }
    }
    if base.isEmpty || base == ".." { base = "row-\(row)" }
    func named(_ suffix: String) -> String {
      var cut = base
      while cut.utf8.count + suffix.utf8.count > Self.maximumNameBytes, !cut.isEmpty { cut.removeLast() }
      return cut + suffix
    }
    var candidate = named(suffix)
    var number = 2
    while !used.insert(Slug.fnv1a(candidate)) {
      candidate = named("-\(number)\(suffix)")
      number += 1
    }
    return candidate
  }

  /// `text.lowercased().hasSuffix(suffix)`, by bytes when the suffix is lower-case ASCII and
  /// the text ends in ASCII (no character then spans the suffix's start).
  static func hasSuffixIgnoringASCIICase(_ text: String, _ suffix: String) -> Bool {
    let ending = suffix.utf8
    let tail = text.utf8.suffix(ending.count + 1)
    guard ending.allSatisfy({ $0 < 0x80 && !(0x41...0x5A).contains($0) }), tail.allSatisfy({ $0 < 0x80 }) else {
      return text.lowercased().hasSuffix(suffix)
    }
    guard text.utf8.count >= ending.count else { return false }
    return zip(tail.suffix(ending.count), ending).allSatisfy { byte, wanted in
      byte == wanted || ((0x41...0x5A).contains(byte) && byte | 0x20 == wanted)
    }
  }

  /// Whether a name has `..` in it or starts with `.` or `-`, which the caller removes; most
  /// names have neither, and are checked by their bytes alone.
  static func needsCleaning(_ text: String) -> Bool {
    guard let first = text.utf8.first else { return false }
    if first == 0x2E || first == 0x2D { return true }
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if byte == 0x2E && previous == 0x2E { return true }
      previous = byte
    }
    return false
  }
}
