import Foundation
import Testing
import WordFitTestSupport

@testable import WordFit
@testable import WordFitBatch
@testable import WordFitChecking
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitLayout
@testable import WordFitText
@testable import wordfit

/// Library errors speak of parameters by role; only the command-line tool names flags.
@Suite struct ErrorReportTests {
  /// Errors the library throws for bad parameters, gathered through its public API.
  static func libraryErrors() -> [WordFitError] {
    var errors: [WordFitError] = []
    func collect(_ body: () throws -> Void) {
      do { try body() } catch let error as WordFitError { errors.append(error) } catch {}
    }
    var spec = RenderSpec(text: "Ada")
    spec.maxSize = 5000
    collect { _ = try WordStackRenderer().render(spec) }
    spec.maxSize = nil
    spec.minScale = 2
    collect { _ = try WordStackRenderer().render(spec) }
    spec.minScale = 0.5
    spec.canvas = "55mm"
    collect { _ = try WordStackRenderer().render(spec) }
    spec.canvas = "45mm"
    spec.fg = "mauve"
    collect { _ = try WordStackRenderer().render(spec) }
    spec.fg = "white"
    spec.overflow = .fail
    spec.maxSize = 400
    spec.minScale = 1
    collect { _ = try WordStackRenderer().render(spec) }
    collect { _ = try Shard.parse("3/2") }
    collect { _ = try FileNamer(template: "{nope}", columns: ["id"]) }
    collect { _ = try Font(contentsOf: TestPaths.bold, faceIndex: 70_000) }
    collect { try ComparisonTolerance(threshold: 2).validate() }
    collect { _ = try StackRenderer().render(StackSpec(labels: [])) }
    return errors
  }

  @Test func libraryMessagesNameNoFlags() {
    let errors = Self.libraryErrors()
    #expect(errors.count == 10)
    for error in errors {
      #expect(!error.message.contains("--"), "\(error.message)")
    }
  }

  @Test func reasonsCarryParameterValueAndRange() {
    let errors = Self.libraryErrors()
    #expect(errors[0].reason == .outOfRange(.maxSize, value: "5000", range: "1…4096"))
    #expect(errors[1].reason == .outOfRange(.minScale, value: "2", range: "a value in (0, 1], such as 0.5"))
    guard case .notOneOf(.canvas, "55mm", let choices) = errors[2].reason else {
      Issue.record("\(errors[2].reason)")
      return
    }
    #expect(choices.contains("45mm"))
    #expect(errors[4].reason == .doesNotFit)
    #expect(errors[4].kind == .invalidData)
    #expect(
      errors[5].reason
        == .malformed(.shard, value: "3/2", expected: errors[5].message.components(separatedBy: "is not ").last ?? ""))
  }

  /// The tool names each parameter as it came in (argument-parser's `InputOrigin`): by the
  /// flag that gave it, by the spec key when a spec file gave it, by the environment variable
  /// that set it, else by the flag that would set it. The library's message is not rewritten:
  /// its parameters are named where it is shown.
  @Test func theToolNamesParametersByWhereTheyCameFrom() throws {
    let errors = Self.libraryErrors()
    let flags = try ParsedCommandLine(
      ["--max-size", "1", "--min-scale", "1", "--canvas", "x", "--fg", "x", "--overflow", "fail"],
      options: RenderCommand.options, command: "render")
    #expect(flags.message(of: errors[0]).hasPrefix("--max-size 5000 px is out of range; use 1…4096"))
    #expect(flags.message(of: errors[3]).hasPrefix("--fg 'mauve' is not one of #RRGGBB"))
    #expect(flags.message(of: errors[4]).contains("(--overflow fail); use a larger canvas, a smaller --min-scale"))
    #expect(flags.origin(of: .maxSize) == .flag("--max-size"))
    let spec = try ParsedCommandLine(["--spec", "s.json"], options: RenderCommand.options, command: "render")
    #expect(spec.origin(of: .maxSize) == .specFile("s.json"))
    #expect(spec.message(of: errors[0]).hasPrefix("spec key 'maxSize' 5000 px is out of range"))
    let neither = try ParsedCommandLine([], options: RenderCommand.options, command: "render")
    #expect(neither.origin(of: .maxSize) == .defaultValue)
    #expect(neither.message(of: errors[0]).hasPrefix("--max-size 5000 px"), "the flag that would set it")
    #expect(errors[0].message.hasPrefix("maximum size 5000 px"), "the library's own words")
  }

  @Test func anEnvironmentVariableIsNamedWhenItSetTheValue() throws {
    let error = try #require(throws: WordFitError.self) {
      try RecordMode.fromEnvironment(["WORDFIT_RECORD": "sometimes"])
    }
    let fromEnvironment = try ParsedCommandLine(
      [], options: CheckCommand.options, command: "check", environment: ["WORDFIT_RECORD": "sometimes"])
    #expect(fromEnvironment.origin(of: .record) == .environment("WORDFIT_RECORD"))
    #expect(fromEnvironment.message(of: error).hasPrefix("WORDFIT_RECORD 'sometimes' is not a record mode"))
    let fromFlag = try ParsedCommandLine(
      ["--record", "all"], options: CheckCommand.options, command: "check", environment: ["WORDFIT_RECORD": "x"])
    #expect(fromFlag.origin(of: .record) == .flag("--record"))
  }

  /// One spelling family: each option that sets a library parameter is named by that
  /// parameter's flag, which is its key (the Swift property and spec key) in kebab case.
  @Test func everyOptionIsSpelledLikeItsParameter() {
    let options =
      RenderCommand.options.map { ($0.usage, $0.parameter) } + StackCommand.options.map { ($0.usage, $0.parameter) }
      + BatchCommand.options.map { ($0.usage, $0.parameter) } + CheckCommand.options.map { ($0.usage, $0.parameter) }
      + PreviewCommand.options.map { ($0.usage, $0.parameter) }
    #expect(options.filter { $0.1 != nil }.count >= 40)
    for (usage, parameter) in options {
      guard let parameter else { continue }
      #expect(usage.names[0] == parameter.flag, "\(usage.names[0]) sets \(parameter.key)")
      #expect(parameter.flag == Parameter.kebabCase(parameter.key) || parameter == .labels, "\(parameter.key)")
    }
  }
}

