import Dispatch
import Foundation

/// Renders every layout spec under a folder and compares it with the golden PNG beside it,
/// through ``ImageComparator``, in parallel.
public struct GoldenChecker: Sendable {
  /// The folder searched recursively for `*.json` specs.
  public var directory: String
  /// When goldens are written.
  public var recordMode: RecordMode
  /// Tolerance given on the command line (over `wordfit-check.json`, under a spec's own).
  public var commandLineTolerance: ToleranceOverrides
  /// Where failing cases' expected, actual and diff images go.
  public var artifactsDirectory: String
  /// Worker threads, each with its own fonts.
  public var jobs: Int

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
      .filter { $0.hasSuffix(".json") && ($0 as NSString).lastPathComponent != Self.configurationFileName }
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
  /// - Throws: ``WordFitError`` for a missing folder, a malformed `wordfit-check.json`, an
  ///   out-of-range tolerance or an artifacts folder that cannot be created.
  /// - Complexity: one render and one O(*width* × *height*) comparison per case.
  public func run() throws -> [CheckOutcome] {
    let cases = try cases()
    let configured = try configuredTolerance()
    try commandLineTolerance.applied(to: configured?.applied(to: ComparisonTolerance()) ?? ComparisonTolerance())
      .validate()
    do {
      try FileManager.default.createDirectory(atPath: artifactsDirectory, withIntermediateDirectories: true)
    } catch {
      throw WordFitError(
        .io,
        "cannot create artifacts folder \(artifactsDirectory): \(error.localizedDescription); choose a writable --artifacts folder"
      )
    }
    let results = OutcomeSlots(count: cases.count)
    let workers = Swift.min(jobs, Swift.max(1, cases.count))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      let renderer = LayoutRenderer()
      for index in Swift.stride(from: worker, to: cases.count, by: workers) {
        results.set(index, check(cases[index], renderer: renderer, configured: configured))
      }
    }
    return results.values
  }

  private func check(_ checkCase: CheckCase, renderer: LayoutRenderer, configured: ToleranceOverrides?) -> CheckOutcome
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
      let png = try rendering.pngData()
      guard FileManager.default.fileExists(atPath: checkCase.goldenPath) else {
        if recordMode == .never {
          outcome.status = .missing
          outcome.message = "no golden \(checkCase.goldenPath); record it with --record missing and look at it"
        } else {
          try AtomicFile.write(png, to: checkCase.goldenPath)
          outcome.status = .recorded
          outcome.message = "golden was missing; wrote \(checkCase.goldenPath) — look at it, then run again"
        }
        return outcome
      }
      let goldenBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: checkCase.goldenPath)))
      let golden = try PNGCodec.decode(goldenBytes, source: checkCase.goldenPath)
      let comparison = ImageComparator.compare(
        expected: golden.canvas, actual: rendering.canvas, tolerance: tolerance, makeDiffImage: true)
      outcome.comparison = comparison
      if recordMode == .all || (recordMode == .failed && !comparison.passed) {
        try AtomicFile.write(png, to: checkCase.goldenPath)
        outcome.status = .recorded
        outcome.message =
          "rewrote \(checkCase.goldenPath) (\(comparison.differingPixels) pixels had differed) — look at it"
        return outcome
      }
      if comparison.passed {
        outcome.status = .passed
        return outcome
      }
      outcome.status = .failed
      outcome.message =
        comparison.dimensionsMatch
        ? "\(comparison.differingPixels) pixels differ (allowed \(comparison.allowedDifferingPixels)), max channel delta \(comparison.maxChannelDelta)"
        : "golden is \(golden.canvas.width)x\(golden.canvas.height), render is \(rendering.canvas.width)x\(rendering.canvas.height)"
      for (key, value) in rendering.metadata where key == "WordFit-FreeType" || key == "WordFit-Font" {
        if let recorded = golden.text(forKey: key), recorded != value {
          outcome.message +=
            "; the golden was made with \(key.dropFirst(8)) \(recorded), this run uses \(value) — the most common reason goldens move between machines"
        }
      }
      outcome.artifacts = try writeArtifacts(checkCase, expected: goldenBytes, actual: png, diff: comparison.diffImage)
    } catch let error as WordFitError {
      outcome.status = .error
      outcome.message = error.message
    } catch {
      outcome.status = .error
      outcome.message = "\(error)"
    }
    return outcome
  }

  private func writeArtifacts(_ checkCase: CheckCase, expected: [UInt8], actual: [UInt8], diff: Canvas?) throws
    -> [String: String]
  {
    let folder = (artifactsDirectory as NSString).appendingPathComponent(String(checkCase.name.dropLast(5)))
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw WordFitError(.io, "cannot create \(folder): \(error.localizedDescription)")
    }
    var paths = ["expected": folder + "/expected.png", "actual": folder + "/actual.png"]
    try AtomicFile.write(expected, to: paths["expected"]!)
    try AtomicFile.write(actual, to: paths["actual"]!)
    if let diff {
      paths["diff"] = folder + "/diff.png"
      try AtomicFile.write(try PNGCodec.encode(diff), to: paths["diff"]!)
    }
    return paths
  }
}
