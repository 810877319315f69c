/// A short Markdown comment for a pull request: a verdict, counts, the worst failures in a table
/// and the artifacts' names, within GitHub's 65,536-character limit for a comment whatever the
/// input (each cell cut to ``cellLimit`` characters, rows dropped from the end and counted).
/// Everything from users' files is set as inline code, escaped as the step summary is.
public struct PullRequestComment: Sendable {
  /// GitHub's limit on a comment's body, in characters (UTF-16 code units, counted strictly).
  public static let characterLimit = 65_536
  /// The longest text a cell keeps, in characters, before `…`.
  public static let cellLimit = 120

  /// The heading's words: `wordfit strings`.
  public var title: String
  /// What was checked (a user's path: set as code): `Localizable.xcstrings`.
  public var subject: String
  /// The verdict and counts, one line (Markdown written by WordFit).
  public var verdict: String
  /// The table's column names.
  public var columns: [String]
  /// The worst failures, worst first, a cell per column (users' text: set as code).
  public var rows: [[String]]
  /// How many failures there are in all (the table shows at most 10).
  public var total: Int
  /// Reports and artifacts by name and path.
  public var artifacts: [(name: String, path: String)]

  /// A comment titled `title` on `subject` with `verdict`, the worst `rows` of `total` under
  /// `columns`, and `artifacts`.
  public init(
    title: String, subject: String, verdict: String, columns: [String], rows: [[String]], total: Int,
    artifacts: [(name: String, path: String)]
  ) {
    (self.title, self.subject, self.verdict, self.columns, self.rows) = (title, subject, verdict, columns, rows)
    self.total = total
    self.artifacts = artifacts
  }

  /// The comment's Markdown, at most ``characterLimit`` characters.
  ///
  /// - Complexity: O(the cells' length).
  public var markdown: String {
    let head = ["### " + title + ": " + Self.cell(subject, code: true), "", verdict]
    var table: [String] = []
    if !rows.isEmpty {
      table = [
        "", "| " + columns.joined(separator: " | ") + " |", "|" + String(repeating: "---|", count: columns.count),
      ]
      table += rows.prefix(10).map { "| " + $0.map { Self.cell($0, code: true) }.joined(separator: " | ") + " |" }
    }
    var tail: [String] = []
    if total > min(10, rows.count) {
      tail.append("")
      tail.append("… and \(total - min(10, rows.count)) more: every one is in the reports below.")
    }
    if !artifacts.isEmpty {
      tail += [
        "", "Reports: " + artifacts.map { "\($0.name) " + Self.cell($0.path, code: true) }.joined(separator: ", "),
      ]
    }
    var lines = head + table + tail
    // Rows go from the end until it fits (a verdict and a title cut to their cells always do).
    while (lines.joined(separator: "\n") + "\n").utf16.count > Self.characterLimit, table.count > 3 {
      table.removeLast()
      lines = head + table + tail
    }
    return String((lines.joined(separator: "\n") + "\n").utf16.prefix(Self.characterLimit)) ?? ""
  }

  /// `text` cut to ``cellLimit`` characters, as inline code (or, for WordFit's own words, plain).
  static func cell(_ text: String, code: Bool) -> String {
    let cut = text.count > cellLimit ? String(text.prefix(cellLimit)) + "…" : text
    return code ? Markdown.code(cut) : cut
  }
}
