import Foundation
import WordFitChecking
import WordFitCore
import WordFitPreview

extension StringsCIReport {
  /// GitLab's Code Quality report: one finding per key, language and problem, at the key's
  /// line, `major` when it fails the run and `minor` otherwise, with a stable fingerprint.
  ///
  /// - Complexity: O(*r*).
  public func codeQuality() throws -> [UInt8] {
    struct Lines: Encodable { var begin: Int }
    struct Location: Encodable {
      var path: String
      var lines: Lines
    }
    struct Finding: Encodable {
      var description: String
      var check_name: String
      var fingerprint: String
      var severity: String
      var location: Location
    }
    var findings: [Finding] = []
    for group in groups {
      guard let first = group.first else { continue }
      for problem in Self.union(group.map(\.problems)) {
        let rows = group.filter { $0.problems.contains(problem) }
        let fails = rows.contains { failing($0).contains(problem) }
        findings.append(
          Finding(
            description: "\"\(first.key)\" (\(first.language)) is \(problem) on \(Self.places(rows))",
            check_name: "wordfit-strings-\(problem)",
            fingerprint: Self.fingerprint([catalog, first.key, first.language, problem]),
            severity: fails ? "major" : "minor",
            location: Location(path: catalog, lines: Lines(begin: lines[first.key] ?? 1))))
      }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return Array(try encoder.encode(findings)) + [10]
  }

  /// A Markdown summary for people (GitHub's step summary): the counts by problem and language,
  /// the strings furthest from fitting with the size they would fit at, the baseline's fixed
  /// problems, and links to `artifacts` (name and path).
  ///
  /// - Complexity: O(*r* log *r*).
  public func stepSummary(artifacts: [(name: String, path: String)] = []) -> String {
    let problems =
      ["truncated", "min-scale", "illegible", "broken-word"]
      + (rows.contains { $0.problems.contains(PreviewProblem.brokenPhrase.rawValue) } ? ["broken-phrase"] : [])
      + (rows.contains { $0.problems.contains(PreviewProblem.cutByScreen.rawValue) } ? ["cut-by-screen"] : [])
      + (rows.contains { $0.problems.contains(PreviewProblem.unchecked.rawValue) } ? ["unchecked"] : [])
    let languages = Self.union([rows.map(\.language)])
    var out = ["## wordfit strings: \(Markdown.code(catalog))", ""]
    let failingKeys = Set(rows.filter { !failing($0).isEmpty }.map { $0.language + "/" + $0.key }).count
    out.append(
      fails
        ? "**Failed**: \(failingKeys) key\(failingKeys == 1 ? "" : "s") × language with a problem that fails the run."
        : "**Passed**: no problem that fails the run" + (failOn.isEmpty ? " (none is set to)." : "."))
    out += ["", "| language | " + problems.joined(separator: " | ") + " |", "|---|" + "---:|" * problems.count]
    for language in languages {
      let own = rows.filter { $0.language == language }
      out.append(
        "| \(Markdown.code(language)) | "
          + problems.map { problem in String(own.filter { $0.problems.contains(problem) }.count) }.joined(
            separator: " | ") + " |")
    }
    let worst = rows.filter { $0.overflowPercent != nil }.sorted {
      ($0.overflowPercent ?? 0) > ($1.overflowPercent ?? 0)
    }
    if !worst.isEmpty {
      out += [
        "", "### Furthest from fitting", "", "| key | language | layout | fits at | shorter by |",
        "|---|---|---|---:|---:|",
      ]
      for row in worst.prefix(10) {
        let layout = Markdown.code(row.variant.isEmpty ? "" : row.variant + " ") + "\(row.canvas) \(row.dynamicType)"
        let fitsAt = row.wouldFitAt.map { TextFormatting.pixels($0) + " px" } ?? ""
        let shorter = TextFormatting.pixels(row.overflowPercent ?? 0)
        out.append(
          "| \(Markdown.code(row.key)) | \(Markdown.code(row.language)) | \(layout) | \(fitsAt) | \(shorter)% |")
      }
    }
    out += everyFailure()
    if !fixed.isEmpty {
      out += ["", "Fixed since the baseline: \(fixed.count) problem\(fixed.count == 1 ? "" : "s")."]
    }
    if !artifacts.isEmpty {
      out += ["", "Artifacts: " + artifacts.map { "\($0.name) \(Markdown.code($0.path))" }.joined(separator: ", ")]
    }
    return out.joined(separator: "\n") + "\n\n"
  }

  /// Every layout whose problem fails the run, a line per key and language naming all of its
  /// failing layouts (annotations stop at GitHub's caps; this list does not), collapsed past 20
  /// keys and cut at 1,000 lines (the step summary's 1 MiB), the rest counted.
  func everyFailure() -> [String] {
    let failed = groups.compactMap { group -> (title: String, places: String, count: Int)? in
      let rows = group.filter { !failing($0).isEmpty }
      guard let first = rows.first else { return nil }
      let kinds = Self.union(rows.map(failing))
      let places = rows.map { ($0.variant.isEmpty ? "" : $0.variant + " ") + "\($0.canvas) \($0.dynamicType)" }
      return (
        "\(first.key) (\(first.language)): \(kinds.joined(separator: ", "))", places.joined(separator: ", "), rows.count
      )
    }
    guard !failed.isEmpty else { return [] }
    let layouts = failed.reduce(0) { $0 + $1.count }
    var out = [""]
    let heading = "Every failing layout (\(layouts) in \(failed.count) key\(failed.count == 1 ? "" : "s") × language)"
    out += failed.count > 20 ? ["<details><summary>\(heading)</summary>", ""] : ["### \(heading)", ""]
    for item in failed.prefix(1_000) {
      out.append("- " + Markdown.code(item.title) + " on \(item.count): " + Markdown.code(item.places))
    }
    if failed.count > 1_000 { out.append("- … and \(failed.count - 1_000) more (JUnit and SARIF hold every one)") }
    if failed.count > 20 { out += ["", "</details>"] }
    return out
  }

  /// A stable fingerprint of `parts`: FNV-1a, 64 bits, in hex (GitLab only needs it unique
  /// and stable).
  public static func fingerprint(_ parts: [String]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in parts.joined(separator: "\u{1F}").utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}

extension String {
  /// `text` repeated `count` times.
  fileprivate static func * (text: String, count: Int) -> String { String(repeating: text, count: count) }
}
