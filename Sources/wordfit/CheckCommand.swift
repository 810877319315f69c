import Foundation
import WordFit

/// `wordfit check`: render every spec under a folder and compare it with its golden PNG.
enum CheckCommand {
  /// What `check` is asked.
  struct Input {
    var tolerance = ToleranceOverrides()
    var record: RecordMode?
    var artifacts: String?
    var artifactFormat = OutputFormat.png
    var json = false
    var html: String?
    var junit: String?
    var github = false
    var githubLimit = GitHubLimit()
    var sarif: String?
    var pullRequestComment: String?
    var pathRoot: String?
    var htmlAll = false
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var maximumPixels = InputLimits.decodedPixels
    var accept: String?
    var acceptFrom: String?
    var baseline: String?
    var updateBaseline = false
  }

  static let options: [Option<Input>] =
    ToleranceOptions.options.map { $0.lifted(\Input.tolerance) } + [
      ToleranceOptions.maximumPixels(\.maximumPixels),
      Option.value(
        .record, "never|missing|failed|all", \.record, as: .choice,
        help: "When to write goldens (default: $WORDFIT_RECORD, else never under CI, else missing)."
      )
      .settable(from: RecordMode.environmentVariable),
      .value(
        "artifacts", "DIR", \.artifacts, as: .string,
        help:
          "Where failing cases' expected/actual/diff PNGs go (default: a new temporary folder, made only when a case fails)."
      ),
      .value(
        .artifactFormat, "png|webp", \.artifactFormat, as: .parsed(GoldenVerifier.parseArtifactFormat),
        help:
          "The failing cases' expected/actual/diff images as PNG (default) or lossless WebP (the same pixels); the renders to accept stay PNG."
      ),
      .value(
        "accept", "ARTIFACTS", \.accept, as: .string,
        help: "Take the renders an earlier check left in ARTIFACTS/__Goldens__ as DIR's goldens, and check nothing."),
      .value(
        "accept-from", "FILE.json", \.acceptFrom, as: .string,
        help:
          "Accept only the goldens a reviewer ticked on a check's --html page (its downloaded wordfit-accept.json names the run's artifacts and the goldens); a name that is not a failing case of that run is refused before any golden changes."
      ),
      .flag("json", \.json, help: "Print the report as JSON instead of a table."),
      .value(
        "html", "REPORT.html", \.html, as: .string, help: "Write a self-contained HTML page of the failing cases."),
      .value(
        "junit", "FILE.xml", \.junit, as: .string,
        help: "Also write a JUnit report (a test case per spec; failures with their artifacts' paths)."),
      .flag(
        "github", \.github,
        help:
          "Print GitHub Actions annotations for each case that did not pass (::warning for a known one): the worst 10 of each level, then a ::notice counting the rest."
      ),
      GitHubLimit.option(\.githubLimit),
      PathRoot.option(\.pathRoot),
      .flag(
        "html-all", \.htmlAll,
        help:
          "With --html: list the cases that passed too, under the failures (by default the page holds only what did not pass)."
      ),
      .value(
        "sarif", "FILE.sarif", \.sarif, as: .string,
        help:
          "Also write SARIF 2.1.0 for GitHub code scanning: a result per case that did not pass, at its spec, worst first, with stable fingerprints."
      ),
      .value(
        "pr-comment", "FILE.md", \.pullRequestComment, as: .string,
        help:
          "Also write a pull-request comment in Markdown: the verdict and counts, the 10 cases with the most differing pixels, the reports' names; at most 65,536 characters."
      ),
      .value(
        .baseline, "FILE.json", \.baseline, as: .string,
        help:
          "Known golden failures: the check fails only on cases not listed, and says which listed ones pass again (write it with --update-baseline)."
      ),
      .flag(
        "update-baseline", \.updateBaseline,
        help: "Write the cases that did not pass to the --baseline file (sorted), then report against it."),
      .value(
        .jobs, short: "j", "N", \.jobs, as: .integer(in: 1...256),
        help: "Cases rendered in parallel (default: all cores)."),
    ]

