import WordFit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A subcommand of `wordfit`.
struct Subcommand {
  /// The name typed after `wordfit`.
  var name: String
  /// One line for the command list.
  var abstract: String
  /// Runs the command with the arguments after its name; returns the exit status.
  var run: ([String]) throws -> Int32
}

let commands: [Subcommand] = [
  Subcommand(name: RenderCommand.name, abstract: RenderCommand.abstract, run: RenderCommand.run),
  Subcommand(name: StackCommand.name, abstract: StackCommand.abstract, run: StackCommand.run),
  Subcommand(name: BatchCommand.name, abstract: BatchCommand.abstract, run: BatchCommand.run),
  Subcommand(name: PresetsCommand.name, abstract: PresetsCommand.abstract, run: PresetsCommand.run),
  Subcommand(name: DiffCommand.name, abstract: DiffCommand.abstract, run: DiffCommand.run),
  Subcommand(name: CheckCommand.name, abstract: CheckCommand.abstract, run: CheckCommand.run),
]

let mainHelp = """
  OVERVIEW: Fit words to a watch-sized canvas at one common size, and render them to PNG.

  USAGE: wordfit <command> [options]

  COMMANDS:
  \(commands.map { "  " + $0.name.padding(toLength: 10, withPad: " ", startingAt: 0) + $0.abstract }.joined(separator: "\n"))

  OPTIONS:
    --version                   Print the version.
    -h, --help                  Show help; 'wordfit <command> --help' for a command.

  EXIT STATUS: 0 success, 1 images differ (diff, check) or rows failed (batch), 64 usage error,
  65 bad input data, 66 missing input file, 74 read/write error, 130 interrupted (batch).
  """

@MainActor
func runMain() -> Int32 {
  do {
    let arguments = try Console.arguments()
    guard let first = arguments.first else {
      Console.error(mainHelp)
      return 64
    }
    switch first {
    case "-h", "--help", "help":
      Console.out(mainHelp)
      return 0
    case "--version":
      Console.out("wordfit \(wordFitVersion)")
      return 0
    default:
      guard let command = commands.first(where: { $0.name == first }) else {
        let suggestion =
          CommandLineArguments.closest(to: first, among: commands.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
        throw WordFitError(.usage, "unknown command '\(first)'\(suggestion); see 'wordfit --help'")
      }
      return try command.run(Array(arguments.dropFirst()))
    }
  } catch let error as WordFitError {
    Console.error("wordfit: error: \(ErrorReport.line(for: error))")
    return error.exitStatus
  } catch {
    Console.error("wordfit: error: \(error)")
    return 70
  }
}

exit(runMain())
