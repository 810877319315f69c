import Foundation
import WordFitBadges
import WordFitBatch
import WordFitCore

/// An attendee export loaded once for a desk (the same CSV rules as `batch`: UTF-8, a header
/// line, RFC 4180 quoting, the delimiter sniffed): each row's fields by column, found by the
/// key a scan carries or by a name typed in any script, accents and case aside.
public struct DeskExport: Sendable {
  /// The most rows an export may hold.
  public static let maximumRows = 1_000_000

  /// The file it was read from.
  public let path: String
  /// The header's column names, lower-cased.
  public let columns: [String]
  /// The column whose value a scan carries.
  public let keyColumn: String
  /// Each row's fields, in the header's order.
  private let rows: [[String]]
  /// Each row's line in the file (1-based, the header is line 1).
  private let lines: [Int]
  /// Each key's row.
  private let keys: [String: Int]
  /// Each row's searchable text: the template's text columns, folded (``fold(_:)``).
  /// Each row's folded name as UTF-8: searched byte for byte (Foundation's `String.contains`
  /// traps on a query with a NUL in it).
  private let searchText: [[UInt8]]
  /// The key column's index in ``columns``.
  private let keyIndex: Int
  /// The columns a name is read from: those the template's texts read (else every column).
  public let nameColumns: [String]
  /// Rows left out, each with its line and why (a malformed row, a duplicate key).
  public let problems: [String]

  /// How many rows it holds.
  public var count: Int { rows.count }

  /// Reads the export at `path` for `template`, its key in `keyColumn` (default: the column of
  /// the template's first QR code).
  ///
  /// - Throws: ``WordFitError`` `.usage` naming ``Parameter/scanKey`` for a key column the header
  ///   lacks or none to default to; `.invalidData` for a missing header, a column the template
  ///   uses that the header lacks, or more than ``maximumRows`` rows; as ``CSVReader``.
  /// - Complexity: O(*n*) in the file's size.
  public init(path: String, template: BadgeTemplate, keyColumn: String? = nil) throws {
    let reader = try CSVReader(path: path, delimiter: nil)
    guard let header = reader.next(), header.problem == nil else {
      throw WordFitError(.invalidData, "\(path) has no header line; the desk reads an export with a header")
    }
    let columns = try header.fields.indices.map { index in
      guard let name = header.text(at: index) else {
        throw WordFitError(.invalidData, "the header of \(path) is not valid UTF-8; save the file as UTF-8")
      }
      return name.trimmingCharacters(in: CharacterSet.whitespaces.union(["\u{FEFF}"])).lowercased()
    }
    try Self.checkColumns(columns, template: template, path: path)
    let key = try Self.keyColumn(keyColumn, template: template, columns: columns, path: path)
    (self.path, self.columns, self.keyColumn) = (path, columns, columns[key])
    let names = Self.textColumns(template, columns)
    (nameColumns, keyIndex) = (names.map { columns[$0] }, key)
    var table = Table()
    while let record = reader.next() {
      guard table.rows.count < Self.maximumRows else {
        throw WordFitError(.invalidData, "\(path) has more than \(Self.maximumRows) rows; split the export")
      }
      table.add(record, columns: columns, key: key, textColumns: names)
    }
    (rows, lines, keys, searchText, problems) = (
      table.rows, table.lines, table.keys, table.search.map { Array($0.utf8) }, table.problems
    )
  }

  /// The rows being read, their keys and search texts.
  private struct Table {
    var rows: [[String]] = []
    var lines: [Int] = []
    var keys: [String: Int] = [:]
    var search: [String] = []
    var problems: [String] = []

    mutating func add(_ record: CSVRecord, columns: [String], key: Int, textColumns: [Int]) {
      let line = record.line
      if let problem = record.problem { return problems.append("line \(line): \(problem)") }
      guard record.fields.count <= columns.count else {
        return problems.append(
          "line \(line): \(record.fields.count) fields where the header has \(columns.count); quote fields that contain the delimiter"
        )
      }
      var values: [String] = []
      for index in columns.indices {
        guard record.fields.indices.contains(index) else {
          values.append("")
          continue
        }
        guard let text = record.text(at: index) else {
          return problems.append("line \(line): not valid UTF-8; save the file as UTF-8")
        }
        values.append(text)
      }
      let code = values[key].trimmingCharacters(in: .whitespaces)
      if !code.isEmpty {
        if let other = keys[code] {
          return problems.append(
            "line \(line): the key \"\(TextFormatting.excerpt(code))\" is line \(lines[other])'s too; only line \(lines[other]) prints by it"
          )
        }
        keys[code] = rows.count
      }
      rows.append(values)
      lines.append(line)
      search.append(DeskExport.fold(textColumns.map { values[$0] }.joined(separator: " ")))
    }
  }

