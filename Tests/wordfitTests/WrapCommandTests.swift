import Foundation
import Testing
import WordFitTestSupport

/// `--layout wrap` everywhere a text is laid out on the command line (issue 24): render's JSON,
/// batch rows, a preview sheet and its page, and the refusals.
@Suite struct WrapCommandTests {
  @Test func renderReportsTheLinesTheBreaksAndTheLimit() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit(
      ["render", "Batterieoptimierung aktivieren", "--layout", "wrap", "--line-limit", "2", "-o", "w.png", "--json"],
      in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    #expect(report["layout"] as? String == "wrap")
    #expect(report["lineLimit"] as? Int == 2)
    #expect(report["breaks"] as? [Int] == [20])
    let lines = try #require(report["lines"] as? [[String: Any]])
    #expect(lines.compactMap { $0["text"] as? String } == ["Batterieoptimierung", "aktivieren"])
    // One line type: a line is its text; no `word` holding a line, no `source` when nothing was cut.
    #expect(lines.allSatisfy { $0["word"] == nil && $0["source"] == nil && $0["truncated"] as? Bool == false })
    // The balance score: the longest line (px), Σ slack² (px²), hyphens, the score.
    let balance = try #require(report["balance"] as? [String: Any])
    let longest = try #require(balance["longestLine"] as? Double)
    let width = try #require(lines.first?["availableWidth"] as? Int)
    #expect(longest > 0 && longest <= Double(width))
    #expect(balance["hyphens"] as? Int == 0)
    #expect((balance["score"] as? Double) == (balance["raggedness"] as? Double))
  }

  @Test func aTruncatedLineReportsItsSource() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit(
      [
        "render", "Batterieoptimierung aktivieren", "--layout", "wrap", "--line-limit", "1", "--min-scale", "1",
        "-o", "w.png", "--json",
      ], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let line = try #require((report["lines"] as? [[String: Any]])?.first)
    #expect(line["truncated"] as? Bool == true)
    #expect(line["source"] as? String == "Batterieoptimierung aktivieren")
    #expect((line["text"] as? String)?.hasSuffix("…") == true)
  }

  @Test func batchRowsAndAPreviewWrap() throws {
    let directory = try TestPaths.makeTemporaryDirectory(with: [
      "in.csv": "name\nMaría José García-Fernández de la Vega\nAda\n"
    ])
    let batch = try InProcess.wordfit(
      ["batch", "in.csv", "--layout", "wrap", "--line-limit", "2", "--out", "out", "--manifest", "m.jsonl"],
      in: directory)
    #expect(batch.status == 0, "\(batch.standardError)")
    #expect((try? FileManager.default.contentsOfDirectory(atPath: directory + "/out"))?.count == 2)
    let preview = try InProcess.wordfit(
      ["preview", "Start workout", "--layout", "wrap", "--line-limit", "2", "-o", "p.png", "--html", "page"],
      in: directory)
    #expect(preview.status == 0, "\(preview.standardError)")
    #expect(FileManager.default.fileExists(atPath: directory + "/page/index.html"))
  }

  @Test func aLineLimitOutOfRangeIsAUsageError() throws {
    let result = try InProcess.wordfit(["render", "Start", "--layout", "wrap", "--line-limit", "0", "-o", "-"])
    #expect(result.status == 64)
    #expect(result.standardError.contains("--line-limit 0 is out of range"), "\(result.standardError)")
  }

  /// `--line-break` (and the spec key `lineBreak`): strict keeps "ッ" off a line's start, so
  /// "チェック…" fits smaller than with normal, which may start a line with it.
  @Test func lineBreakStrictnessChangesTheFit() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    try
      #"{"text": "チェックチェックチェックチェック", "layout": "wrap", "lineLimit": 3, "language": "ja", "canvas": "41mm", "lineBreak": "normal"}"#
      .write(toFile: directory + "/normal.json", atomically: true, encoding: .utf8)
    func fit(_ arguments: [String]) throws -> (size: Double, lines: [String]) {
      let run = try InProcess.wordfit(arguments + ["-o", "x.png", "--json"], in: directory)
      #expect(run.status == 0, "\(run.standardError)")
      let report = try #require(
        try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
      let lines = (report["lines"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
      return (report["size"] as? Double ?? 0, lines)
    }
    let text = [
      "render", "チェックチェックチェックチェック", "--layout", "wrap", "--line-limit", "3", "--language", "ja",
      "--canvas", "41mm",
    ]
    let strict = try fit(text)
    let normal = try fit(text + ["--line-break", "normal"])
    #expect(strict.lines.dropFirst().allSatisfy { !$0.hasPrefix("ッ") && !$0.hasPrefix("ェ") }, "\(strict)")
    #expect(normal.size > strict.size && normal.lines.contains { $0.hasPrefix("ッ") }, "\(normal) vs \(strict)")
    #expect(try fit(["render", "--spec", "normal.json"]) == normal, "the spec key")
    let refused = try InProcess.wordfit(text + ["--line-break", "sometimes"], in: directory)
    #expect(refused.status == 64 && refused.standardError.contains("--line-break"), "\(refused.standardError)")
  }

  /// `--line-height` (and the spec key `lineHeight`): `--json` gives each line's baseline and
  /// box top, 1.5 × the size apart; a template region takes the key too; a bad value and a
  /// leading beside a constant line height are refused with 64, naming the flags.
  @Test func lineHeightSetsTheBaselines() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    try #"{"text": "Close your rings today", "layout": "wrap", "canvas": "41mm", "maxSize": 150, "lineHeight": 1.5}"#
      .write(toFile: directory + "/tall.json", atomically: true, encoding: .utf8)
    func baselines(_ arguments: [String]) throws -> (size: Double, baselines: [Double]) {
      let run = try InProcess.wordfit(arguments + ["-o", "x.png", "--json"], in: directory)
      #expect(run.status == 0, "\(run.standardError)")
      let report = try #require(
        try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
      let lines = report["lines"] as? [[String: Any]] ?? []
      return (report["size"] as? Double ?? 0, lines.compactMap { $0["baseline"] as? Double })
    }
    let text = ["render", "Close your rings today", "--layout", "wrap", "--canvas", "41mm", "--max-size", "150"]
    let natural = try baselines(text)
    let tall = try baselines(text + ["--line-height", "multiple:1.5"])
    #expect(tall.baselines.count >= 2 && tall.size < natural.size, "\(tall) vs \(natural)")
    for (upper, lower) in zip(tall.baselines, tall.baselines.dropFirst()) {
      #expect(abs(lower - upper - tall.size * 1.5) <= 1.0 / 64, "\(tall)")
    }
    #expect(try baselines(["render", "--spec", "tall.json"]) == tall, "the spec key")
    let bad = try InProcess.wordfit(text + ["--line-height", "double", "-o", "x.png"], in: directory)
    #expect(bad.status == 64 && bad.standardError.contains("--line-height 'double'"), "\(bad.standardError)")
    let both = try InProcess.wordfit(
      text + ["--line-height", "exact:20", "--leading", "loose", "-o", "x.png"], in: directory)
    #expect(both.status == 64 && both.standardError.contains("--leading loose"), "\(both.standardError)")
  }
}
