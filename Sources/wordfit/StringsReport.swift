import Foundation
import WordFit

/// `wordfit strings`' outputs: the table, the summary, JUnit and GitHub annotations.
enum StringsReport {
  /// The rows with problems (every row with `all`), one line each, under a header.
  static func table(_ rows: [StringsRow], all: Bool) -> [String] {
    let shown = all ? rows : rows.filter { !$0.problems.isEmpty }
    guard !shown.isEmpty else { return [] }
    var cells = [
      ["key", "language", "variant", "canvas", "size", "px", "pt", "limit", "problems", "fits at", "shorter by"]
    ]
    for row in shown {
      let fit = row.wouldFitAt.map { TextFormatting.pixels($0) + " px" } ?? ""
      let shorter = row.overflowPercent.map { "\(row.overflow ?? 0) px, \(TextFormatting.pixels($0))%" } ?? ""
      cells.append([
        row.key, row.language, row.variant.isEmpty ? "-" : row.variant, row.canvas, row.dynamicType,
        TextFormatting.pixels((row.size * 100).rounded() / 100),
        TextFormatting.pixels((row.points * 100).rounded() / 100),
        row.limit, row.problems.joined(separator: ","), fit, shorter,
      ])
    }
    // Columns padded to their widest cell (keys cut at 40 characters).
    let widths = (0..<cells[0].count).map { column in
      Swift.min(40, cells.map { $0[column].count }.max() ?? 0)
    }
    return cells.map { line in
      zip(line, widths).map { cell, width in
        let cut = cell.count > width ? String(cell.prefix(width - 1)) + "…" : cell
        return cut.padding(toLength: width, withPad: " ", startingAt: 0)
      }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
    }
  }

  /// One line: how many strings, and how many have each problem.
  static func summary(_ rows: [StringsRow]) -> String {
    let strings = Set(rows.map { "\($0.key)\u{1F}\($0.language)\u{1F}\($0.variant)" }).count
    let keys = Set(rows.map(\.key)).count
    let counts = ["truncated", "min-scale", "illegible"].map { problem in
      "\(rows.filter { $0.problems.contains(problem) }.count) \(problem)"
    }
    let failing = Set(rows.filter { !$0.problems.isEmpty }.map(\.key)).count
    var fonts: [String] = []
    for row in rows where !row.font.isEmpty && !fonts.contains(row.font) { fonts.append(row.font) }
    return
      "strings: \(keys) keys, \(strings) strings, \(rows.count) layouts; \(counts.joined(separator: ", ")); \(failing) key\(failing == 1 ? "" : "s") with problems; font \(fonts.joined(separator: ", "))"
  }

  /// A test case per key × language, a failure per variant, canvas and size with a problem.
  static func junit(_ rows: [StringsRow], catalog: String) -> JUnitReport {
    var order: [String] = []
    var groups: [String: [StringsRow]] = [:]
    for row in rows {
      let id = row.language + "\u{1F}" + row.key
      if groups[id] == nil { order.append(id) }
      groups[id, default: []].append(row)
    }
    var suites: [String: [JUnitReport.TestCase]] = [:]
    var languages: [String] = []
    for id in order {
      guard let group = groups[id], let first = group.first else { continue }
      if suites[first.language] == nil { languages.append(first.language) }
      let failures = group.filter { !$0.problems.isEmpty }.map { row in
        JUnitReport.Failure(
          message: message(row), type: row.problems.joined(separator: ","),
          details:
            "text: \(row.text)\nsize: \(TextFormatting.pixels(row.size)) px (\(TextFormatting.pixels((row.points * 100).rounded() / 100)) pt), limited by \(row.limit)\ncatalog: \(catalog)\nfont: \(row.font)"
            + (row.image.map { "\nimage: \($0)" } ?? "")
        )
      }
      suites[first.language, default: []].append(
        JUnitReport.TestCase(name: first.key, className: "strings.\(first.language)", failures: failures))
    }
    return JUnitReport(
      name: "wordfit strings \(catalog)",
      suites: languages.map { JUnitReport.Suite(name: "strings.\($0)", cases: suites[$0] ?? []) })
  }

  /// `::error` lines for each failing key × language, pointing at the catalog.
  static func annotations(_ rows: [StringsRow], catalog: String) -> [String] {
    var order: [String] = []
    var failing: [String: [StringsRow]] = [:]
    for row in rows where !row.problems.isEmpty {
      let id = row.language + "\u{1F}" + row.key
      if failing[id] == nil { order.append(id) }
      failing[id, default: []].append(row)
    }
    return order.compactMap { id in
      guard let group = failing[id], let row = group.first else { return nil }
      let places = group.prefix(6).map { "\($0.canvas) \($0.dynamicType)" }.joined(separator: ", ")
      let more = group.count > 6 ? " and \(group.count - 6) more" : ""
      return
        GitHubAnnotation.error(
          file: catalog, title: "\(row.key) (\(row.language))", message: "\(message(row)); in \(places)\(more)")
    }
  }

  private static func message(_ row: StringsRow) -> String {
    var text =
      "\"\(row.key)\" (\(row.language)\(row.variant.isEmpty ? "" : ", \(row.variant)")) is \(row.problems.joined(separator: ", ")) on \(row.canvas) \(row.dynamicType) at \(TextFormatting.pixels(row.size)) px"
    if let fit = row.wouldFitAt, let percent = row.overflowPercent {
      text += "; it would fit at \(TextFormatting.pixels(fit)) px, or \(TextFormatting.pixels(percent))% shorter"
    }
    return text
  }
}
