import WordFit

/// A subcommand of `wordfit`: what help says about it, and how it runs.
struct Command: Sendable {
  /// The name typed after `wordfit`.
  var name: String
  /// One line for the command list and the help's overview.
  var abstract: String
  /// The usage line, after `USAGE: `.
  var usage: String
  /// Paragraphs after the options (exit statuses, formats).
  var discussion: String = ""
  /// The options, as help shows them (from the command's declarations).
  var options: [OptionUsage]
  /// Runs the command with the arguments after its name; returns the exit status. `--help` is
  /// handled before it is called. Errors come out with their parameters named as the command
  /// line gave them (``ParsedCommandLine/message(of:)``).
  var run: @Sendable ([String]) throws -> Int32

  /// A command that parses its arguments against `options` and runs `body` with them.
  init<Input>(
    name: String, abstract: String, usage: String, discussion: String = "", options: [Option<Input>],
    run body: @escaping @Sendable (ParsedCommandLine<Input>) throws -> Int32
  ) {
    (self.name, self.abstract, self.usage, self.discussion) = (name, abstract, usage, discussion)
    self.options = options.map(\.usage)
    self.run = { arguments in
      let parsed = try ParsedCommandLine(arguments, options: options, command: name)
      do {
        return try body(parsed)
      } catch let error as WordFitError {
        var named = error
        named.text = .init(verbatim: parsed.message(of: error))
        throw named
      }
    }
  }

  /// A command that reads its arguments itself (`presets`).
  init(
    name: String, abstract: String, usage: String, discussion: String = "", options: [OptionUsage],
    run: @escaping @Sendable ([String]) throws -> Int32
  ) {
    (self.name, self.abstract, self.usage, self.discussion, self.options, self.run) =
      (name, abstract, usage, discussion, options, run)
  }

  /// The command's help text, generated from its option declarations.
  var help: String {
    var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(usage)", "", "OPTIONS:"]
    for option in options + [OptionUsage(names: ["help"], short: "h", valueName: nil, help: "Show help.")] {
      var label = option.short.map { "-\($0), " } ?? ""
      label += option.names.map { "--\($0)" }.joined(separator: ", ")
      if let value = option.valueName { label += " <\(value)>" }
      let padded =
        label.count < 30
        ? label + String(repeating: " ", count: 30 - label.count) : label + "\n" + String(repeating: " ", count: 32)
      lines.append("  \(padded)\(option.help)")
    }
    if !discussion.isEmpty { lines += ["", discussion] }
    return lines.joined(separator: "\n")
  }

  /// Whether `arguments` ask for help (`-h` or `--help` before any `--`).
  static func asksForHelp(_ arguments: [String]) -> Bool {
    for argument in arguments {
      if argument == "--" { return false }
      if argument == "-h" || argument == "--help" { return true }
    }
    return false
  }
}
