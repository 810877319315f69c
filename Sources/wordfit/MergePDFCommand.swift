import Foundation
import WordFit

/// `wordfit merge-pdf`: shards' PDFs joined into one, in row order, without re-rendering.
enum MergePDFCommand {
  /// What `merge-pdf` is asked.
  struct Input {
    var output: String?
  }

  static let options: [Option<Input>] = [
    .value("output", short: "o", "FILE", \.output, as: .string, help: "The merged PDF to write (required).")
  ]

  static let command = Command(
    name: "merge-pdf", abstract: "Join shards' PDFs into one, pages in row order, without re-rendering.",
    usage: "wordfit merge-pdf A.pdf B.pdf … -o ALL.pdf",
    discussion: """
      Copies every page of the PDFs given (qpdf), as they are. When every page carries the row label a batch's \
      --pdf gives it (one badge a page), pages go in row order — shards take rows round-robin, so this puts the \
      pile back in the input's order; otherwise they go in the order given, and that is said. Fonts are not \
      deduplicated: each shard embeds its own subsets. Exit status: 0, 64 usage (no -o, an output that is an \
      input, a file given twice), 65 not a PDF or a row in two files, 66 a missing input, 74 write error.
      """,
    options: options, run: run)

  static func run(_ parsed: ParsedCommandLine<Input>) throws -> Int32 {
    var input = Input()
    try parsed.apply(to: &input)
    guard let output = input.output else {
      throw WordFitError(.usage, "give the merged PDF with -o FILE, e.g. wordfit merge-pdf A.pdf B.pdf -o ALL.pdf")
    }
    let summary =
      try output == "-" ? mergeToStandardOutput(parsed.positionals) : PDFMerger.merge(parsed.positionals, into: output)
    let order =
      summary.orderedByRow
      ? "in row order"
      : "in the order given (\(summary.unlabelledFile ?? "a file") has pages without a row label)"
    Console.error(
      "\(output): \(summary.pages) pages from \(summary.files) PDF\(summary.files == 1 ? "" : "s"), \(order)")
    return 0
  }

  /// Merges `inputs` into a temporary file (qpdf writes a PDF whole, its cross-reference table
  /// last), then copies it to standard output a megabyte at a time and removes it.
  ///
  /// - Throws: as ``PDFMerger/merge(_:into:)``; ``WordFitError`` `.io` when standard output
  ///   cannot take it.
  static func mergeToStandardOutput(_ inputs: [String]) throws -> PDFMerger.Summary {
    let temporary = (NSTemporaryDirectory() as NSString).appendingPathComponent(
      "wordfit-merge-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).pdf")
    defer { unlink(temporary) }
    let summary = try PDFMerger.merge(inputs, into: temporary)
    do {
      let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: temporary))
      defer { try? file.close() }
      while let chunk = try file.read(upToCount: 1 << 20), !chunk.isEmpty {
        try FileHandle.standardOutput.write(contentsOf: chunk)
      }
    } catch {
      throw WordFitError(.io, "cannot write the merged PDF to standard output: \(error)", underlying: "\(error)")
    }
    return summary
  }
}
