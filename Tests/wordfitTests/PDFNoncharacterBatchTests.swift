import Foundation
import Testing
import WordFitTestSupport

/// Issue 38, 8, through the command line: a batch whose names hold noncharacters (which cairo
/// refuses) still writes its whole PDF.
@Suite struct PDFNoncharacterBatchTests {
  /// Issue 38, 8, end to end: a batch whose names hold noncharacters writes its whole PDF.
  @Test func aNameWithANoncharacterKeepsThePDF() throws {
    let names = [text(0x41, 0x64, 0x61, 0xFFFE), text(0x42, 0x6F, 0x62, 0xFDD0), text(0x43, 0x79, 0x10FFFF)]
    let directory = try TestPaths.makeTemporaryDirectory(with: [
      "r.csv": "given,company,role\n" + names.map { "\($0),Co,Staff" }.joined(separator: "\n") + "\n"
    ])
    let run = try InProcess.wordfit(
      [
        "batch", "r.csv", "--template", TestPaths.fixtures + "/badges/badge.template.json", "--pdf", "b.pdf",
        "--manifest", "m.jsonl",
      ], in: directory)
    #expect(run.status == 0, "\(run.standardError)")
    let info = try CommandRunner.run("/usr/bin/pdfinfo", [directory + "/b.pdf"], in: nil, input: nil, environment: [:])
    #expect(info.standardOutput.contains("Pages:           3"), "\(info.standardOutput)")
    let text = try CommandRunner.run(
      "/usr/bin/pdftotext", [directory + "/b.pdf", "-"], in: nil, input: nil, environment: [:])
    #expect(text.standardOutput.contains("Ada") && text.standardOutput.contains("Cy"), "\(text.standardOutput)")
  }

  /// A string of these scalars (Swift's literals refuse noncharacters).
  func text(_ values: UInt32...) -> String {
    var text = String.UnicodeScalarView()
    for value in values { if let scalar = Unicode.Scalar(value) { text.append(scalar) } }
    return String(text)
  }
}
