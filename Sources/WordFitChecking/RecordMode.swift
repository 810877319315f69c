import WordFitCore
import WordFitImage
import WordFitText

/// When a golden-image check writes the golden instead of only comparing with it (the modes of
/// swift-snapshot-testing).
public enum RecordMode: String, Sendable, CaseIterable, Codable {
  /// Never write; a missing golden fails.
  case never
  /// Write a golden that is missing, and still fail, so the new image is looked at.
  case missing
  /// Rewrite the goldens that fail (and write missing ones); those cases still fail.
  case failed
  /// Rewrite every golden; every case fails, so a record run is never taken for a pass.
  case all

  /// The environment variable that sets the mode: `WORDFIT_RECORD`.
  public static let environmentVariable = "WORDFIT_RECORD"

  /// The mode from `WORDFIT_RECORD`; when unset, `never` if `CI` is set (so a CI run can never
  /// pass by writing its own golden), else `missing`.
  ///
  /// - Throws: ``WordFitError`` `.usage` for an unknown value.
  public static func fromEnvironment(_ environment: [String: String]) throws -> RecordMode {
    if let value = environment[environmentVariable], !value.isEmpty {
      guard let mode = RecordMode(rawValue: value.lowercased()) else {
        throw WordFitError(
          .usage,
          "\(Parameter.record) '\(value)' is not a record mode; use one of \(allCases.map(\.rawValue).joined(separator: ", "))",
          reason: .notOneOf(.record, value: value, choices: allCases.map(\.rawValue)))
      }
      return mode
    }
    return environment["CI"].map { !$0.isEmpty } == true ? .never : .missing
  }
}