/// Specs are checked when decoded: a bad value fails before anything renders, naming its key.
@Suite struct SpecValidationTests {
  @Test(arguments: [
    (#"{"text": "A", "canvas": "55mm"}"#, "key 'canvas': '55mm' is not one of 38mm"),
    (#"{"text": "A", "fg": "mauve"}"#, "key 'fg': 'mauve' is not one of #RRGGBB"),
    (#"{"text": "A", "maxSize": 5000}"#, "key 'maxSize': 5000 px is out of range; use 1…4096"),
    (#"{"text": "A", "insets": [300]}"#, "key 'insets': 300,300,300,300 leave no room on a 396x484 canvas"),
    (#"{"labels": ["A"], "fill": ["red", "mauve"]}"#, "key 'fill': 'mauve' is not one of"),
    (#"{"labels": ["A"], "boxShape": "blob"}"#, "key 'boxShape': 'blob' is not one of capsule, rounded, rectangle"),
    (#"{"labels": ["A"], "shape": "blob"}"#, "key 'shape': 'blob' is not one of rect, circle, rounded:R"),
    (#"{"text": "A", "shape": "capsule"}"#, "key 'shape': 'capsule' is a box shape; the screen's shape is rect"),
    (#"{"text": "A", "shape": "rounded:x"}"#, "key 'shape': 'rounded:x' has no radius; give one in pixels"),
    (#"{"text": "A", "fontScale": 2}"#, "key 'fontScale': 2 is out of range; use 0.94…1.24"),
    (#"{"labels": ["A"], "padding": [1, 2, 3]}"#, "key 'padding': takes 1 value or 2"),
  ])
  func badValuesFailAtDecodeNamingTheKey(json: String, message: String) throws {
    let error = try #require(throws: WordFitError.self) { try LayoutSpec.decode(Data(json.utf8), source: "s.json") }
    #expect(error.kind == .usage)
    #expect(error.message.hasPrefix("s.json: "))
    #expect(error.message.contains(message), "\(error.message)")
  }

  @Test func aValidSpecDecodes() throws {
    let spec = try LayoutSpec.decode(Data(##"{"text": "A", "canvas": "38mm", "fg": "#FF9500"}"##.utf8))
    #expect(
      spec
        == .words(
          {
            var s = RenderSpec(text: "A"); s.canvas = "38mm"; s.fg = "#FF9500"; return s
          }()))
  }
}
