import WordFitChecking
import WordFitCore

extension StringsCIReport {
  /// The problems a strings check reports, as SARIF rules.
  static let sarifRules: [String: (summary: String, help: String)] = [
    "truncated": (
      "The string does not fit its layout even at the smallest size allowed: its end is cut.",
      "Shorten the translation, allow more lines or a smaller minimum scale, or give the layout more room."
    ),
    "min-scale": (
      "The string fits only at the layout's minimum scale.",
      "Shorten the translation or give the layout more room, so it fits above its minimum scale."
    ),
    "illegible": (
      "The string fits only below the legible size (12 pt on a watch unless the layout says otherwise).",
      "Shorten the translation or give it another line; a size under the legible minimum is hard to read on the device."
    ),
    "broken-word": (
      "A word is broken inside itself (not at a hyphenation point) for the string to fit.",
      "Shorten the word's line, allow hyphenation for the language, or give the layout more room."
    ),
    "unchecked": (
      "The layout could not be checked for this string (a layout kind no canvas can check).",
      "Check it on a preview image, or use a layout kind the check supports."
    ),
  ]

  /// The report as SARIF 2.1.0 (``SARIFLog``): a result per key, language and problem, at the
  /// key's line in the catalog, `error` when it fails the run, else `warning`, worst first, with
  /// the Code Quality report's fingerprint (catalog, key, language, problem: unchanged when
  /// other keys move).
  ///
  /// - Complexity: O(*r* log *r*).
  public func sarif(version: String) throws -> [UInt8] {
    var results: [SARIFLog.Result] = []
    var used: [String] = []
    for group in groups {
      guard let first = group.first else { continue }
      for problem in Self.union(group.map(\.problems)) {
        let rows = group.filter { $0.problems.contains(problem) }
        let fails = rows.contains { failing($0).contains(problem) }
        if !used.contains(problem) { used.append(problem) }
        var message = "\"\(first.key)\" (\(first.language)) is \(problem) on \(Self.places(rows))"
        if let worst = rows.filter({ $0.overflowPercent != nil }).max(by: {
          ($0.overflowPercent ?? 0) < ($1.overflowPercent ?? 0)
        }),
          let size = worst.wouldFitAt, let percent = worst.overflowPercent
        {
          message +=
            "; it would fit at \(TextFormatting.pixels(size)) px, or \(TextFormatting.pixels(percent))% shorter"
        }
        results.append(
          SARIFLog.Result(
            rule: problem, level: fails ? "error" : "warning", message: message, file: catalog,
            line: lines[first.key], fingerprint: Self.fingerprint([catalog, first.key, first.language, problem]),
            severity: rows.compactMap(\.overflowPercent).max() ?? 0))
      }
    }
    let rules = (Array(Self.sarifRules.keys) + used).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
      .sorted().map { id in
        SARIFLog.Rule(
          id: id, summary: Self.sarifRules[id]?.summary ?? "A string layout problem: \(id).",
          help: Self.sarifRules[id]?.help ?? "See the README's strings section.",
          level: failOn.contains(id) ? "error" : "warning")
      }
    return try SARIFLog.encode(tool: version, rules: rules, results: results)
  }
}

extension StringsCIReport {
  /// A pull-request comment (``PullRequestComment``): passed or failed with the counts, the 10
  /// failing layouts furthest from fitting, or smallest when they fit (key, language, layout,
  /// size, how much shorter), and `artifacts`.
  ///
  /// - Complexity: O(*r* log *r*).
  public func pullRequestComment(artifacts: [(name: String, path: String)]) -> PullRequestComment {
    let failed = rows.filter { !self.failing($0).isEmpty }
    let keys = Set(failed.map { $0.language + "\u{1F}" + $0.key }).count
    let verdict =
      failed.isEmpty
      ? "**Passed**: no problem that fails the run (\(rows.count) layouts checked)."
      : "**Failed**: \(keys) key\(keys == 1 ? "" : "s") × language, \(failed.count) layout\(failed.count == 1 ? "" : "s") of \(rows.count), with a problem that fails the run."
    // Furthest from fitting first; among equals (an illegible string fits), the smallest.
    let worst = failed.enumerated().sorted { a, b in
      let (x, y) = (a.element.overflowPercent ?? 0, b.element.overflowPercent ?? 0)
      if x != y { return x > y }
      return a.element.points != b.element.points ? a.element.points < b.element.points : a.offset < b.offset
    }.map(\.element)
    let table = worst.prefix(10).map { (row: StringsRow) -> [String] in
      let layout = (row.variant.isEmpty ? "" : row.variant + " ") + "\(row.canvas) \(row.dynamicType)"
      let shorter = row.overflowPercent.map { TextFormatting.pixels($0) + "%" } ?? ""
      return [
        row.key, row.language, layout, self.failing(row).joined(separator: ", "),
        TextFormatting.pixels(row.size) + " px", shorter,
      ]
    }
    return PullRequestComment(
      title: "wordfit strings", subject: catalog, verdict: verdict,
      columns: ["key", "language", "layout", "problems", "size", "shorter by"], rows: table, total: failed.count,
      artifacts: artifacts)
  }
}
