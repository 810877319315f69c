import Foundation
import WordFitCore

/// Golden failures a team knows of (a baseline, as linters keep one): `wordfit check` fails only
/// on cases not listed, and says which listed ones pass again.
///
/// The file is JSON, `{"version": 1, "cases": ["nested/cat.json", …]}`, sorted, one case a line.
public struct CheckBaseline: Sendable, Equatable {
  /// The cases known to fail, by name (the spec's path under the checked folder).
  public var cases: Set<String>

  /// A baseline of `cases`.
  public init(cases: Set<String> = []) {
    self.cases = cases
  }

  /// The cases of `outcomes` that did not pass.
  public init(outcomes: [CheckOutcome]) {
    cases = Set(outcomes.filter { $0.status != .passed }.map(\.checkCase.name))
  }

  /// Whether `outcome` is a known failure.
  public func knows(_ outcome: CheckOutcome) -> Bool {
    outcome.status != .passed && cases.contains(outcome.checkCase.name)
  }

  /// The listed cases that passed this time.
  public func fixed(in outcomes: [CheckOutcome]) -> [String] {
    outcomes.filter { $0.status == .passed && cases.contains($0.checkCase.name) }.map(\.checkCase.name).sorted()
  }

  /// The largest baseline file read, in bytes (16 MiB).
  public static let byteLimit = 16 << 20

  private struct File: Codable {
    var version: Int
    var cases: [String]
  }

  /// Reads a baseline file.
  ///
  /// - Throws: ``WordFitError`` `.noInput` when it cannot be read, `.invalidData` naming the
  ///   file when it is not a baseline or is over ``byteLimit``.
  public static func load(contentsOf path: String) throws -> CheckBaseline {
    let file = try BaselineFile.load(
      path, as: File.self, limit: byteLimit, what: "a wordfit check baseline (version 1, a list of cases)",
      version: \.version)
    return CheckBaseline(cases: Set(file.cases))
  }

  /// The file's bytes: sorted, one case a line.
  ///
  /// - Complexity: O(*c* log *c*).
  public func encoded() throws -> [UInt8] { try BaselineFile.encode(cases.sorted(), key: "cases") }
}
