import Foundation
import WordFit

/// web-platform-tests' Japanese and Chinese `line-break` tests (`css/css-text/i18n/{ja,zh}/`):
/// "文文文文文文X字字" under `--language ja|zh` and `--line-break strict|normal|loose`, through
/// WordFit's line breaker (`LineBreaker(language:strictness:)`, what `--line-break` runs): a
/// break before X must be offered exactly when the test says X may start a line. Scored per
/// strictness, as the issue asks (each at least 99% of its cases).
struct WPTLineBreakSuite {
  /// The cases file.
  var path: String

  /// Runs every case; one score a strictness (`wpt-line-break-strict`, …).
  func run() throws -> [SuiteScore] {
    var scores: [LineBreakStrictness: SuiteScore] = [:]
    var breakers: [String: LineBreaker] = [:]
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 6, let strictness = LineBreakStrictness(rawValue: fields[2]),
        let value = UInt32(fields[3], radix: 16), let scalar = Unicode.Scalar(value)
      else { continue }
      let key = fields[1] + "|" + fields[2]
      let breaker = try breakers[key] ?? LineBreaker(language: fields[1], strictness: strictness)
      breakers[key] = breaker
      var text = "文文文文文文"
      text.unicodeScalars.append(scalar)
      text += "字字"
      let breaks = breaker.breakOffsets(in: text).contains(6)
      var score = scores[strictness] ?? SuiteScore(name: "wpt-line-break-\(strictness.rawValue)")
      if breaks == (fields[5] == "break") {
        score.pass()
      } else {
        score.fail(
          "U+\(fields[3]) \(fields[4]) (\(fields[1]), \(fields[2])): the test says \(fields[5]), WordFit \(breaks ? "breaks" : "does not break") — \(fields[0])"
        )
      }
      scores[strictness] = score
    }
    return scores.sorted { $0.key.rawValue < $1.key.rawValue }.map(\.value)
  }
}
