import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitPDF

/// `merge-pdf`'s library: shards' pages back in row order by their labels, the same bytes
/// whatever the order the files are given in, and every bad input refused by name before
/// anything is written.
@Suite struct PDFMergerTests {
  /// Writes a PDF at 72 dpi (a pixel is a point) whose pages are `widths` wide, labelled
  /// "row N" by `rows` when given (as a batch's PDF labels its badges).
  static func pdf(_ path: String, widths: [Int], rows: [Int]? = nil) throws {
    let document = try PDFDocument(path: path, dotsPerInch: 72)
    for (index, width) in widths.enumerated() {
      document.beginPage(width: Double(width), height: 50)
      if let rows { document.labelPage("row \(rows[index])") }
      document.fill([PixelBox(minX: 0, minY: 0, maxX: 10, maxY: 10)], .black)
      document.endPage()
    }
    try document.finish()
  }

  /// The pages' widths in points, as poppler reads them (independent of qpdf).
  static func widths(_ path: String) throws -> [Int] {
    let info = try CommandRunner.run(
      "/usr/bin/pdfinfo", ["-f", "1", "-l", "1000", path], in: nil, input: nil, environment: [:]
    ).standardOutput
    return info.split(separator: "\n").filter { $0.hasPrefix("Page") && $0.contains("size:") }.compactMap {
      $0.split(separator: ":").last?.split(separator: " ").first.flatMap { Double($0) }.map { Int($0) }
    }
  }

  @Test func roundRobinShardsComeBackInRowOrder() throws {
    let folder = try TestPaths.makeTemporaryDirectory()
    // Seven rows on three shards (row r is on shard (r - 1) % 3), each page 100 + r wide.
    for shard in 0..<3 {
      let rows = Array(stride(from: shard + 1, through: 7, by: 3))
      try Self.pdf(folder + "/s\(shard).pdf", widths: rows.map { 100 + $0 }, rows: rows)
    }
    let summary = try PDFMerger.merge(
      [folder + "/s2.pdf", folder + "/s0.pdf", folder + "/s1.pdf"], into: folder + "/all.pdf")
    #expect(summary == PDFMerger.Summary(pages: 7, files: 3, orderedByRow: true, unlabelledFile: nil))
    #expect(try Self.widths(folder + "/all.pdf") == Array(101...107))
    // The same bytes from any order of the files; merging the merged file changes nothing.
    _ = try PDFMerger.merge(
      [folder + "/s0.pdf", folder + "/s1.pdf", folder + "/s2.pdf"], into: folder + "/again.pdf")
    _ = try PDFMerger.merge([folder + "/all.pdf"], into: folder + "/once-more.pdf")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/all.pdf"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/again.pdf")) == bytes)
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/once-more.pdf")) == bytes)
    let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
    #expect(left.isEmpty, "no temporary left: \(left)")
  }

  @Test func aRowsFrontAndBackStayTogetherAndFailedRowsLeaveNoGap() throws {
    let folder = try TestPaths.makeTemporaryDirectory()
    // Duplex: two pages a row (front 100 + r, back 200 + r); row 4 failed and has no page.
    try Self.pdf(folder + "/a.pdf", widths: [101, 201, 103, 203], rows: [1, 1, 3, 3])
    try Self.pdf(folder + "/b.pdf", widths: [102, 202, 105, 205], rows: [2, 2, 5, 5])
    _ = try PDFMerger.merge([folder + "/a.pdf", folder + "/b.pdf"], into: folder + "/all.pdf")
    #expect(try Self.widths(folder + "/all.pdf") == [101, 201, 102, 202, 103, 203, 105, 205])
  }

  @Test func pagesWithoutRowLabelsKeepTheOrderGiven() throws {
    let folder = try TestPaths.makeTemporaryDirectory()
    try Self.pdf(folder + "/labelled.pdf", widths: [150], rows: [9])
    try Self.pdf(folder + "/sheets.pdf", widths: [120, 130])
    let summary = try PDFMerger.merge(
      [folder + "/labelled.pdf", folder + "/sheets.pdf"], into: folder + "/all.pdf")
    #expect(!summary.orderedByRow && summary.unlabelledFile == folder + "/sheets.pdf")
    #expect(try Self.widths(folder + "/all.pdf") == [150, 120, 130])
  }

  @Test func badInputsAreRefusedByNameAndNothingIsWritten() throws {
    let folder = try TestPaths.makeTemporaryDirectory()
    try Self.pdf(folder + "/a.pdf", widths: [101, 103], rows: [1, 3])
    try Self.pdf(folder + "/b.pdf", widths: [103], rows: [3])
    try Data("name,company\n".utf8).write(to: URL(fileURLWithPath: folder + "/names.csv"))
    try Data("%PDF-1.5\n1 0 obj garbage".utf8).write(to: URL(fileURLWithPath: folder + "/damaged.pdf"))
    try FileManager.default.createSymbolicLink(atPath: folder + "/link.pdf", withDestinationPath: "a.pdf")
    let out = folder + "/out.pdf"
    let cases: [([String], String, WordFitError.Kind, String)] = [
      ([], out, .usage, "give the PDFs to merge"),
      ([folder + "/missing.pdf"], out, .missingInput, "missing.pdf does not exist"),
      ([folder + "/names.csv"], out, .invalidData, "names.csv is not a PDF"),
      ([folder + "/damaged.pdf"], out, .invalidData, "damaged.pdf cannot be read as a PDF"),
      ([folder + "/a.pdf", folder + "/b.pdf"], out, .invalidData, "row 3 is in both"),
      ([folder + "/a.pdf", folder + "/link.pdf"], out, .usage, "is given twice"),
      ([folder + "/a.pdf"], folder + "/a.pdf", .usage, "would destroy the PDF"),
      ([folder + "/a.pdf"], folder + "/no/such/folder/out.pdf", .io, "does not exist"),
    ]
    for (inputs, output, kind, message) in cases {
      let error = #expect(throws: WordFitError.self) { try PDFMerger.merge(inputs, into: output) }
      #expect(error?.kind == kind && error?.message.contains(message) == true, "\(String(describing: error))")
    }
    #expect(!FileManager.default.fileExists(atPath: out))
    #expect(try Self.widths(folder + "/a.pdf") == [101, 103], "the input is untouched")
  }
}
