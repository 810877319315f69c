import Foundation
import WordFit

/// `wordfit check`: render every spec under a folder and compare it with its golden PNG.
enum CheckCommand {
  static let name = "check"
  static let abstract = "Render every *.json spec under a folder and compare with the PNG beside it."

  static let options: [OptionSpec] =
    ToleranceOptions.specs + [
      OptionSpec(
        names: ["record"], value: "never|missing|failed|all",
        help: "When to write goldens (default: $WORDFIT_RECORD, else never under CI, else missing)."),
      OptionSpec(
        names: ["artifacts"], value: "DIR",
        help:
          "Where failing cases' expected/actual/diff PNGs go (default: a new temporary folder, made only when a case fails)."
      ),
      OptionSpec(names: ["json"], help: "Print the report as JSON instead of a table."),
      OptionSpec(names: ["html"], value: "REPORT.html", help: "Write a self-contained HTML page of the failing cases."),
      OptionSpec(names: ["jobs"], short: "j", value: "N", help: "Cases rendered in parallel (default: all cores)."),
      OptionSpec(names: ["help"], short: "h", help: "Show help."),
    ]

  static func run(_ arguments: [String]) throws -> Int32 {
    let parsed = try CommandLineArguments(arguments, options: options, command: name)
    if parsed.has("help") {
      Console.out(
        CommandLineArguments.help(
          usage: "wordfit check DIR [options]", abstract: abstract, options: options,
          discussion: """
            Tolerance layers, each overriding the one before: defaults (threshold 0.1, anti-aliasing excused, 0 pixels) \
            < DIR/wordfit-check.json < command line < a spec's own "tolerance" object.
            Record modes (as swift-snapshot-testing): missing writes a missing golden and still fails; failed rewrites \
            failing goldens; all rewrites every golden. With CI set the default is never, so CI cannot pass by writing \
            its own goldens.
            Exit status: 0 every case passed, 1 some case failed, was missing, recorded or in error, 64 usage, 65 malformed wordfit-check.json, 66 DIR \
            missing, 74 artifacts or report not writable.
            """))
      return 0
    }
    guard parsed.positionals.count == 1 else {
      throw WordFitError(.usage, "check takes one folder of specs and goldens; see 'wordfit check --help'")
    }
    let environment = ProcessInfo.processInfo.environment
    let mode = try parsed.choice("record", RecordMode.self) ?? RecordMode.fromEnvironment(environment)
    let jobs = try parsed.integer("jobs") ?? ProcessInfo.processInfo.activeProcessorCount
    guard jobs >= 1, jobs <= 256 else { throw WordFitError(.usage, "--jobs \(jobs) is out of range; use 1…256") }
    let artifacts =
      parsed.value("artifacts")
      ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("wordfit-check-\(UUID().uuidString.prefix(8))")
    var checker = GoldenChecker(
      directory: parsed.positionals[0], recordMode: mode, commandLineTolerance: try ToleranceOptions.overrides(parsed),
      artifactsDirectory: artifacts, jobs: jobs)
    checker.maximumPixels = try ToleranceOptions.maximumPixels(parsed)
    let start = DispatchTime.now().uptimeNanoseconds
    let outcomes = try checker.run()
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let report = CheckReport(outcomes: outcomes, directory: checker.directory, recordMode: mode, artifacts: artifacts)
    if let html = parsed.value("html") {
      try AtomicFile.write(Array(try report.html().utf8), to: html)
    }
    if parsed.has("json") {
      Console.out(try report.json())
    } else {
      Console.out(report.table())
      Console.out(report.summary(elapsed: elapsed))
    }
    return outcomes.allSatisfy { $0.status == .passed } ? 0 : 1
  }
}
