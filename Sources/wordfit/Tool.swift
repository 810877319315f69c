import Foundation
import WordFit

/// The `wordfit` tool: its commands and its top-level help.
enum Tool {
  /// Every command, in the order help lists them.
  static let commands: [Command] = [
    RenderCommand.command, StackCommand.command, BatchCommand.command, PreviewCommand.command, FontsCommand.command,
    StringsCommand.command, PresetsCommand.command, SheetsCommand.command,
    DiffCommand.command, CheckCommand.command, MergePDFCommand.command, MergeArchivesCommand.command,
    DeskCommand.command,
  ]

  /// The width of the help's command column: the longest name and two spaces.
  static let nameWidth = (commands.map(\.name.count).max() ?? 8) + 2

  /// `wordfit --help`.
  static let help = """
    OVERVIEW: Fit words to a watch-sized canvas at one common size, and render them to PNG.

    USAGE: wordfit <command> [options]

    COMMANDS:
    \(commands.map { "  " + $0.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + $0.abstract }.joined(separator: "\n"))

    OPTIONS:
      --version                   Print the version.
      -h, --help                  Show help; 'wordfit <command> --help' for a command.
      help --man                  Print the manual page (roff), made from the same declarations.

    EXIT STATUS: 0 success, 1 images differ (diff, check) or rows failed (batch), 64 usage error,
    65 bad input data, 66 missing input file, 74 read/write error, 130 interrupted (batch).
    """
}
