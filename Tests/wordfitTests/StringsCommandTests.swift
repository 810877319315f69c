import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitStrings

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `wordfit strings` as CI runs it (issue 26): a row's size is what `render --json` reports, the
/// JUnit report and GitHub annotations, bad catalogs as data errors. The catalog check itself is
/// tested in process (`WordFitStringsTests`).
@Suite struct StringsCommandTests {
  init() { _ = TestPaths.packageRoot }

  static let path = TestPaths.fixtures + "/strings/Localizable.xcstrings"

  @Test func aRowsSizeIsWhatRenderReports() throws {
    var check = StringsCheck(catalog: try StringCatalog.load(contentsOf: Self.path))
    (check.canvases, check.categories) = (["38mm", "45mm"], [.extraSmall, .extraExtraExtraLarge])
    let rows = try check.rows()
    for row in rows.filter({ !$0.problems.isEmpty }).prefix(2) + rows.prefix(1) {
      let result = try InProcess.wordfit([
        "render", row.text, "--style", "body", "--weight", "regular", "--layout", "wrap", "--line-limit", "2",
        "--min-scale", "0.8", "--language", row.language, "--canvas", row.canvas, "--dynamic-type", row.dynamicType,
        "-o", try TestPaths.makeTemporaryDirectory() + "/r.png", "--json",
      ])
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
      #expect(json["size"] as? Double == row.size, "\(row.key) \(row.language): \(result.standardError)")
    }
  }

  /// `--junit` alone writes the images beside the report, and each failure names its image.
  @Test func junitFailuresNameTheirImages() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit([
      "strings", Self.path, "--canvases", "38mm", "--categories", "xxxLarge", "--junit", directory + "/report.xml",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let xml = try String(contentsOfFile: directory + "/report.xml", encoding: .utf8)
    let images = xml.components(separatedBy: "image: ").dropFirst().map {
      String($0.prefix { $0 != "\n" && $0 != "<" })
    }
    #expect(!images.isEmpty)
    for image in images {
      #expect(image.hasPrefix(directory + "/report-images/"))
      #expect(FileManager.default.fileExists(atPath: image), "\(image)")
    }
  }

  @Test func junitAndAnnotationsForCI() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit([
      "strings", Self.path, "--canvases", "38mm,45mm", "--categories", "xSmall,xxxLarge", "--fail-on", "broken-word",
      "--junit", directory + "/report.xml", "--github",
    ])
    #expect(result.status == 1, "\(result.standardError)")
    #expect(result.standardOutput.contains("::error file="))
    #expect(result.standardOutput.contains(",line=152,title=Battery optimisation (de)%3A broken-word::"))
    let xml = try Data(contentsOf: URL(fileURLWithPath: directory + "/report.xml"))
    let parsed = JUnitShape(xml)
    #expect(parsed.isWellFormed)
    #expect(parsed.root == "testsuites")
    #expect(parsed.suites == ["strings.en", "strings.ar", "strings.de", "strings.fr", "strings.ja", "strings.ru"])
    #expect(parsed.failedCases.contains("strings.de/Battery optimisation"))
    #expect(parsed.testsAttribute == parsed.cases, "tests= counts the test cases")
    #expect(try JUnitSchema.problems(in: directory + "/report.xml") == nil)
    // The schema is not vacuous: a suite without its counts does not validate.
    try #"<testsuites><testsuite name="x"><testcase name="y"/></testsuite></testsuites>"#.write(
      toFile: directory + "/bad.xml", atomically: true, encoding: .utf8)
    #expect(try JUnitSchema.problems(in: directory + "/bad.xml") != nil)
    let passing = try InProcess.wordfit(["strings", Self.path, "--canvases", "45mm", "--categories", "xSmall"])
    #expect(passing.status == 0)
  }

  /// A baseline (issue 43): written from a run, it passes on the problems it lists and fails on
  /// a new one; the step summary is appended to `GITHUB_STEP_SUMMARY`, never replacing it.
  @Test func aBaselineAndAStepSummary() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let baseline = directory + "/baseline.json"
    let base = ["strings", Self.path, "--categories", "xxxLarge", "--fail-on", "broken-word,truncated"]
    let written = try InProcess.wordfit(base + ["--canvases", "38mm", "--baseline", baseline, "--update-baseline"])
    #expect(written.status == 0, "\(written.standardError)")
    let known = try InProcess.wordfit(base + ["--canvases", "38mm", "--baseline", baseline])
    #expect(known.status == 0, "\(known.standardError)")
    let wider = try InProcess.wordfit(
      base + ["--canvases", "38mm,45mm", "--categories", "xSmall,xxxLarge", "--baseline", baseline])
    #expect(wider.status == 1, "a problem the baseline does not list: \(wider.standardOutput)")
    let summary = directory + "/summary.md"
    try "earlier step\n".write(toFile: summary, atomically: true, encoding: .utf8)
    let run = try InProcess.wordfit(
      base + ["--canvases", "38mm", "--codequality", directory + "/cq.json"],
      environment: ["GITHUB_STEP_SUMMARY": summary])
    #expect(run.status == 1)
    let text = try String(contentsOfFile: summary, encoding: .utf8)
    #expect(text.hasPrefix("earlier step\n## wordfit strings: ") && text.contains("**Failed**"), "\(text)")
    #expect(text.contains("Code Quality `\(directory)/cq.json`"))
    #expect(FileManager.default.fileExists(atPath: directory + "/cq.json"))
    let bad = try InProcess.wordfit(base + ["--canvases", "38mm", "--baseline", Self.path])
    #expect(bad.status == 65 && bad.standardError.contains("is not a wordfit strings baseline"), "\(bad.standardError)")
  }

  @Test func badCatalogsAreDataErrors() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    try "[1, 2]".write(toFile: directory + "/bad.xcstrings", atomically: true, encoding: .utf8)
    let bad = try InProcess.wordfit(["strings", directory + "/bad.xcstrings"])
    #expect(bad.status == 65 && bad.standardError.contains("is not a String Catalog"))
    let missing = try InProcess.wordfit(["strings", directory + "/none.xcstrings"])
    #expect(missing.status == 66)
  }
}

/// The JUnit file's shape, read with Foundation's XML parser: the elements Jenkins' and
/// GitLab's readers use (testsuites > testsuite > testcase > failure with message and type).
final class JUnitShape: NSObject, XMLParserDelegate {
  var root: String?
  var suites: [String] = []
  var cases = 0
  var testsAttribute: Int?
  var failedCases: Set<String> = []
  var isWellFormed = false
  private var suite = ""
  private var testCase = ""
  private var path: [String] = []

  init(_ data: Data) {
    super.init()
    let parser = XMLParser(data: data)
    parser.delegate = self
    isWellFormed = parser.parse()
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    if root == nil {
      root = name
      testsAttribute = attributes["tests"].flatMap(Int.init)
    }
    switch (path.last, name) {
    case ("testsuites", "testsuite"): suite = attributes["name"] ?? ""; suites.append(suite)
    case ("testsuite", "testcase"):
      cases += 1
      testCase = (attributes["classname"] ?? "") + "/" + (attributes["name"] ?? "")
    case ("testcase", "failure"):
      if attributes["message"] != nil, attributes["type"] != nil { failedCases.insert(testCase) }
    default: break
    }
    path.append(name)
  }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
    path.removeLast()
  }
}
