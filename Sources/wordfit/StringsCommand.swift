import Foundation
import WordFit

/// `wordfit strings CATALOG`: every string of an Xcode String Catalog, in every language, on
/// every watch in every Dynamic Type size, with reports CI systems read.
enum StringsCommand {
  /// What `strings` is asked.
  struct Input {
    var layouts: String?
    var canvases: [String]?
    var categories: [ContentSizeCategory]?
    var languages: [String]?
    var includeStale = false
    var minimumLegible: Double?
    var failOn: [PreviewProblem] = []
    var json = false
    var junit: String?
    var html: String?
    var images: String?
    var imageFormat = OutputFormat.png
    var github = false
    var githubLimit = GitHubLimit()
    var codeQuality: String?
    var sarif: String?
    var pullRequestComment: String?
    var pathRoot: String?
    var htmlAll = false
    var baseline: String?
    var updateBaseline = false
    var all = false
    var pseudo: [Pseudolocale] = []
    var sourceLanguage = "en"
  }

  static let options: [Option<Input>] = [
    .value(
      "layouts", "FILE.json", \.layouts, as: .string,
      help:
        "Layouts per key (default: wordfit-strings.json beside the catalog, else body, wrap, 2 lines, min-scale 0.8)."
    ),
    .value("canvases", "C,C,...", \.canvases, as: .list, help: "Watch presets or WxH (default: the ten watches)."),
    VariantOptions.categories(\.categories, help: "Dynamic Type sizes (default: the six watch sizes)."),
    .value("languages", "L,L,...", \.languages, as: .list, help: "Languages to check (default: all in the catalog)."),
    .flag("include-stale", \.includeStale, help: "Also check keys Xcode marked stale."),
    .value(
      "source-language", "TAG", \.sourceLanguage, as: .string,
      help: "The keys' language for .strings, .stringsdict and .lproj folders (default en; a catalog names its own)."),
    .value(
      "pseudo", "accented,double,bounded,rtl", \.pseudo, as: .parsed(Pseudolocale.parseList),
      help: "Also check pseudolocales of the source strings: en-XA, double length, bounded, ar-XB."),
    .value(
      .minLegible, "PT", \.minimumLegible, as: .number,
      help:
        "Mark text below PT points illegible (default: the key's minLegible, else watchOS's documented 12 pt on a watch, 11 pt on WxH)."
    ),
    VariantOptions.failOn(\.failOn, what: "string"),
    .flag("json", \.json, help: "Print every row as JSON on standard output."),
    .value(
      "junit", "FILE.xml", \.junit, as: .string,
      help:
        "Write a JUnit report: a test case per key and language, failed (one failure listing its layouts) when a problem --fail-on names occurs, its other problems in system-out."
    ),
    .value(
      "sarif", "FILE.sarif", \.sarif, as: .string,
      help:
        "Write SARIF 2.1.0 for GitHub code scanning: a result per key, language and problem at the key's line (error when it fails the run), worst first, with stable fingerprints; at most 25,000."
    ),
    .value(
      "pr-comment", "FILE.md", \.pullRequestComment, as: .string,
      help:
        "Write a pull-request comment in Markdown: the verdict and counts, the 10 layouts furthest from fitting, the reports' names; at most 65,536 characters (GitHub's limit)."
    ),
    .value(
      "codequality", "FILE.json", \.codeQuality, as: .string,
      help:
        "Write GitLab's Code Quality report: a finding per key, language and problem at the key's line (major when it fails the run)."
    ),
    .value(
      .baseline, "FILE.json", \.baseline, as: .string,
      help:
        "Known problems: a run fails only on problems not listed, and says which listed ones are fixed (write it with --update-baseline)."
    ),
    .flag(
      "update-baseline", \.updateBaseline,
      help: "Write every problem of this run to the --baseline file (sorted, one a line), then report against it."),
    .value(
      "html", "DIR", \.html, as: .string,
      help: "Write a page to DIR: every string that does not fit, where, and by how much, with its images."),
    .value(
      "images", "DIR", \.images, as: .string,
      help:
        "Write an image of each layout with a problem to DIR (default: DIR/cells with --html, FILE-images with --junit)."
    ),
    .value(
      .imageFormat, "png|webp", \.imageFormat, as: .parsed(StringsCheck.parseImageFormat),
      help: "The images' format: png (default) or webp (lossless, the same pixels)."),
    .flag(
      "github", \.github,
      help:
        "Print GitHub Actions annotations per key and language with a problem, at the key's line: ::error for problems --fail-on names, ::warning for the others; the worst 10 of each (GitHub shows no more), then a ::notice counting the rest."
    ),
    GitHubLimit.option(\.githubLimit),
    PathRoot.option(\.pathRoot),
    .flag(
      "html-all", \.htmlAll,
      help:
        "With --html: open the page on every string (by default it opens on the strings with a problem when more than 20 have one)."
    ),
    .flag("all", \.all, help: "List every row in the table, not only those with problems."),
  ]

