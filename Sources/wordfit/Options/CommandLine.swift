import Foundation
import WordFit

/// Where a value came from, as swift-argument-parser's `InputOrigin`: what an error names.
enum InputOrigin: Equatable {
  /// An option on the command line (`--max-size`).
  case flag(String)
  /// A spec file (`--spec FILE`).
  case specFile(String)
  /// An environment variable (`WORDFIT_RECORD`).
  case environment(String)
  /// Nothing set it; the default applies.
  case defaultValue
}

/// A command line parsed against a command's declared options: the occurrences of each option,
/// in order, and the positional arguments.
///
/// Behaves like swift-argument-parser: `--name value`, `--name=value`, `-o value`, `--` ends the
/// options, `-` and negative numbers are values, an unknown option is a usage error with a
/// suggestion.
struct ParsedCommandLine<Input> {
  /// Each option given, with its text (`""` for a flag), in command-line order.
  private(set) var occurrences: [(option: Option<Input>, text: String)] = []
  /// The arguments that are not options.
  private(set) var positionals: [String] = []
  /// The options the command declares.
  private let options: [Option<Input>]
  /// The process environment (for options an environment variable can set).
  private let environment: [String: String]
  /// The long names of the options given, each once, in command-line order.
  var givenNames: [String] {
    var seen = Set<String>()
    return occurrences.map { $0.option.usage.names[0] }.filter { seen.insert($0).inserted }
  }

  /// Throws when an option of `options` was given although `reason` makes it meaningless (a
  /// layout option with a badge template): 64, naming the option and where to say it instead.
  func refuse(_ options: [Option<Input>], because reason: String) throws {
    let names = Set(options.map { $0.usage.names[0] })
    guard let given = givenNames.first(where: names.contains),
      let option = occurrences.first(where: { $0.option.usage.names[0] == given })?.option
    else { return }
    let key = option.parameter?.key ?? given
    throw WordFitError(
      .usage,
      given == "spec"
        ? "--spec has no effect with --template: \(reason); give the layout in the template's regions"
        : given == "canvas"
          ? "--canvas has no effect with --template: a region's canvas is its box; set the template's width and height"
          : "--\(given) has no effect with --template: \(reason); give \"\(key)\" in the template's regions instead")
  }

  /// Parses `arguments` of the command `command`.
  ///
  /// - Throws: ``WordFitError`` `.usage` for an unknown option, a missing value, or a value
  ///   given to a flag.
  init(
    _ arguments: [String], options: [Option<Input>], command: String,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws {
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || argument == "-" || !argument.hasPrefix("-") || Double(argument) != nil {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      let (option, inline) = try Self.find(argument, in: options, command: command)
      let name = option.usage.names[0]
      guard option.usage.valueName != nil else {
        guard inline == nil else { throw WordFitError(.usage, "option '--\(name)' takes no value") }
        occurrences.append((option, ""))
        continue
      }
      if let inline {
        occurrences.append((option, inline))
      } else if index < arguments.count {
        occurrences.append((option, arguments[index]))
        index += 1
      } else {
        throw WordFitError(
          .usage,
          "option '--\(name)' needs a value (\(option.usage.valueName ?? "")); see 'wordfit \(command) --help'")
      }
    }
    self.options = options
    self.environment = environment
  }

  /// Where `parameter`'s value came from: the option that gave it, else the spec file (for a
  /// parameter a spec can set), else the environment variable that sets it, else the default.
  func origin(of parameter: Parameter) -> InputOrigin {
    let sets = { (option: Option<Input>) in option.parameter == parameter || option.usage.names[0] == parameter.flag }
    if let given = occurrences.last(where: { sets($0.option) }) { return .flag("--" + given.option.usage.names[0]) }
    if parameter.isSpecKey, let spec = occurrences.last(where: { $0.option.appliesFirst }) {
      return .specFile(spec.text)
    }
    if let variable = options.first(where: sets)?.environmentVariable, environment[variable]?.isEmpty == false {
      return .environment(variable)
    }
    return .defaultValue
  }

  /// How messages name `parameter` on this command line: the flag that gave it, its key in the
  /// spec file that gave it, the environment variable that set it, or the flag that would set it.
  func name(of parameter: Parameter) -> String {
    switch origin(of: parameter) {
    case .flag(let flag): flag
    case .specFile: "spec key '\(parameter.key)'"
    case .environment(let variable): variable
    case .defaultValue: "--" + parameter.flag
    }
  }

  /// `error`'s line with each parameter named as on this command line.
  func message(of error: WordFitError) -> String { error.message(naming: name(of:)) }

  /// Whether the option named `name` was given.
  func has(_ name: String) -> Bool { occurrences.contains { $0.option.usage.names.contains(name) } }

  /// Applies every occurrence to `input`: those that apply first (a spec file), then the rest in
  /// command-line order, so a later option overrides an earlier one.
  func apply(to input: inout Input) throws {
    for occurrence in occurrences where occurrence.option.appliesFirst {
      try occurrence.option.apply(&input, occurrence.text)
    }
    for occurrence in occurrences where !occurrence.option.appliesFirst {
      try occurrence.option.apply(&input, occurrence.text)
    }
  }

  /// The option an argument names, and its inline value (`--name=value`).
  private static func find(_ argument: String, in options: [Option<Input>], command: String) throws -> (
    Option<Input>, String?
  ) {
    if argument.hasPrefix("--") {
      var name = String(argument.dropFirst(2))
      var inline: String? = nil
      if let equals = name.firstIndex(of: "=") {
        inline = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      if let option = options.first(where: { $0.usage.names.contains(name) }) { return (option, inline) }
      let suggestion =
        closest(to: name, among: options.flatMap(\.usage.names)).map { " (did you mean '--\($0)'?)" } ?? ""
      throw WordFitError(
        .usage, "unknown option '--\(name)' for '\(command)'\(suggestion); see 'wordfit \(command) --help'")
    }
    if argument.count == 2, let letter = argument.dropFirst().first,
      let option = options.first(where: { $0.usage.short == letter })
    {
      return (option, nil)
    }
    throw WordFitError(.usage, "unknown option '\(argument)' for '\(command)'; see 'wordfit \(command) --help'")
  }
}

/// The name closest to `name` by edit distance, if close enough to be a typo.
func closest(to name: String, among names: [String]) -> String? {
  func distance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
  let scored = names.map { ($0, distance(Array(name), Array($0))) }.min { $0.1 < $1.1 }
  guard let (best, score) = scored, score <= Swift.max(2, name.count / 3) else { return nil }
  return best
}