  static let command = Command(
    name: "check", abstract: "Render every *.json spec under a folder and compare with the PNG beside it.",
    usage: "wordfit check DIR|SPEC.json [options]",
    discussion: """
      Tolerance layers, each overriding the one before: defaults (threshold 0.1, anti-aliasing excused, 0 pixels) \
      < each wordfit-check.json from the project's root (the nearest folder holding .git or Package.swift) down to \
      the spec's folder < command line < a spec's own "tolerance" object; "mask" regions of every layer add up.
      A failing or missing case's render is also written to ARTIFACTS/__Goldens__/ at its golden's path: copy that \
      folder over DIR, or run wordfit check DIR --accept ARTIFACTS, to take them as goldens. What an earlier run \
      left in the same --artifacts folder is removed first. PNGs WordFit wrote that have no spec are listed.
      Record modes (as swift-snapshot-testing): missing writes a missing golden and still fails; failed rewrites \
      failing goldens; all rewrites every golden. With CI set the default is never, so CI cannot pass by writing \
      its own goldens.
      Exit status: 0 every case passed, 1 some case failed, was missing, recorded or in error, 64 usage, 65 malformed \
      wordfit-check.json, 66 DIR missing, 74 artifacts or report not writable.
      """,
    options: options, run: run)

  static func run(_ parsed: ParsedCommandLine<Input>) throws -> Int32 {
    guard parsed.positionals.count == 1 else {
      throw WordFitError(
        .usage, "check takes one folder of specs and goldens, or one spec; see 'wordfit check --help'")
    }
    var input = Input()
    try parsed.apply(to: &input)
    if input.acceptFrom != nil || input.accept != nil { return try accept(input, checked: parsed.positionals[0]) }
    let mode = try input.record ?? RecordMode.fromEnvironment(ProcessInfo.processInfo.environment)
    let artifacts =
      input.artifacts
      ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("wordfit-check-\(UUID().uuidString.prefix(8))")
    var checker = GoldenChecker(
      directory: parsed.positionals[0], recordMode: mode, commandLineTolerance: input.tolerance,
      artifactsDirectory: artifacts, jobs: input.jobs)
    checker.maximumPixels = input.maximumPixels
    checker.artifactFormat = input.artifactFormat
    let reports = [
      ("report", input.html), ("JUnit report", input.junit), ("SARIF report", input.sarif),
      ("pull-request comment", input.pullRequestComment), ("baseline", input.updateBaseline ? input.baseline : nil),
      ("step summary (GITHUB_STEP_SUMMARY)", ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"]),
    ].compactMap { name, path in
      path.flatMap { $0.isEmpty ? nil : (name, $0) }
    }
    if !reports.isEmpty { try refuseReplacingInputs(reports, checker: checker) }
    let start = DispatchTime.now().uptimeNanoseconds
    let outcomes = try checker.run()
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    // A folder of our own in the temporary directory that holds no artifact is not left behind.
    if input.artifacts == nil, !outcomes.contains(where: { !$0.artifacts.isEmpty }) {
      try? FileManager.default.removeItem(atPath: artifacts)
    }
    var report = CheckReport(outcomes: outcomes, directory: checker.directory, recordMode: mode, artifacts: artifacts)
    report.withoutSpec = checker.goldensWithoutSpec()
    report.baseline = try baseline(input, outcomes: outcomes)
    report.pathRoot = input.pathRoot
    report.listsPassed = input.htmlAll
    if let html = input.html {
      try AtomicFile.write(Array(try report.html(writingImagesTo: CheckReport.imagesFolder(of: html)).utf8), to: html)
    }
    try writeReports(report, input: input)
    if input.json {
      Console.outText(try report.json())
    } else {
      report.table().forEach(Console.out)
      report.withoutSpecLine().map(Console.out)
      Console.out(report.summary(elapsed: elapsed))
    }
    try publish(report, input: input)
    let fixed = report.baseline.fixed(in: outcomes)
    if !fixed.isEmpty {
      Console.error(
        "check: \(fixed.count) case\(fixed.count == 1 ? "" : "s") of the baseline pass again (rewrite it with --update-baseline): "
          + fixed.prefix(5).joined(separator: ", ") + (fixed.count > 5 ? ", …" : ""))
    }
    return report.fails ? 1 : 0
  }

  /// Writes the JUnit, SARIF and pull-request comment reports asked for.
  private static func writeReports(_ report: CheckReport, input: Input) throws {
    if let junit = input.junit { try AtomicFile.write(Array(report.junit().xml.utf8), to: junit) }
    if let sarif = input.sarif { try AtomicFile.write(try report.sarif(), to: sarif) }
    if let file = input.pullRequestComment {
      let reports = [("SARIF", input.sarif), ("JUnit", input.junit), ("report", input.html)].compactMap { name, path in
        path.map { (name, $0) }
      }
      try AtomicFile.write(Array(report.pullRequestComment(artifacts: reports).markdown.utf8), to: file)
    }
  }

  /// What GitHub shows of the run: the annotations (with `--github`) and the step summary.
  private static func publish(_ report: CheckReport, input: Input) throws {
    if input.github { annotate(report, input: input) }
    try StepSummary.append(report.stepSummary())
  }

  /// The GitHub annotations within `--github-limit`, then a notice naming the full reports.
  private static func annotate(_ report: CheckReport, input: Input) {
    let full = [("SARIF", input.sarif), ("JUnit", input.junit), ("report", input.html)].compactMap { name, path in
      path.map { "\(name) \($0)" }
    }
    GitHubAnnotation.capped(report.annotationItems(), limits: input.githubLimit.limits, reports: full).forEach(
      Console.command)
  }

  /// The reports may replace no spec, golden or configuration file, nor each other.
  private static func refuseReplacingInputs(_ reports: [(String, String)], checker: GoldenChecker) throws {
    let cases = try checker.cases()
    let inputs =
      cases.flatMap { [("spec", $0.specPath), ("golden", $0.goldenPath)] }
      + Set(
        cases.flatMap { GoldenChecker.configurationFiles(for: PathText.deletingLastComponent($0.specPath)) }
      )
      .sorted().map { ("configuration", $0) }
    try OutputPaths.refuseStandardOutput(
      reports.map { ($0.0, $0.1) }, reason: "standard output carries the table of cases")
    for report in reports {
      try FileIdentity.refuseOverwriting(report, inputs: inputs)
      try AtomicFile.checkDestination(report.1)
    }
    try OutputPaths.refuseCollisions(reports.map { ($0.0, $0.1) })
  }

  /// The baseline `--baseline` names: rewritten from `outcomes` with `--update-baseline`, else
  /// read; none without `--baseline`.
  private static func baseline(_ input: Input, outcomes: [CheckOutcome]) throws -> CheckBaseline {
    guard let path = input.baseline else { return CheckBaseline() }
    guard input.updateBaseline else { return try CheckBaseline.load(contentsOf: path) }
    let fresh = CheckBaseline(outcomes: outcomes)
    try AtomicFile.write(try fresh.encoded(), to: path)
    Console.error("check: wrote the baseline \(path) (\(fresh.cases.count) case\(fresh.cases.count == 1 ? "" : "s"))")
    return fresh
  }

  /// `--accept-from FILE` (its ticked goldens, from its artifacts unless `--accept` names them)
  /// or `--accept ARTIFACTS` (every render).
  private static func accept(_ input: Input, checked: String) throws -> Int32 {
    guard let list = input.acceptFrom else { return try accept(input.accept ?? "", checked: checked) }
    let accepted = try AcceptList.load(contentsOf: list)
    return try accept(input.accept ?? accepted.artifacts, checked: checked, only: Set(accepted.accept))
  }

  /// `--accept ARTIFACTS`: the renders an earlier check left, copied over the goldens of
  /// `checked` (a folder, or one spec: its folder); with `only` (`--accept-from`), just those.
  private static func accept(_ artifacts: String, checked: String, only: Set<String>? = nil) throws -> Int32 {
    var root = checked.hasSuffix(".json") ? PathText.deletingLastComponent(checked) : checked
    if root.isEmpty { root = "." }
    let names = try ArtifactsManifest.accept(from: artifacts, into: root, only: only)
    names.forEach { Console.out("accepted \($0)") }
    Console.out(
      "\(names.count) golden\(names.count == 1 ? "" : "s") accepted from \(artifacts) into \(root); look at them, then commit"
    )
    return 0
  }
}