  /// The key column's index: `asked`, else the column of the template's first QR code.
  private static func keyColumn(_ asked: String?, template: BadgeTemplate, columns: [String], path: String) throws
    -> Int
  {
    guard let name = asked?.lowercased() ?? template.qrCodes.first.flatMap({ BadgeText.columns(in: $0.data).first })
    else {
      throw WordFitError(
        .usage,
        "the template has no QR code to take the scan's column from; name the column a scan carries with \(Parameter.scanKey) COLUMN",
        reason: .malformed(.scanKey, value: "", expected: "a column of the export"))
    }
    guard let index = columns.firstIndex(of: name.lowercased()) else {
      throw WordFitError(
        .usage, "\(path) has no column \"\(name)\" for the key; its columns are \(columns.joined(separator: ", "))",
        reason: .malformed(.scanKey, value: name, expected: "a column of the export"))
    }
    return index
  }

  /// Refuses an export that lacks a column the template must fill.
  private static func checkColumns(_ columns: [String], template: BadgeTemplate, path: String) throws {
    if let missing = template.columnReferences.first(where: { $0.allSatisfy { !columns.contains($0) } }) {
      throw WordFitError(
        .invalidData,
        "\(path) has no column \(missing.joined(separator: " or ")), which the template uses; its columns are \(columns.joined(separator: ", "))"
      )
    }
  }

  /// The columns a name search reads: those the template's texts read, else every column.
  private static func textColumns(_ template: BadgeTemplate, _ columns: [String]) -> [Int] {
    let used = template.regions.flatMap { BadgeText.columns(in: $0.text) }.map { $0.lowercased() }
    let indices = columns.indices.filter { used.contains(columns[$0]) }
    return indices.isEmpty ? Array(columns.indices) : indices
  }

  /// `text` folded for search: NFKC, case, accents and width aside (`Zoë` and `ZOE` match,
  /// `Ｒｙｏ` and `ryo`, `İstanbul` and `istanbul`).
  ///
  /// - Complexity: O(*n*) in the text's length.
  public static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      .precomposedStringWithCompatibilityMapping
  }

  /// The row whose key is `key` (spaces at its ends aside), or `nil`.
  public func row(forKey key: String) -> Int? { keys[key.trimmingCharacters(in: .whitespaces)] }

  /// Row `index`'s fields by lower-cased column.
  public func fields(ofRow index: Int) -> [String: String] {
    Dictionary(zip(columns, rows[index])) { first, _ in first }
  }

  /// Row `index`'s line in the file.
  public func line(ofRow index: Int) -> Int { lines[index] }

  /// Row `index`'s key, or `nil` when its cell is empty.
  public func key(ofRow index: Int) -> String? {
    let code = rows[index][keyIndex].trimmingCharacters(in: .whitespaces)
    return code.isEmpty ? nil : code
  }

  /// The rows whose name holds every word of `query` (folded), in the export's order, at most
  /// `limit`.
  ///
  /// - Complexity: O(*n* × *q*) in the rows' search texts and the query's words.
  public func search(_ query: String, limit: Int = 20) -> [Int] {
    let words = Self.fold(query).split(whereSeparator: \.isWhitespace).map { Array($0.utf8) }
    guard !words.isEmpty, limit > 0 else { return [] }
    var found: [Int] = []
    for (index, text) in searchText.enumerated() where words.allSatisfy({ Self.bytes(text, contain: $0) }) {
      found.append(index)
      if found.count == limit { break }
    }
    return found
  }

  /// Whether `text` holds `word`, byte for byte.
  ///
  /// - Complexity: O(*n* × *m*) in the lengths.
  static func bytes(_ text: [UInt8], contain word: [UInt8]) -> Bool {
    guard let first = word.first else { return true }
    guard word.count <= text.count else { return false }
    var start = 0
    while start <= text.count - word.count {
      if text[start] == first, text[start..<start + word.count].elementsEqual(word) { return true }
      start += 1
    }
    return false
  }
}