  static let command = Command(
    name: "strings", abstract: "Check every string of a String Catalog on every watch in every Dynamic Type size.",
    usage: "wordfit strings Localizable.xcstrings|FILE.strings|FILE.stringsdict|FOLDER [options]",
    discussion:
      "Each key's watch text (device.applewatch, else device.other, else the plain string) in each language, every plural form filled with a number of its CLDR category, laid out with the key's layout and the language for shaping and fallback. Exit status: 0, 1 with --fail-on when a listed problem occurs, 64 usage, 65 bad catalog (a string that cannot be laid out, such as an empty value, is named with its key and language after every other string is checked), 66 missing catalog, 74 write error.",
    options: options, run: run)

  static func run(_ parsed: ParsedCommandLine<Input>) throws -> Int32 {
    var input = Input()
    try parsed.apply(to: &input)
    guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
      throw WordFitError(
        .usage,
        "give one catalog: wordfit strings Localizable.xcstrings (or a .strings/.stringsdict file, or a folder of .lproj folders)"
      )
    }
    var check = StringsCheck(catalog: try StringCatalog.load(contentsOf: path, sourceLanguage: input.sourceLanguage))
    let beside = (PathText.deletingLastComponent(path) as NSString).appendingPathComponent(
      StringsLayouts.fileName)
    if let layouts = input.layouts ?? (FileManager.default.fileExists(atPath: beside) ? beside : nil) {
      check.layouts = try StringsLayouts(contentsOf: layouts)
    }
    if let canvases = input.canvases { check.canvases = canvases }
    if let categories = input.categories { check.categories = categories }
    check.languages = input.languages
    check.includesStale = input.includeStale
    check.pseudolocales = input.pseudo
    check.minimumLegiblePoints = input.minimumLegible
    try refuseReplacingInputs(input, catalog: path, layouts: input.layouts ?? beside)
    if let html = input.html { try HTMLPage.checkFolder(html, subfolder: StringsPage.imageSubfolder) }
    check.imageFolder = imageFolder(input)
    check.imageFormat = input.imageFormat
    return try report(try check.rows(), input: input, catalog: path)
  }

  /// Writes the Code Quality, SARIF, pull-request comment and JUnit reports asked for.
  static func writeReports(_ ci: StringsCIReport, input: Input) throws {
    if let file = input.codeQuality { try AtomicFile.write(try ci.codeQuality(), to: file) }
    if let file = input.sarif { try AtomicFile.write(try ci.sarif(version: wordFitVersion), to: file) }
    if let file = input.pullRequestComment {
      let reports = [("SARIF", input.sarif), ("JUnit", input.junit), ("page", input.html)].compactMap { name, path in
        path.map { (name, $0) }
      }
      try AtomicFile.write(Array(ci.pullRequestComment(artifacts: reports).markdown.utf8), to: file)
    }
    if let junit = input.junit { try AtomicFile.write(Array(ci.junit().xml.utf8), to: junit) }
  }

  /// Writes every report of `rows` and returns the exit status: 65 when a string could not be
  /// laid out, 1 when a problem `--fail-on` names (and the baseline does not) occurs, else 0.
  static func report(_ rows: [StringsRow], input: Input, catalog path: String) throws -> Int32 {
    let summary = StringsReport.summary(rows)
    let ci = StringsCIReport(
      rows: rows, failOn: input.failOn.map(\.rawValue), catalog: PathRoot.relative(path, root: input.pathRoot),
      catalogText: Self.text(ofFile: path),
      baseline: try baseline(input, rows: rows))
    try writeReports(ci, input: input)
    if let html = input.html {
      try StringsPage.write(rows, to: html, title: "wordfit strings \(path)", summary: summary, showsAll: input.htmlAll)
    }
    if input.json {
      Console.outText(try Console.json(rows))
    } else {
      StringsReport.table(rows, all: input.all).forEach(Console.out)
    }
    if input.github {
      let reports = [("SARIF", input.sarif), ("JUnit", input.junit), ("page", input.html)].compactMap { name, path in
        path.map { "\(name) \($0)" }
      }
      ci.cappedAnnotations(limits: input.githubLimit.limits, reports: reports + ["the step summary"]).forEach(
        Console.command)
    }
    if input.json || input.github { Console.error(summary) } else { Console.out(summary) }
    if let known = input.baseline, !input.updateBaseline {
      let problems = rows.flatMap { row in row.problems.map { (row, $0) } }
      let fresh = problems.filter { !ci.baseline.contains($0.0, problem: $0.1) }.count
      Console.error(
        "strings: against the baseline \(known): \(fresh) new problem\(fresh == 1 ? "" : "s"), \(problems.count - fresh) known, \(ci.fixed.count) fixed"
      )
    }
    if !ci.fixed.isEmpty {
      Console.error(
        "strings: \(ci.fixed.count) problem\(ci.fixed.count == 1 ? "" : "s") of the baseline fixed since (rewrite it with --update-baseline): "
          + ci.fixed.prefix(5).map { "\($0.key) (\($0.language)) \($0.canvas) \($0.dynamicType) \($0.problem)" }.joined(
            separator: "; ") + (ci.fixed.count > 5 ? "; …" : ""))
    }
    try StepSummary.append(
      ci.stepSummary(
        artifacts: [
          ("JUnit", input.junit), ("page", input.html), ("Code Quality", input.codeQuality), ("SARIF", input.sarif),
        ].compactMap {
          name, path in path.map { (name, $0) }
        }))
    // Strings that could not be laid out at all (an empty value, a language that is not a
    // tag): each named with its key and language; the rest were checked and reported above.
    let broken = rows.filter { $0.error != nil }
    for row in broken.prefix(20) {
      let variant = row.variant.isEmpty ? "" : " \(row.variant)"
      Console.error("wordfit: error: \(path): key \"\(row.key)\" (\(row.language)\(variant)): \(row.error ?? "")")
    }
    if broken.count > 20 {
      Console.error("wordfit: error: … and \(broken.count - 20) more strings that could not be laid out")
    }
    if !broken.isEmpty { return 65 }
    return ci.fails ? 1 : 0
  }

  /// The baseline `--baseline` names: rewritten from `rows` with `--update-baseline`, else read
  /// (a missing file is an error: 66); none without `--baseline`.
  static func baseline(_ input: Input, rows: [StringsRow]) throws -> StringsBaseline {
    guard let path = input.baseline else { return StringsBaseline() }
    guard input.updateBaseline else { return try StringsBaseline.load(contentsOf: path) }
    let fresh = StringsBaseline(rows: rows)
    try AtomicFile.write(try fresh.encoded(), to: path)
    Console.error(
      "strings: wrote the baseline \(path) (\(fresh.entries.count) problem\(fresh.entries.count == 1 ? "" : "s"))")
    return fresh
  }

  /// The text of the catalog at `path` when it is one file (for its keys' lines), else `nil`.
  static func text(ofFile path: String) -> String? {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
      let data = FileManager.default.contents(atPath: path)
    else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// The JUnit report and the page may replace neither the catalog (each file of a folder of
  /// `.lproj` folders), nor the layouts file, nor each other.
  static func refuseReplacingInputs(_ input: Input, catalog: String, layouts: String) throws {
    var inputs = [("catalog", catalog), ("layouts file", layouts)]
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: catalog, isDirectory: &isFolder), isFolder.boolValue,
      let files = FileManager.default.enumerator(atPath: catalog)
    {
      for case let file as String in files where inputs.count < 10_000 {
        inputs.append(("catalog file", (catalog as NSString).appendingPathComponent(file)))
      }
    }
    let outputs = [
      ("JUnit report", input.junit), ("page", input.html.map { $0 + "/index.html" }),
      ("Code Quality report", input.codeQuality), ("SARIF report", input.sarif),
      ("pull-request comment", input.pullRequestComment),
      ("baseline", input.updateBaseline ? input.baseline : nil),
    ]
    try OutputPaths.refuseStandardOutput(
      outputs + [("image folder", input.images)], reason: "standard output carries the table or the JSON rows")
    for case let (role, path?) in outputs {
      try FileIdentity.refuseOverwriting((role, path), inputs: inputs)
    }
    // The layouts' images are named after keys, languages and canvases: a report among them
    // could be replaced by one (or replace one).
    if let images = imageFolder(input) {
      let folder = OutputPaths.canonical(images) + "/"
      for case let (role, path?) in outputs where OutputPaths.canonical(path).hasPrefix(folder) {
        throw WordFitError(
          .usage,
          "the \(role) \(path) is inside \(images), where the layouts' images are written; give it a path outside that folder",
          input: path)
      }
    }
    try OutputPaths.refuseCollisions(outputs)
    // GitHub's step summary is appended to: never to an input, nor to a report of this run.
    if let summary = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
      try FileIdentity.refuseOverwriting(("step summary (GITHUB_STEP_SUMMARY)", summary), inputs: inputs)
      try OutputPaths.refuseCollisions(outputs + [("step summary (GITHUB_STEP_SUMMARY)", summary)])
    }
  }

  /// Where the layouts' images go: the page's `cells` folder, `--images`, or beside the JUnit
  /// report (`REPORT-images`); `nil` when none is written.
  static func imageFolder(_ input: Input) -> String? {
    input.html.map { $0 + "/" + StringsPage.imageSubfolder } ?? input.images
      ?? input.junit.map { (PathText.deletingExtension($0)) + "-images" }
  }
}
