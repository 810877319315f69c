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
    "broken-phrase": (
      "A phrase (with wordBreak phrase) is broken inside itself for the string to fit at the legible size.",
      "Shorten the phrase's line, allow another line, or give the layout more room, so each phrase keeps to one line."
    ),
    "cut-by-screen": (
      "In a scrolled Wear OS list, the round screen cuts the label where its item is wholly on the screen.",
      "Shorten the label, or give the list a smaller text size, so it stays inside the circle as it nears the edge."
    ),
    "unchecked": (
      "The layout could not be checked for this string (a layout kind no canvas can check).",
      "Check it on a preview image, or use a layout kind the check supports."
    ),
  ]

  /// The report as SARIF 2.1.0 (``SARIFLog``): a result per layout and problem (key, language,
  /// variant, canvas, Dynamic Type size), at the key's line in the catalog, `error` when it fails
  /// the run, else `warning`, worst first, fingerprinted by what it is about (catalog, key,
  /// language, variant, canvas, size, problem: unchanged when other keys move).
  ///
  /// - Complexity: O(*r* log *r*).
  public func sarif(version: String) throws -> [UInt8] {
    var results: [SARIFLog.Result] = []
    var used: [String] = []
    for row in rows {
      let failed = failing(row)
      for problem in row.problems {
        if !used.contains(problem) { used.append(problem) }
        let layout = (row.variant.isEmpty ? "" : row.variant + " ") + "\(row.canvas) \(row.dynamicType)"
        var message =
          "\"\(row.key)\" (\(row.language)) is \(problem) on \(layout) at \(TextFormatting.pixels(row.size)) px (\(TextFormatting.pixels((row.points * 100).rounded() / 100)) pt)"
        if let size = row.wouldFitAt, let percent = row.overflowPercent {
          message +=
            "; it would fit at \(TextFormatting.pixels(size)) px, or \(TextFormatting.pixels(percent))% shorter"
        }
        results.append(
          SARIFLog.Result(
            rule: problem, level: failed.contains(problem) ? "error" : "warning", message: message, file: catalog,
            line: lines[row.key],
            fingerprint: Self.fingerprint([
              catalog, row.key, row.language, row.variant, row.canvas, row.dynamicType, problem,
            ]), severity: row.overflowPercent ?? 0))
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
