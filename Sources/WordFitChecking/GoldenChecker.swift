import Dispatch
import Foundation
import WordFitCore
import WordFitImage
import WordFitLayout
import WordFitOutput
import WordFitText

/// Renders every layout spec under a folder and compares it with the golden PNG beside it,
/// through ``ImageComparator``, in parallel.
public struct GoldenChecker: Sendable {
  /// The folder searched recursively for `*.json` specs (not `*.template.json`: badge
  /// templates), or one spec file.
  public var directory: String
  /// When goldens are written.
  public var recordMode: RecordMode
  /// Tolerance given on the command line (over `wordfit-check.json`, under a spec's own).
  public var commandLineTolerance: ToleranceOverrides
  /// Where failing cases' expected, actual and diff images go.
  public var artifactsDirectory: String
  /// The format of a failing case's expected, actual and diff images (PNG unless set).
  public var artifactFormat: OutputFormat = .png
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

  /// The cases under ``directory`` sorted by name, or the one spec when ``directory`` is a
  /// spec file.
  ///
  /// - Throws: ``WordFitError`` `.missingInput` when the folder or file does not exist.
  /// - Complexity: O(*n* log *n*) in the files under the folder.
  public func cases() throws -> [CheckCase] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
      throw WordFitError(
        .missingInput,
        "\(directory) does not exist; give the folder that holds your specs and goldens, or one spec file",
        input: directory)
    }
    guard isDirectory.boolValue else {
      guard directory.hasSuffix(".json") else {
        throw WordFitError(
          .usage, "\(directory) is not a spec (*.json) or a folder; give a folder of specs and goldens, or one spec",
          input: directory)
      }
      let name = PathText.lastComponent(directory)
      return [CheckCase(name: name, specPath: directory, goldenPath: String(directory.dropLast(5)) + ".png")]
    }
    return files(endingWith: ".json")
      .filter { !$0.hasSuffix(".template.json") && PathText.lastComponent($0) != Self.configurationFileName }
      .map { name in
        let specPath = (directory as NSString).appendingPathComponent(name)
        return CheckCase(name: name, specPath: specPath, goldenPath: String(specPath.dropLast(5)) + ".png")
      }
  }

  /// The files under ``directory`` (a folder) whose names end with `suffix`, relative to it,
  /// sorted.
  private func files(endingWith suffix: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
    return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(suffix) }.sorted()
  }

  /// Goldens with no spec beside them: PNGs under ``directory`` that WordFit wrote (they carry
  /// a `WordFit-` text chunk; other PNGs, such as a template's images, are inputs) and have no
  /// `.json` of the same name. `check` lists them; it does not fail on them.
  ///
  /// - Complexity: reads at most the first 64 KiB of each PNG under the folder.
  public func goldensWithoutSpec() -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
      return []
    }
    let specs = Set(files(endingWith: ".json").map { $0.dropLast(5) })
    return files(endingWith: ".png").filter { name in
      guard !specs.contains(name.dropLast(4)) else { return false }
      let path = (directory as NSString).appendingPathComponent(name)
      return Self.isWordFitPNG(path)
    }
  }

  /// Whether the PNG at `path` has a `WordFit-` text chunk before its image data.
  static func isWordFitPNG(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 1 << 16)) ?? Data()
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
    guard head.starts(with: signature) else { return false }
    return head.range(of: Data("tEXtWordFit-".utf8)) != nil || head.range(of: Data("iTXtWordFit-".utf8)) != nil
  }

  /// The `wordfit-check.json` files that apply to a spec in `folder`, outermost first: one in
  /// each folder from the project's root (the nearest folder above holding `.git` or
  /// `Package.swift`, else the file system's root) down to `folder`.
  ///
  /// - Complexity: O(*d*) file lookups for a folder *d* levels deep.
  public static func configurationFiles(for folder: String) -> [String] {
    var found: [String] = []
    var current = (folder as NSString).standardizingPath
    if !current.hasPrefix("/") {
      current =
        ((FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(current) as NSString)
        .standardizingPath
    }
    while true {
      let file = (current as NSString).appendingPathComponent(configurationFileName)
      if FileManager.default.fileExists(atPath: file) { found.append(file) }
      let isRoot = [".git", "Package.swift"].contains {
        FileManager.default.fileExists(atPath: (current as NSString).appendingPathComponent($0))
      }
      let parent = PathText.deletingLastComponent(current)
      if isRoot || parent == current || parent.isEmpty { break }
      current = parent
    }
    return found.reversed()
  }

  /// The tolerance in `wordfit-check.json`, if ``directory``'s own folder has one.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` for a malformed file.
  public func configuredTolerance() throws -> ToleranceOverrides? {
    let path = (directory as NSString).appendingPathComponent(Self.configurationFileName)
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    return try Self.readConfiguration(path)
  }

  private static func readConfiguration(_ path: String) throws -> ToleranceOverrides {
    let overrides = try SpecDecoding.decode(ToleranceOverrides.self, contentsOf: path)
    try overrides.applied(to: ComparisonTolerance()).validate()
    return overrides
  }

  /// Each case's configuration layers (path and overrides), outermost first, every file read
  /// once.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` for the first malformed file.
  func configurations(for cases: [CheckCase]) throws -> [[(path: String, overrides: ToleranceOverrides)]] {
    var byFolder: [String: [String]] = [:]
    var read: [String: ToleranceOverrides] = [:]
    return try cases.map { checkCase in
      let folder = PathText.deletingLastComponent(checkCase.specPath)
      let files = byFolder[folder] ?? Self.configurationFiles(for: folder.isEmpty ? "." : folder)
      byFolder[folder] = files
      return try files.map { file in
        if let overrides = read[file] { return (file, overrides) }
        let overrides = try Self.readConfiguration(file)
        read[file] = overrides
        return (file, overrides)
      }
    }
  }

  /// Checks every case, in parallel; outcomes come back in case order.
  ///
  /// The artifacts folder is created only when a case fails, so a passing run leaves nothing
  /// behind; what an earlier run left there (listed in its ``ArtifactsManifest``) is removed
  /// first. Memory does not grow with the number of cases: each case's images are dropped once
  /// it is compared (a failing case's diff image is written, not kept).
  ///
  /// - Throws: ``WordFitError`` for a missing folder, a malformed `wordfit-check.json`, an
  ///   out-of-range tolerance, or (`.io`) artifacts that cannot be written; the cases after such
  ///   a failure are not started.
  /// - Complexity: one render and one O(*width* × *height*) comparison per case.
  public func run() throws -> [CheckOutcome] {
    let cases = try cases()
    let configurations = try configurations(for: cases)
    try commandLineTolerance.applied(to: ComparisonTolerance()).validate()
    ArtifactsManifest.removeEarlierRun(in: artifactsDirectory)
    let results = OutcomeSlots(count: cases.count)
    let workers = Swift.min(jobs, Swift.max(1, cases.count))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      let renderer = LayoutRenderer()
      for index in Swift.stride(from: worker, to: cases.count, by: workers) where results.stoppingError == nil {
        do {
          let start = DispatchTime.now().uptimeNanoseconds
          var outcome = try check(cases[index], renderer: renderer, configured: configurations[index])
          outcome.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
          results.set(index, outcome)
        } catch {
          results.stop(error)
        }
      }
    }
    try ArtifactsManifest.record(results.values.flatMap { $0.artifacts.values }, in: artifactsDirectory)
    if let error = results.stoppingError { throw error }
    return results.values
  }

  /// One case. Everything wrong with the case itself becomes an `.error` outcome; only a failure
  /// to write artifacts is thrown, since it stops the whole check.
  private func check(
    _ checkCase: CheckCase, renderer: LayoutRenderer, configured: [(path: String, overrides: ToleranceOverrides)]
  ) throws -> CheckOutcome {
    var outcome = CheckOutcome(
      checkCase: checkCase, status: .error, comparison: nil, toleranceSource: "", message: "", artifacts: [:])
    do {
      let spec = try LayoutSpec.load(contentsOf: checkCase.specPath)
      var tolerance = ComparisonTolerance()
      var sources = ["defaults"]
      for (path, overrides) in configured where !overrides.isEmpty {
        tolerance = overrides.applied(to: tolerance)
        sources.append(path)
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
        "threshold \(tolerance.threshold), anti-aliasing \(tolerance.includesAntiAliasing ? "counted" : "excused"), allowed \(tolerance.maxDiffPixels.map(String.init) ?? "-") px / ratio \(tolerance.maxDiffRatio.map { String($0) } ?? "-")\(tolerance.maxChannelDelta.map { ", channel delta ≤ \($0)" } ?? "")\(tolerance.mask.isEmpty ? "" : ", \(tolerance.mask.count) masked region\(tolerance.mask.count == 1 ? "" : "s")") (from \(sources.joined(separator: " < ")))"
      let rendering = try renderer.render(spec)
      var verifier = GoldenVerifier(
        recordMode: recordMode, tolerance: tolerance, artifactsDirectory: artifactsDirectory)
      verifier.maximumPixels = maximumPixels
      verifier.artifactFormat = artifactFormat
      let verdict = try verifier.verify(
        rendering, golden: checkCase.goldenPath, name: String(checkCase.name.dropLast(5)),
        acceptPath: String(checkCase.name.dropLast(5)) + ".png")
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
