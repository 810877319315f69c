import CQPDF
import Foundation
import WordFitCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Joins PDFs into one without re-rendering: every page copied as it is (qpdf), in row order
/// when every page carries the row label a batch's PDF gives it, else in the order given.
///
/// Shards take rows round-robin (shard *k* of *n* has rows *k*+1, *k*+*n*+1, …), so the row
/// labels, not the files' order, put the print shop's pile in the input's order; a failed row
/// leaves no page and shifts nothing. Fonts and images are not deduplicated across files: cairo
/// embeds in each PDF a subset of the glyphs that PDF draws, so no two shards hold the same
/// font object, and qpdf copies objects as they are.
public enum PDFMerger {
  /// What a merge did.
  public struct Summary: Sendable, Equatable {
    /// Pages written.
    public var pages: Int
    /// Files read.
    public var files: Int
    /// Whether pages were ordered by their row labels (else they are in the order given).
    public var orderedByRow: Bool
    /// When not ordered by row: the first file with a page that has no row label.
    public var unlabelledFile: String?
  }

  /// The most files one merge reads.
  public static let maximumFiles = 4096
  /// The most pages one file may have.
  public static let maximumPagesPerFile = 1_000_000
  /// The most pages one merged PDF may have: qpdf keeps the whole document's objects in
  /// memory while it writes, about 27 KB a page of cairo's badges (270 MB at 10,000 pages).
  public static let maximumPages = 200_000

  /// Writes `output` from the pages of `inputs` (see ``PDFMerger``), through a temporary file
  /// renamed into place.
  ///
  /// - Throws: ``WordFitError`` `.usage` for no input, too many, one given twice, or an output
  ///   that is an input or a stream; `.missingInput` for an input that is not there or not a
  ///   file; `.invalidData` for one that is not a PDF, one qpdf cannot read, or a row on pages
  ///   of two files (shards merged twice); `.io` when the output cannot be written.
  /// - Complexity: O(*p* log *p*) in the pages of all inputs, O(*p*) memory; the pages' contents
  ///   are copied by qpdf, streamed from the inputs.
  public static func merge(_ inputs: [String], into output: String) throws -> Summary {
    try checkInputs(inputs, output: output)
    var pages: [(row: Int, file: Int, page: Int)] = []
    var counts: [Int] = []
    var unlabelled: String?
    for (index, path) in inputs.enumerated() {
      let labels = try pageLabels(path)
      if unlabelled == nil, labels.contains(where: { $0 < 1 }) { unlabelled = path }
      pages += labels.enumerated().map { (row: $1, file: index, page: $0 + 1) }
      counts.append(labels.count)
    }
    guard pages.count <= maximumPages else {
      throw WordFitError(
        .invalidData, "\(pages.count) pages in all; at most \(maximumPages) in one merged PDF, so print it in parts")
    }
    if unlabelled == nil {
      pages.sort { ($0.row, $0.file, $0.page) < ($1.row, $1.file, $1.page) }
      try checkRowsOnce(pages, inputs: inputs)
    }
    let ordered = runs(of: pages)
    // qpdf's memory grows with the page specs (a file's runs in a row make one): interleaved
    // shards are first joined whole, then that one file's pages put in order by one spec.
    let specs = zip(ordered, ordered.dropFirst()).filter { $0.file != $1.file }.count + 1
    if specs <= inputs.count {
      try write(ordered, from: inputs, to: output)
    } else {
      try writeInterleaved(pages, counts: counts, from: inputs, to: output)
    }
    return Summary(pages: pages.count, files: inputs.count, orderedByRow: unlabelled == nil, unlabelledFile: unlabelled)
  }

  private static func checkInputs(_ inputs: [String], output: String) throws {
    guard !inputs.isEmpty else { throw WordFitError(.usage, "give the PDFs to merge, in order") }
    guard inputs.count <= maximumFiles else {
      throw WordFitError(.usage, "\(inputs.count) PDFs; at most \(maximumFiles) in one merge, so merge in steps")
    }
    var seen: [FileIdentity: String] = [:]
    for path in inputs {
      guard try startsLikePDF(path) else {
        throw WordFitError(.invalidData, "\(path) is not a PDF (no %PDF- at its start); give the PDFs to merge")
      }
      if let identity = FileIdentity(path: path) {
        if let other = seen[identity] {
          throw WordFitError(.usage, "\(path) is given twice (also as \(other)); give each PDF once")
        }
        seen[identity] = path
      }
    }
    try FileIdentity.refuseOverwriting(("merged PDF", output), inputs: inputs.map { ("PDF", $0) })
  }

  /// Whether `%PDF-` is in the first 1,024 bytes of the file at `path`, where readers look.
  private static func startsLikePDF(_ path: String) throws -> Bool {
    let (descriptor, _) = try InputFile.open(path, role: "PDF", expecting: .regularFile)
    defer { close(descriptor) }
    let head = FileIdentity.leadingBytes(of: descriptor, count: 1024)
    let filled = head.count
    let signature = Array("%PDF-".utf8)
    return filled >= 5 && (0...(filled - 5)).contains { Array(head[$0..<$0 + 5]) == signature }
  }

  /// The row each page's label holds (0 for none), through qpdf.
  private static func pageLabels(_ path: String) throws -> [Int] {
    var count = 0
    var labels: UnsafeMutablePointer<Int>? = nil
    var message = [CChar](repeating: 0, count: 1024)
    let status = wf_qpdf_page_labels(path, maximumPagesPerFile, &labels, &count, &message, message.count)
    defer { wf_qpdf_free(labels) }
    guard status != 1 else {
      throw WordFitError(.invalidData, "\(path) has \(count) pages; at most \(maximumPagesPerFile) a file")
    }
    guard status == 0, let labels else { throw unreadable(path, message) }
    return UnsafeBufferPointer(start: labels, count: count).map { Swift.max($0, 0) }
  }

  private static func unreadable(_ path: String, _ message: [CChar]) -> WordFitError {
    let reason = cString(message)
    return WordFitError(
      .invalidData, "\(path) cannot be read as a PDF: \(reason); give an undamaged PDF", input: path,
      underlying: reason)
  }

  /// Throws when one row is on pages of two files (a shard merged twice, or two runs' PDFs).
  private static func checkRowsOnce(_ pages: [(row: Int, file: Int, page: Int)], inputs: [String]) throws {
    for (previous, next) in zip(pages, pages.dropFirst()) where previous.row == next.row && previous.file != next.file {
      throw WordFitError(
        .invalidData,
        "row \(next.row) is in both \(inputs[previous.file]) and \(inputs[next.file]); give each shard's PDF once, from one run"
      )
    }
  }

  /// Consecutive pages of one file as ranges: (file, first, last).
  private static func runs(of pages: [(row: Int, file: Int, page: Int)]) -> [(file: Int, first: Int, last: Int)] {
    var runs: [(file: Int, first: Int, last: Int)] = []
    for page in pages {
      if let last = runs.last, last.file == page.file, last.last + 1 == page.page {
        runs[runs.count - 1].last = page.page
      } else {
        runs.append((page.file, page.page, page.page))
      }
    }
    return runs
  }
}
