import Foundation
import WordFitChecking
import WordFitCore

/// A strings check as CI reports it: the problems `failOn` names fail the run — `::error`
/// annotations and one JUnit failure per key and language — and every other problem is a
/// warning (`::warning`, the test case's `<system-out>`), so the exit status, the annotations
/// and the JUnit counts always agree.
public struct StringsCIReport: Sendable {
  /// The rows checked.
  public let rows: [StringsRow]
  /// The problems that fail the run (`truncated`, `min-scale`, `illegible`, `broken-word`).
  public let failOn: Set<String>
  /// The catalog's path, as annotations and reports name it.
  public let catalog: String
  /// Problems known before this run: they warn, never fail.
  public let baseline: StringsBaseline
  /// The baseline's problems this run no longer has (found once, as the report is made).
  public let fixed: [StringsBaseline.Entry]
  /// Each key's line in the catalog (1-based), where it could be found.
  let lines: [String: Int]

  /// The report of `rows` from `catalog`, failing on `failOn` unless `baseline` lists the
  /// problem; each key's line is looked up in `catalogText` (the catalog's text, `nil` for a
  /// folder of files).
  ///
  /// - Complexity: O(*r* + *n*) for *r* rows and a catalog of *n* characters.
  public init(
    rows: [StringsRow], failOn: [String], catalog: String, catalogText: String?,
    baseline: StringsBaseline = StringsBaseline()
  ) {
    (self.rows, self.failOn, self.catalog, self.baseline) = (rows, Set(failOn), catalog, baseline)
    lines = catalogText.map { Self.keyLines($0, keys: Set(rows.map(\.key))) } ?? [:]
    fixed = baseline.entries.isEmpty ? [] : baseline.fixed(in: rows)
  }

  /// The problems of `row` that fail the run: named by `failOn`, not in the baseline.
  public func failing(_ row: StringsRow) -> [String] {
    row.problems.filter { failOn.contains($0) && !baseline.contains(row, problem: $0) }
  }

  /// Whether any row has a problem that fails the run.
  public var fails: Bool { rows.contains { !failing($0).isEmpty } }

  /// The rows by key and language, in the check's order.
  var groups: [[StringsRow]] {
    var order: [String] = []
    var groups: [String: [StringsRow]] = [:]
    for row in rows {
      let id = row.language + "\u{1F}" + row.key
      if groups[id] == nil { order.append(id) }
      groups[id, default: []].append(row)
    }
    return order.compactMap { groups[$0] }
  }

  /// A suite per language, a test case per key: failed (one failure listing every layout with
  /// a failing problem) or passed, its warnings in `<system-out>`; times from the layouts.
  ///
  /// - Complexity: O(*r*).
  public func junit() -> JUnitReport {
    var suites: [String: [JUnitReport.TestCase]] = [:]
    var languages: [String] = []
    for group in groups {
      guard let first = group.first else { continue }
      if suites[first.language] == nil { languages.append(first.language) }
      var test = JUnitReport.TestCase(name: first.key, className: "strings.\(first.language)")
      test.time = group.reduce(0) { $0 + $1.seconds }
      let failed = group.filter { !failing($0).isEmpty }
      if !failed.isEmpty {
        let kinds = Self.union(failed.map(failing))
        test.failures = [
          JUnitReport.Failure(
            message:
              "\"\(first.key)\" (\(first.language)) is \(kinds.joined(separator: ", ")) on \(failed.count) of \(group.count) layouts: \(Self.places(failed))",
            type: kinds.joined(separator: ","),
            details: (["catalog: \(catalog)\(lines[first.key].map { ":\($0)" } ?? "")"] + failed.map(detail))
              .joined(separator: "\n"))
        ]
      }
      let warned = group.filter { failing($0).isEmpty && !$0.problems.isEmpty }
      if !warned.isEmpty { test.systemOut = warned.map { "warning: " + detail($0) }.joined(separator: "\n") }
      suites[first.language, default: []].append(test)
    }
    return JUnitReport(
      name: "wordfit strings \(catalog)",
      suites: languages.map { JUnitReport.Suite(name: "strings.\($0)", cases: suites[$0] ?? []) })
  }

  /// One annotation per key and language with a problem, at the key's line: `::error` when a
  /// problem fails the run, else `::warning`; the message names each variant's layouts once.
  /// Every one, in the check's order (``cappedAnnotations(limits:reports:)`` is what a step
  /// shows).
  ///
  /// - Complexity: O(*r*).
  public func annotations() -> [String] { annotationItems().map(\.command) }

