import WordFit

/// An option a command accepts.
struct OptionSpec {
  /// Long names without dashes (`canvas`), the first one shown in help.
  var names: [String]
  /// A one-letter short name (`o`), if any.
  var short: Character? = nil
  /// The value's placeholder (`PX`), or `nil` for a flag.
  var value: String? = nil
  /// One line of help.
  var help: String
}

/// Parsed command-line arguments: options by name and positional values.
///
/// Behaves like swift-argument-parser: `--name value`, `--name=value`, `-o value`, `--` ends
/// options, an unknown option is a usage error with a suggestion.
struct CommandLineArguments {
  private(set) var values: [String: [String]] = [:]
  private(set) var flags: Set<String> = []
  private(set) var positionals: [String] = []

  init(_ arguments: [String], options: [OptionSpec], command: String) throws {
    var index = 0
    var onlyPositionals = false
    func find(_ name: String) -> OptionSpec? { options.first { $0.names.contains(name) } }
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      var name: String
      var inlineValue: String? = nil
      if argument.hasPrefix("--") {
        name = String(argument.dropFirst(2))
        if let equals = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
      } else {
        let letter = argument.dropFirst().first
        guard argument.count == 2, let letter, let option = options.first(where: { $0.short == letter }) else {
          // A negative number is a value, not an option.
          if Double(argument) != nil {
            positionals.append(argument)
            continue
          }
          throw WordFitError(.usage, "unknown option '\(argument)' for '\(command)'; see 'wordfit \(command) --help'")
        }
        name = option.names[0]
      }
      guard let option = find(name) else {
        let suggestion =
          Self.closest(to: name, among: options.flatMap(\.names)).map { " (did you mean '--\($0)'?)" } ?? ""
        throw WordFitError(
          .usage, "unknown option '--\(name)' for '\(command)'\(suggestion); see 'wordfit \(command) --help'")
      }
      let key = option.names[0]
      if option.value == nil {
        guard inlineValue == nil else {
          throw WordFitError(.usage, "option '--\(key)' takes no value")
        }
        flags.insert(key)
      } else {
        var value = inlineValue
        if value == nil {
          guard index < arguments.count else {
            throw WordFitError(
              .usage, "option '--\(key)' needs a value (\(option.value!)); see 'wordfit \(command) --help'")
          }
          value = arguments[index]
          index += 1
        }
        values[key, default: []].append(value!)
      }
    }
    ErrorReport.givenOptions = flags.union(values.keys)
  }

  /// Whether flag `name` was given.
  func has(_ name: String) -> Bool { flags.contains(name) }

  /// The last value of option `name`.
  func value(_ name: String) -> String? { values[name]?.last }

  /// Every value of a repeatable option.
  func all(_ name: String) -> [String] { values[name] ?? [] }

  /// The value of `name` as a number, or `nil` when absent.
  func number(_ name: String) throws -> Double? {
    guard let text = value(name) else { return nil }
    guard let number = Double(text), number.isFinite else {
      throw WordFitError(.usage, "--\(name) takes a number, not '\(text)'")
    }
    return number
  }

  /// The value of `name` as a whole number, or `nil` when absent.
  func integer(_ name: String) throws -> Int? {
    guard let text = value(name) else { return nil }
    guard let number = Int(text) else {
      throw WordFitError(.usage, "--\(name) takes a whole number, not '\(text)'")
    }
    return number
  }

  /// The value of `name` as one of an enumeration's raw values, or `nil` when absent.
  func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type) throws -> T?
  where T.RawValue == String {
    guard let text = value(name) else { return nil }
    if let match = T.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) { return match }
    let valid = T.allCases.map(\.rawValue).joined(separator: ", ")
    throw WordFitError(.usage, "--\(name) takes one of \(valid), not '\(text)'")
  }

  /// The option name closest to `name` by edit distance, if close enough to be a typo.
  static func closest(to name: String, among names: [String]) -> String? {
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

  /// Help text for a command.
  static func help(usage: String, abstract: String, options: [OptionSpec], discussion: String = "") -> String {
    var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(usage)", "", "OPTIONS:"]
    for option in options {
      var label = option.short.map { "-\($0), " } ?? ""
      label += option.names.map { "--\($0)" }.joined(separator: ", ")
      if let value = option.value { label += " <\(value)>" }
      let padded =
        label.count < 30
        ? label + String(repeating: " ", count: 30 - label.count) : label + "\n" + String(repeating: " ", count: 32)
      lines.append("  \(padded)\(option.help)")
    }
    if !discussion.isEmpty { lines += ["", discussion] }
    return lines.joined(separator: "\n")
  }
}
