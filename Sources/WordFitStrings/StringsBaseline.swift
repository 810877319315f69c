import Foundation
import WordFitChecking
import WordFitCore

/// Known problems a team accepts while it adopts `wordfit strings` on an existing app (as
/// SwiftLint, detekt and Android Lint baselines do): a run fails only on problems not listed.
///
/// The file is JSON — `{"version": 1, "problems": [{"key", "language", "variant", "canvas",
/// "dynamicType", "problem"}, …]}` — sorted and one problem a line, so its diffs read well.
public struct StringsBaseline: Sendable, Equatable {
  /// One known problem of one layout.
  public struct Entry: Hashable, Sendable, Codable, Comparable {
    /// The catalog key.
    public var key: String
    /// The language.
    public var language: String
    /// The variant (`plural.one`, `device.applewatch`), empty for a plain string.
    public var variant: String
    /// The canvas.
    public var canvas: String
    /// The Dynamic Type size.
    public var dynamicType: String
    /// The problem (`truncated`, `min-scale`, `illegible`, `broken-word`).
    public var problem: String

    /// `problem` of `row`.
    public init(_ row: StringsRow, problem: String) {
      (key, language, variant, canvas, dynamicType) = (row.key, row.language, row.variant, row.canvas, row.dynamicType)
      self.problem = problem
    }

    /// Sorted by key, language, variant, canvas, size, then problem.
    public static func < (a: Entry, b: Entry) -> Bool {
      [a.key, a.language, a.variant, a.canvas, a.dynamicType, a.problem].lexicographicallyPrecedes(
        [b.key, b.language, b.variant, b.canvas, b.dynamicType, b.problem])
    }
  }

  /// The known problems.
  public var entries: Set<Entry>

  /// A baseline of `entries`.
  public init(entries: Set<Entry> = []) {
    self.entries = entries
  }

  /// Every problem of `rows` (strings that could not be laid out are not baselined).
  ///
  /// - Complexity: O(*r*).
  public init(rows: [StringsRow]) {
    entries = Set(rows.filter { $0.error == nil }.flatMap { row in row.problems.map { Entry(row, problem: $0) } })
  }

  /// Whether `problem` of `row` is known.
  public func contains(_ row: StringsRow, problem: String) -> Bool { entries.contains(Entry(row, problem: problem)) }

  /// The known problems `rows` no longer have: fixed since the baseline was written.
  ///
  /// - Complexity: O(*r* + *b*).
  public func fixed(in rows: [StringsRow]) -> [Entry] {
    entries.subtracting(Self(rows: rows).entries).sorted()
  }

  /// The largest baseline file read, in bytes (64 MiB: about 400,000 problems).
  public static let byteLimit = 64 << 20

  private struct File: Codable {
    var version: Int
    var problems: [Entry]
  }

  /// Reads a baseline file.
  ///
  /// - Throws: ``WordFitError`` `.noInput` when it cannot be read, `.invalidData` naming the
  ///   file when it is not a baseline or is over ``byteLimit``.
  public static func load(contentsOf path: String) throws -> StringsBaseline {
    let file = try BaselineFile.load(
      path, as: File.self, limit: byteLimit, what: "a wordfit strings baseline (version 1, a list of problems)",
      version: \.version)
    return StringsBaseline(entries: Set(file.problems))
  }

  /// The file's bytes: sorted, one problem a line, stable across runs.
  ///
  /// - Complexity: O(*b* log *b*).
  public func encoded() throws -> [UInt8] { try BaselineFile.encode(entries.sorted(), key: "problems") }
}