  /// At most `limits` annotations of each level, the worst first (the layout furthest from
  /// fitting, then key, then language), then a `::notice` counting the rest and naming
  /// `reports`: GitHub drops what is past its caps without a word.
  ///
  /// - Complexity: O(*r* + *n* log *n*) for *n* annotations.
  public func cappedAnnotations(
    limits: (errors: Int, warnings: Int) = GitHubAnnotation.stepLimits, reports: [String]
  ) -> [String] {
    GitHubAnnotation.capped(annotationItems(), limits: limits, reports: reports)
  }

  /// The annotations before they are spelled, with each one's severity: the largest overflow
  /// (in percent) of its layouts, 0 when none overflows.
  ///
  /// - Complexity: O(*r*).
  public func annotationItems() -> [GitHubAnnotation.Item] {
    groups.compactMap { group in
      let problems = group.filter { !$0.problems.isEmpty }
      guard let first = problems.first else { return nil }
      let failed = problems.filter { !failing($0).isEmpty }
      let shown = failed.isEmpty ? problems : failed
      let kinds = Self.union(shown.map { failed.isEmpty ? $0.problems : failing($0) })
      let title = "\(first.key) (\(first.language)): \(kinds.joined(separator: ", "))"
      var message = "\(Self.places(shown)) at \(TextFormatting.pixels(shown[0].size)) px"
      if let fit = shown.first(where: { $0.wouldFitAt != nil }), let size = fit.wouldFitAt,
        let percent = fit.overflowPercent
      {
        message += "; it would fit at \(TextFormatting.pixels(size)) px, or \(TextFormatting.pixels(percent))% shorter"
      }
      return GitHubAnnotation.Item(
        isError: !failed.isEmpty, file: catalog, line: lines[first.key], title: title, message: message,
        severity: shown.compactMap(\.overflowPercent).max() ?? 0, order: [first.key, first.language])
    }
  }

  /// One layout with a problem, on one line.
  func detail(_ row: StringsRow) -> String {
    var text =
      "\(row.variant.isEmpty ? "" : row.variant + " ")\(row.canvas) \(row.dynamicType): \(row.problems.joined(separator: ",")) at \(TextFormatting.pixels(row.size)) px (\(TextFormatting.pixels((row.points * 100).rounded() / 100)) pt), limited by \(row.limit); text: \(row.text)"
    if let fit = row.wouldFitAt, let percent = row.overflowPercent {
      text += "; would fit at \(TextFormatting.pixels(fit)) px, or \(TextFormatting.pixels(percent))% shorter"
    }
    return text + (row.image.map { "; image: \($0)" } ?? "")
  }

  /// The layouts of `rows`, each variant named once: `plural.one: 38mm xSmall, 41mm Large; …`.
  static func places(_ rows: [StringsRow]) -> String {
    var order: [String] = []
    var byVariant: [String: [String]] = [:]
    for row in rows {
      if byVariant[row.variant] == nil { order.append(row.variant) }
      byVariant[row.variant, default: []].append("\(row.canvas) \(row.dynamicType)")
    }
    return order.map { variant in
      let places = byVariant[variant] ?? []
      let listed = places.prefix(6).joined(separator: ", ") + (places.count > 6 ? " and \(places.count - 6) more" : "")
      return variant.isEmpty ? listed : "\(variant): \(listed)"
    }.joined(separator: "; ")
  }

  /// The problems of every list, each once, in first-seen order.
  static func union(_ lists: [[String]]) -> [String] {
    var seen: [String] = []
    for problem in lists.joined() where !seen.contains(problem) { seen.append(problem) }
    return seen
  }

  /// The 1-based line of each of `keys` where it is first written as a JSON or `.strings` key
  /// (`"key" :` or `"key" =`).
  ///
  /// - Complexity: O(*n*) in the text's length plus O(lines) dictionary lookups.
  static func keyLines(_ text: String, keys: Set<String>) -> [String: Int] {
    var found: [String: Int] = [:]
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      guard trimmed.first == "\"", let key = Self.quotedKey(trimmed) else { continue }
      if keys.contains(key), found[key] == nil { found[key] = index + 1 }
    }
    return found
  }

  /// The string a line starts with when a `:` or `=` follows it (a key), unescaped.
  static func quotedKey(_ line: Substring) -> String? {
    var key = ""
    var index = line.index(after: line.startIndex)
    while index < line.endIndex {
      let character = line[index]
      if character == "\\" {
        index = line.index(after: index)
        guard index < line.endIndex else { return nil }
        key.append(line[index] == "n" ? "\n" : line[index] == "t" ? "\t" : line[index])
      } else if character == "\"" {
        let rest = line[line.index(after: index)...].drop { $0 == " " }
        return rest.first == ":" || rest.first == "=" ? key : nil
      } else {
        key.append(character)
      }
      index = line.index(after: index)
    }
    return nil
  }
}
