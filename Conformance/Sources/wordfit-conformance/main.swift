import Foundation
import WordFit

// Runs the public conformance suites under a folder (Conformance/suites) through WordFit's
// library, prints `suite: passed/total (skipped …)` per suite and each failure, and writes the
// scores as JSON. Not part of the product: scripts/conformance.sh builds and runs it.
//
//   wordfit-conformance FOLDER SCORES.json

let arguments = CommandLine.arguments
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
  let scores = [
    try HyphenSuite(folder: arguments[1] + "/hyphen").run(), try LineBreakSuite(path: lineBreakTest).run(),
  ]
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
