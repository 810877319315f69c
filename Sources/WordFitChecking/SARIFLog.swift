import Foundation
import WordFitCore

/// A SARIF 2.1.0 log (OASIS's Static Analysis Results Interchange Format, which GitHub code
/// scanning reads): one run of WordFit, a rule per kind of problem, a result per problem at its
/// file and line with a fingerprint that follows it across commits. One writer for `strings`
/// and `check`.
public enum SARIFLog {
  /// GitHub code scanning takes at most 25,000 results a run; the rest are counted in the
  /// run's properties (`omittedResults`), worst kept.
  public static let maximumResults = 25_000

  /// A kind of problem.
  public struct Rule: Sendable {
    /// The rule's id: `truncated`, `golden-mismatch`.
    public var id: String
    /// A sentence saying what it finds.
    public var summary: String
    /// What to do about it.
    public var help: String
    /// `error`, `warning` or `note`: the level of its results unless a result says otherwise.
    public var level: String

    /// A rule `id`, described by `summary` and `help`, at `level`.
    public init(id: String, summary: String, help: String, level: String) {
      (self.id, self.summary, self.help, self.level) = (id, summary, help, level)
    }
  }

  /// One problem found.
  public struct Result: Sendable {
    /// The rule it breaks (a ``Rule/id``).
    public var rule: String
    /// `error` when it fails the run, else `warning` (or `note`).
    public var level: String
    /// What is wrong, in a sentence.
    public var message: String
    /// The file, relative to the repository's root.
    public var file: String
    /// The 1-based line, when known.
    public var line: Int?
    /// A hash of what the problem is about, never of where it is in the file: it stays when
    /// unrelated lines move.
    public var fingerprint: String
    /// How bad it is, larger first, among results of one level.
    public var severity: Double

    /// A result of `rule` at `file`:`line`.
    public init(
      rule: String, level: String, message: String, file: String, line: Int? = nil, fingerprint: String,
      severity: Double = 0
    ) {
      (self.rule, self.level, self.message, self.file, self.line) = (rule, level, message, file, line)
      (self.fingerprint, self.severity) = (fingerprint, severity)
    }
  }

  /// The log of `results` against `rules` as JSON: results sorted by level (error, warning,
  /// note), then severity, then file, line and rule; at most `limit` of them, the rest counted.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming a result whose rule is not in `rules`.
  /// - Complexity: O(*n* log *n*) in the results.
  public static func encode(
    tool version: String, rules: [Rule], results: [Result], limit: Int = maximumResults
  ) throws -> [UInt8] {
    let index = Dictionary(rules.enumerated().map { ($1.id, $0) }) { first, _ in first }
    let rank = ["error": 0, "warning": 1, "note": 2]
    let sorted = results.sorted { a, b in
      let (ra, rb) = (rank[a.level] ?? 3, rank[b.level] ?? 3)
      if ra != rb { return ra < rb }
      if a.severity != b.severity { return a.severity > b.severity }
      if a.file != b.file { return a.file < b.file }
      if (a.line ?? 0) != (b.line ?? 0) { return (a.line ?? 0) < (b.line ?? 0) }
      return (a.rule, a.fingerprint) < (b.rule, b.fingerprint)
    }
    var written: [[String: Any]] = []
    for result in sorted.prefix(max(0, limit)) {
      guard let ruleIndex = index[result.rule] else {
        throw WordFitError(.usage, "SARIF result of unknown rule \(result.rule)")
      }
      var location: [String: Any] = ["artifactLocation": ["uri": uri(result.file), "uriBaseId": "%SRCROOT%"]]
      if let line = result.line, line >= 1 { location["region"] = ["startLine": line] }
      written.append([
        "ruleId": result.rule, "ruleIndex": ruleIndex, "level": result.level, "message": ["text": result.message],
        "locations": [["physicalLocation": location]], "partialFingerprints": ["wordfitProblem/v1": result.fingerprint],
      ])
    }
    let driver: [String: Any] = [
      "name": "wordfit", "version": version, "semanticVersion": version,
      "rules": rules.map { rule in
        [
          "id": rule.id, "name": rule.id, "shortDescription": ["text": rule.summary],
          "fullDescription": ["text": rule.summary], "help": ["text": rule.help],
          "defaultConfiguration": ["level": rule.level],
        ] as [String: Any]
      },
    ]
    let run: [String: Any] = [
      "tool": ["driver": driver], "results": written, "columnKind": "unicodeCodePoints",
      "properties": ["totalResults": results.count, "omittedResults": max(0, results.count - written.count)],
    ]
    let log: [String: Any] = [
      "$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": [run],
    ]
    let data = try JSONSerialization.data(
      withJSONObject: log, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return Array(data) + [0x0A]
  }

  /// `path` as a relative URI reference: every byte outside RFC 3986's unreserved set and `/`
  /// percent-encoded (a space, `#`, `%`, non-ASCII).
  static func uri(_ path: String) -> String {
    var out = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        out.append(Character(Unicode.Scalar(byte)))
      default:
        out += String(format: "%%%02X", byte)
      }
    }
    return out
  }
}
