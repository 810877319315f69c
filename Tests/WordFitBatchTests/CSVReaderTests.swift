import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitBadges
@testable import WordFitBatch
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitText

@Suite struct CSVReaderTests {
  func records(_ text: [UInt8]) throws -> [CSVRecord] {
    let path = try TestPaths.makeTemporaryDirectory() + "/in.csv"
    try Data(text).write(to: URL(fileURLWithPath: path))
    let reader = try CSVReader(path: path)
    var all: [CSVRecord] = []
    while let record = reader.next() { all.append(record) }
    return all
  }

  func texts(_ record: CSVRecord) -> [String] { record.fields.indices.map { record.text(at: $0) ?? "<invalid>" } }

  @Test func quotedFieldsWithCommasQuotesAndNewlines() throws {
    let all = try records(Array("id,name\r\n1,\"Smith, Jo\"\r\n2,\"Say \"\"hi\"\"\"\n3,\"two\nlines\"\n4,plain\n".utf8))
    #expect(
      all.map(texts) == [
        ["id", "name"], ["1", "Smith, Jo"], ["2", "Say \"hi\""], ["3", "two\nlines"], ["4", "plain"],
      ])
    #expect(all.map(\.line) == [1, 2, 3, 4, 6])
    #expect(all.allSatisfy { $0.problem == nil })
  }

  @Test func byteOrderMarkAndBlankLinesAndMissingFinalNewline() throws {
    let all = try records([0xEF, 0xBB, 0xBF] + Array("name\n\nAimée\r\n\r\nZoë".utf8))
    #expect(all.map(texts) == [["name"], ["Aimée"], ["Zoë"]])
  }

  @Test func emptyFields() throws {
    let all = try records(Array("a,,c\n,\n\"\",x\n".utf8))
    #expect(all.map(texts) == [["a", "", "c"], ["", ""], ["", "x"]])
  }

  @Test func unbalancedQuoteSpoilsOnlyItsLine() throws {
    let all = try records(Array("name\n\"Broken, quote\nGood One\nAlso Good\n".utf8))
    #expect(all.count == 4)
    #expect(all[1].problem?.contains("line 2") == true)
    #expect(texts(all[2]) == ["Good One"] && all[2].line == 3)
    #expect(texts(all[3]) == ["Also Good"])
  }

  @Test func strayQuotesAreProblems() throws {
    let all = try records(Array("ab\"c\n\"ab\"c\n".utf8))
    #expect(all.allSatisfy { $0.problem != nil })
  }

  @Test func invalidUTF8IsReportedPerField() throws {
    let all = try records(Array("1,".utf8) + [0x43, 0xFF] + Array("\n2,ok\n".utf8))
    #expect(all[0].text(at: 1) == nil)
    #expect(all[1].text(at: 1) == "ok")
  }

  @Test func largeFilesStreamAcrossChunks() throws {
    var text = "id,name\n"
    for index in 0..<20_000 { text += "\(index),\"Name \(index), Jr.\"\n" }
    let all = try records(Array(text.utf8))
    #expect(all.count == 20_001)
    #expect(texts(all[12_345]) == ["12344", "Name 12344, Jr."])
  }
}

@Suite struct ManifestWriterTests {
  @Test func linesAreWhatJSONEncoderWrites() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let rows = [
      BatchRowReport(
        row: 1, line: 2, id: "A1", text: "Aimée \"Q\" Back\\slash/Tab\tNew\nline\u{1}", file: "a1-aimee.png",
        size: 56.015625,
        truncatedWords: ["Ω"], warnings: ["no glyph for U+E000"], error: nil, status: .written),
      BatchRowReport(
        row: 2, line: 3, id: nil, text: nil, file: nil, size: nil, truncatedWords: [], warnings: [],
        error: "the text is empty", status: .failed),
      BatchRowReport(
        row: 3, line: 4, id: "x", text: "72 px", file: "x.png", size: 72, truncatedWords: [], warnings: [], error: nil,
        status: .skipped),
    ]
    var badge = rows[0]
    badge.regions = [
      .init(
        name: "given", text: "Ada", size: 34, points: 24.48, minimumPoints: 8, limit: "width", truncated: false,
        side: nil, lostOnOneBit: nil),
      .init(
        name: "gi\"ven", text: "Ada", size: 7.984375, points: 5.75, minimumPoints: 8, limit: "height", truncated: true,
        side: "back", lostOnOneBit: true),
    ]
    #expect(ManifestWriter.line(badge) == String(decoding: try encoder.encode(badge), as: UTF8.self))
    for row in rows {
      let expected = String(decoding: try encoder.encode(row), as: UTF8.self)
      #expect(ManifestWriter.line(row) == expected)
    }
  }

  /// Lines without quotes are split whole (issue 39: reading byte by byte was a tenth of a
  /// batch's reading thread); every record must be what reading byte by byte gives, in memory
  /// and from a file read in 64 KiB chunks (lines across chunks, a CR at a chunk's end).
  @Test func splittingUnquotedLinesReadsWhatByteByByteReads() throws {
    var generator = SeededGenerator(seed: 39)
    let pieces = ["a", "b", "é", " ", ",", ";", "\t", "\"", "\"\"", "\r", "\n", "\r\n", "\n\n", "\u{FEFF}"]
    func text(_ count: Int) -> [UInt8] {
      Array((0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }.joined().utf8)
    }
    func all(_ reader: CSVReader) -> [String] {
      var out: [String] = []
      while let record = reader.next() {
        out.append("\(record.index) \(record.line) \(record.fields) \(record.problem ?? "-")")
      }
      return out
    }
    for round in 0..<1_500 {
      let bytes = text(Int.random(in: 0...60, using: &generator))
      for delimiter: UInt8? in [0x2C, 0x3B, nil] {
        let slow = CSVReader(bytes: bytes, delimiter: delimiter)
        slow.splitsUnquotedLines = false
        let expected = all(slow)
        #expect(all(CSVReader(bytes: bytes, delimiter: delimiter)) == expected, "round \(round): \(bytes)")
        // Skipping (how a batch counts its rows first) passes the same records: every other
        // record skipped, the others read, are the full list's.
        let mixed = CSVReader(bytes: bytes, delimiter: delimiter)
        var (kept, count) = ([String](), 0)
        while true {
          if count % 2 == 0 {
            guard mixed.skip() else { break }
          } else {
            guard let record = mixed.next() else { break }
            kept.append("\(record.index) \(record.line) \(record.fields) \(record.problem ?? "-")")
          }
          count += 1
        }
        #expect(count == expected.count, "round \(round): \(bytes)")
        #expect(kept == expected.enumerated().filter { $0.offset % 2 == 1 }.map(\.element), "round \(round)")
      }
    }
    // Mostly plain lines, a quoted one now and then, about 300 KiB: several chunks.
    var long: [UInt8] = []
    while long.count < 300_000 {
      long += Int.random(in: 0..<8, using: &generator) == 0 ? text(12) : Array("A\(long.count),Ada Lovelace,x\r\n".utf8)
    }
    let path = try TestPaths.makeTemporaryDirectory() + "/long.csv"
    try Data(long).write(to: URL(fileURLWithPath: path))
    let slow = try CSVReader(path: path)
    slow.splitsUnquotedLines = false
    let fast = all(try CSVReader(path: path))
    #expect(fast.count > 5_000)
    #expect(fast == all(slow))
  }
}
