import Foundation
import Testing
import WordFitTestSupport

@testable import WordFit
@testable import WordFitBatch
@testable import WordFitCore
@testable import wordfit

/// The declarative options, parsed in process (no subprocess): one declaration drives parsing,
/// applying and help.
@Suite(.serialized) struct CommandLineParsingTests {
  func render(_ arguments: [String]) throws -> (RenderCommand.Input, [String]) {
    let parsed = try ParsedCommandLine(arguments, options: RenderCommand.options, command: "render")
    var input = RenderCommand.Input()
    try parsed.apply(to: &input)
    return (input, parsed.positionals)
  }

  @Test func valuesGoWhereTheirDeclarationsSay() throws {
    let (input, positionals) = try render([
      "Foo Bar", "--canvas", "38mm", "--max-size=40", "-o", "x.png", "--json", "--insets", "4,12", "--sizing",
      "individual", "--style", "TITLE2",
    ])
    #expect(positionals == ["Foo Bar"])
    #expect(input.spec.canvas == "38mm")
    #expect(input.spec.maxSize == 40)
    #expect(input.output == "x.png")
    #expect(input.json)
    #expect(input.spec.insets == [4, 12])
    #expect(input.spec.sizing == .individual)
    #expect(input.spec.style == .title2)
  }

  @Test func specFileIsAppliedFirstAndOptionsOverrideIt() throws {
    let path = try TestPaths.makeTemporaryDirectory() + "/s.json"
    try #"{"text": "From spec", "canvas": "41mm", "fg": "red"}"#.write(toFile: path, atomically: true, encoding: .utf8)
    let (input, _) = try render(["--canvas", "38mm", "--spec", path])
    #expect(input.spec.canvas == "38mm", "given before --spec, still overrides it")
    #expect(input.spec.fg == "red")
    #expect(input.spec.text == "From spec")
    #expect(input.specFile == path)
  }

  @Test func separatorsDashesAndNegativeNumbers() throws {
    let (input, positionals) = try render(["--spacing", "-2", "--", "--not-an-option"])
    #expect(input.spec.spacing == -2, "a negative number is a value, checked later by the library")
    #expect(positionals == ["--not-an-option"])
    #expect(try render(["-"]).1 == ["-"])
  }

  @Test(arguments: [
    (["--canvs", "38mm"], "unknown option '--canvs' for 'render' (did you mean '--canvas'?)"),
    (["--json=yes"], "option '--json' takes no value"),
    (["--max-size"], "option '--max-size' needs a value (PX)"),
    (["--max-size", "big"], "--max-size takes a number, not 'big'"),
    (["--overflow", "spill"], "--overflow takes one of truncate, clip, fail, not 'spill'"),
    (["--face-index", "1.5"], "--face-index takes a whole number, not '1.5'"),
    (["-x"], "unknown option '-x' for 'render'"),
  ])
  func usageErrorsNameTheOption(arguments: [String], message: String) {
    let error = #expect(throws: WordFitError.self) { try render(arguments) }
    #expect(error?.kind == .usage)
    #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
  }

  @Test func repeatedLabelsKeepTheirOrder() throws {
    let parsed = try ParsedCommandLine(
      ["-l", "Hello, World!", "--label", "Cat", "-l", "School", "--fill", "green, red"], options: StackCommand.options,
      command: "stack")
    var input = StackCommand.Input()
    try parsed.apply(to: &input)
    #expect(input.labels == ["Hello, World!", "Cat", "School"])
    #expect(input.spec.fill == ["green", "red"])
  }

  @Test func batchSharesRendersLayoutDeclarations() throws {
    let parsed = try ParsedCommandLine(
      ["in.csv", "--out", "o", "--max-size", "72", "--jobs", "3", "--shard", "1/4", "-q"],
      options: BatchCommand.options, command: "batch")
    var input = BatchCommand.Input()
    try parsed.apply(to: &input)
    let batch = try BatchCommand.batchOptions(input, csv: "in.csv")
    #expect(batch.spec.maxSize == 72)
    #expect(batch.jobs == 3)
    #expect(batch.shard == Shard(index: 1, count: 4))
    #expect(input.quiet)
    try ParsedCommandLine(["--shard", "4/4"], options: BatchCommand.options, command: "batch").apply(to: &input)
    #expect(throws: WordFitError.self, "K/N is checked when the batch's options are made") {
      try BatchCommand.batchOptions(input, csv: "in.csv")
    }
  }

  @Test func helpListsEveryDeclaredOptionOnce() {
    for command in Tool.commands {
      let names = command.options.flatMap(\.names)
      #expect(Set(names).count == names.count, "\(command.name) declares an option twice")
      for name in names { #expect(command.help.contains("--\(name)"), "\(command.name) help lacks --\(name)") }
      #expect(command.help.contains("-h, --help"))
    }
    #expect(Command.asksForHelp(["x", "--help"]))
    #expect(!Command.asksForHelp(["--", "--help"]))
  }

  /// The top-level help names every command whole, each followed by its abstract (a name longer
  /// than the column, `merge-archives`, was cut to `merge-arch` and ran into its abstract).
  @Test func theHelpListsEveryCommandWhole() {
    for command in Tool.commands {
      #expect(Tool.help.contains("\n  \(command.name)  "), "\(command.name)")
      #expect(Tool.help.contains(command.abstract), "\(command.name)")
    }
  }
}
