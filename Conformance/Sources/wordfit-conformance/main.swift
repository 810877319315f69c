import Foundation
import WordFit

// Runs the public conformance suites under a folder (Conformance/suites) through WordFit's
// library, prints `suite: passed/total (skipped …)` per suite and each failure, and writes the
// scores as JSON. Not part of the product: scripts/conformance.sh builds and runs it.
//
//   wordfit-conformance FOLDER SCORES.json
//   wordfit-conformance phrases LANGUAGE < LINES

let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "phrases" {
  // For scripts/phrases-vs-budoux.py: each line of standard input's ICU breaks and phrase
  // breaks (`--word-break phrase`) with LANGUAGE's model, in Unicode scalars, one JSON line each.
  do {
    let (segmenter, breaker) = (try BudouXSuite.segmenter(language: arguments[2]), try LineBreaker())
    while let line = readLine() {
      let segments = breaker.segments(of: line)
      let icu = BudouXSuite.offsets(of: segments.map(\.text))
      let phrases = BudouXSuite.offsets(of: segmenter.phrases(of: segments).map(\.text))
      print(#"{"icu": \#(icu), "phrases": \#(phrases)}"#)
    }
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("wordfit-conformance: \(error)\n".utf8))
    exit(1)
  }
}
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: wordfit-conformance FOLDER SCORES.json\n".utf8))
  exit(64)
}
do {
  let lineBreakTest = "/usr/share/unicode/auxiliary/LineBreakTest.txt"
  guard FileManager.default.fileExists(atPath: lineBreakTest) else {
    FileHandle.standardError.write(
      Data("wordfit-conformance: \(lineBreakTest) is missing; install Debian's unicode-data\n".utf8))
    exit(66)
  }
  let suites =
    [
      try HyphenSuite(folder: arguments[1] + "/hyphen").run(), try LineBreakSuite(path: lineBreakTest).run(),
      try BudouXSuite(path: arguments[1] + "/budoux/ja.tsv").run(),
      try WPTCSS3LineBreakSuite(path: arguments[1] + "/wpt-css3-line-break/cases.tsv").run(),
      try WPTCSSTextSuite(
        folder: arguments[1] + "/wpt-css-text", sansFont: arguments[1] + "/../../Fonts/DejaVuSans.ttf"
      ).run(),
    ] + (try WPTLineBreakSuite(path: arguments[1] + "/wpt-line-break/cases.tsv").run())
  let textRendering = try TextRenderingSuite(folder: arguments[1] + "/text-rendering").run()
  let scores = suites + [textRendering.score]
  print("reference: \(textRendering.freeStack.line) — the score text-rendering is to reach")
  for score in scores {
    print(score.line)
    for failure in score.failures.prefix(5) { print("  failed: \(failure)") }
    if score.failures.count > 5 { print("  … and \(score.failures.count - 5) more (every one in \(arguments[2]))") }
  }
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  try encoder.encode(Dictionary(uniqueKeysWithValues: scores.map { ($0.name, $0) })).write(
    to: URL(fileURLWithPath: arguments[2]))
} catch {
  FileHandle.standardError.write(Data("wordfit-conformance: \(error)\n".utf8))
  exit(1)
}
