import Foundation
import WordFit

/// `wordfit strings`' console outputs: the table and the summary (JUnit and annotations are
/// the library's ``StringsCIReport``).
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
    let unchecked = Set(rows.filter { $0.problems.contains(PreviewProblem.unchecked.rawValue) }.map(\.key)).count
    let uncheckedPart = unchecked > 0 ? "; \(unchecked) key\(unchecked == 1 ? "" : "s") checked on no canvas" : ""
    let failing = Set(rows.filter { !$0.problems.isEmpty }.map(\.key)).count
    var fonts: [String] = []
    for row in rows where !row.font.isEmpty && !fonts.contains(row.font) { fonts.append(row.font) }
    return
      "strings: \(keys) keys, \(strings) strings, \(rows.count) layouts; \(counts.joined(separator: ", "))\(uncheckedPart); \(failing) key\(failing == 1 ? "" : "s") with problems; font \(fonts.joined(separator: ", "))"
  }
}
