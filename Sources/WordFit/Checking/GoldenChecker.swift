import Dispatch
import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// Renders every layout spec under a folder and compares it with the golden PNG beside it,
/// through ``ImageComparator``, in parallel.
public struct GoldenChecker: Sendable {
  /// The folder searched recursively for `*.json` specs (not `*.template.json`: badge templates).
  public var directory: String
  /// When goldens are written.
  public var recordMode: RecordMode
  /// Tolerance given on the command line (over `wordfit-check.json`, under a spec's own).
  public var commandLineTolerance: ToleranceOverrides
  /// Where failing cases' expected, actual and diff images go.
  public var artifactsDirectory: String
  /// Worker threads, each with its own fonts.
  public var jobs: Int
  /// The most pixels a golden may decode to (see ``InputLimits/decodedPixels``).
  public var maximumPixels = InputLimits.decodedPixels

  /// The configuration file read from the checked folder's root.
  public static let configurationFileName = "wordfit-check.json"

  /// Creates a checker; see the properties.
  public init(
    directory: String, recordMode: RecordMode, commandLineTolerance: ToleranceOverrides = ToleranceOverrides(),
    artifactsDirectory: String, jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    self.directory = directory
    self.recordMode = recordMode
    self.commandLineTolerance = commandLineTolerance
    self.artifactsDirectory = artifactsDirectory
    self.jobs = Swift.max(1, jobs)
  }

  /// The cases under ``directory``, sorted by name.
  ///
  /// - Throws: ``WordFitError`` `.missingInput` when the folder does not exist.
  public func cases() throws -> [CheckCase] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw WordFitError(
        .missingInput, "folder \(directory) does not exist; give the folder that holds your specs and goldens")
    }
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
    return enumerator.compactMap { $0 as? String }
      .filter {
        $0.hasSuffix(".json") && !$0.hasSuffix(".template.json")
          && ($0 as NSString).lastPathComponent != Self.configurationFileName
      }
      .sorted()
      .map { name in
        let specPath = (directory as NSString).appendingPathComponent(name)
        return CheckCase(name: name, specPath: specPath, goldenPath: String(specPath.dropLast(5)) + ".png")
      }
  }

  /// The tolerance in `wordfit-check.json`, if the folder has one.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` for a malformed file.
  public func configuredTolerance() throws -> ToleranceOverrides? {
    let path = (directory as NSString).appendingPathComponent(Self.configurationFileName)
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let overrides = try SpecDecoding.decode(ToleranceOverrides.self, contentsOf: path)
    try overrides.applied(to: ComparisonTolerance()).validate()
    return overrides
  }

  /// Checks every case, in parallel; outcomes come back in case order.
  ///
  /// The artifacts folder is created only when a case fails, so a passing run leaves nothing
  /// behind. Memory does not grow with the number of cases: each case's images are dropped
  /// once it is compared (a failing case's diff image is written, not kept).
  ///
  /// - Throws: ``WordFitError`` for a missing folder, a malformed `wordfit-check.json`, an
  ///   out-of-range tolerance, or (`.io`) artifacts that cannot be written; the cases after such
  ///   a failure are not started.
  /// - Complexity: one render and one O(*width* × *height*) comparison per case.
  public func run() throws -> [CheckOutcome] {
    let cases = try cases()
    let configured = try configuredTolerance()
    try commandLineTolerance.applied(to: configured?.applied(to: ComparisonTolerance()) ?? ComparisonTolerance())
      .validate()
    let results = OutcomeSlots(count: cases.count)
    let workers = Swift.min(jobs, Swift.max(1, cases.count))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      let renderer = LayoutRenderer()
      for index in Swift.stride(from: worker, to: cases.count, by: workers) where results.stoppingError == nil {
        do {
          results.set(index, try check(cases[index], renderer: renderer, configured: configured))
        } catch {
          results.stop(error)
        }
      }
    }
    if let error = results.stoppingError { throw error }
    return results.values
  }

  /// One case. Everything wrong with the case itself becomes an `.error` outcome; only a failure
  /// to write artifacts is thrown, since it stops the whole check.
  private func check(_ checkCase: CheckCase, renderer: LayoutRenderer, configured: ToleranceOverrides?) throws
    -> CheckOutcome
  {
    var outcome = CheckOutcome(
      checkCase: checkCase, status: .error, comparison: nil, toleranceSource: "", message: "", artifacts: [:])
    do {
      let spec = try LayoutSpec.load(contentsOf: checkCase.specPath)
      var tolerance = ComparisonTolerance()
      var sources = ["defaults"]
      if let configured, !configured.isEmpty {
        tolerance = configured.applied(to: tolerance)
        sources.append(Self.configurationFileName)
      }
      if !commandLineTolerance.isEmpty {
        tolerance = commandLineTolerance.applied(to: tolerance)
        sources.append("command line")
      }
      if let own = spec.tolerance, !own.isEmpty {
        tolerance = own.applied(to: tolerance)
        sources.append("spec")
      }
      try tolerance.validate()
      outcome.toleranceSource =
        "threshold \(tolerance.threshold), anti-aliasing \(tolerance.includesAntiAliasing ? "counted" : "excused"), allowed \(tolerance.maxDiffPixels.map(String.init) ?? "-") px / ratio \(tolerance.maxDiffRatio.map { String($0) } ?? "-")\(tolerance.maxChannelDelta.map { ", channel delta ≤ \($0)" } ?? "") (from \(sources.joined(separator: " < ")))"
      let rendering = try renderer.render(spec)
      var verifier = GoldenVerifier(
        recordMode: recordMode, tolerance: tolerance, artifactsDirectory: artifactsDirectory)
      verifier.maximumPixels = maximumPixels
      let verdict = try verifier.verify(
        rendering, golden: checkCase.goldenPath, name: String(checkCase.name.dropLast(5)))
      outcome.status = verdict.status
      outcome.comparison = verdict.comparison
      outcome.message = verdict.message
      outcome.artifacts = verdict.artifacts
    } catch let error as GoldenVerifier.ArtifactsError {
      throw error.underlying
    } catch let error as WordFitError {
      outcome.status = .error
      outcome.message = error.message
    } catch {
      outcome.status = .error
      outcome.message = "\(error)"
    }
    return outcome
  }
}
