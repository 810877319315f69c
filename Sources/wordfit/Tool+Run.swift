import WordFit

extension Tool {
  /// Runs the command `arguments` name (the words after `wordfit`) and returns the exit
  /// status: what `main` does with the process's arguments, and what the command-line tests
  /// call in-process, their output captured by ``Console/capturing(_:)``.
  static func run(_ arguments: [String]) -> Int32 {
    do {
      guard let first = arguments.first else {
        Console.errorText(Tool.help)
        return 64
      }
      switch first {
      case "help" where arguments.dropFirst().first == "--man":
        Console.outText(ManPage.text)
        return 0
      case "help" where arguments.count == 2:
        guard let command = Tool.commands.first(where: { $0.name == arguments[1] }) else {
          throw WordFitError(.usage, "no command '\(arguments[1])'; see 'wordfit --help'")
        }
        Console.outText(command.help)
        return 0
      case "-h", "--help", "help":
        Console.outText(Tool.help)
        return 0
      case "--version":
        Console.outText(BuildInfo.versionText)
        return 0
      default:
        guard let command = Tool.commands.first(where: { $0.name == first }) else {
          let suggestion = closest(to: first, among: Tool.commands.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
          throw WordFitError(.usage, "unknown command '\(first)'\(suggestion); see 'wordfit --help'")
        }
        let rest = Array(arguments.dropFirst())
        if Command.asksForHelp(rest) {
          Console.outText(command.help)
          return 0
        }
        return try command.run(rest)
      }
    } catch let error as WordFitError {
      Console.error("wordfit: error: \(error.message)")
      return error.exitStatus
    } catch {
      Console.error("wordfit: error: \(error)")
      return 70
    }
  }

}
