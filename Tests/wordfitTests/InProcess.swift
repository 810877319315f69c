import Foundation
import WordFitTestSupport

@testable import wordfit

/// Runs `wordfit` for the command-line tests: in-process (``Tool/run(_:)``, the console
/// captured, the working folder set for the run) unless the process itself is under test —
/// standard input fed, standard output carrying bytes (`-`, `/dev/…`), or an environment of
/// its own — when the built binary is started as a child process instead.
enum InProcess {
  /// Runs `wordfit arguments` in `directory` (default: the package root), feeding `input`,
  /// with `environment` added; what it printed and its exit status.
  static func wordfit(
    _ arguments: [String], in directory: String? = nil, input: String? = nil, environment: [String: String] = [:]
  ) throws -> CommandResult {
    let streams = arguments.contains { $0 == "-" || $0.hasPrefix("/dev/") }
    guard input == nil, environment.isEmpty, !streams else {
      return try CommandRunner.wordfit(arguments, in: directory, input: input, environment: environment)
    }
    _ = TestPaths.packageRoot  // points fontconfig at the committed fonts before the first font
    let (status, captured) = Console.capturing(in: directory ?? TestPaths.packageRoot) { Tool.run(arguments) }
    return CommandResult(status: status, standardOutput: captured.output, standardError: captured.error)
  }
}
