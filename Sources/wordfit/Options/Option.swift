import WordFit

/// One command-line option, declared once: how it is written, its help line, how its value is
/// read, and where it goes in the command's input (by key path). Parsing, applying and `--help`
/// all come from this one declaration, as in swift-argument-parser.
struct Option<Input>: Sendable {
  /// How the option is written and described.
  var usage: OptionUsage
  /// Whether it is applied before the others (`--spec`, which the other options override).
  var appliesFirst = false
  /// The library parameter it sets, if any: errors about that parameter name this option when
  /// it was given.
  var parameter: Parameter? = nil
  /// The environment variable that sets the same value when the option is not given, if any.
  var environmentVariable: String? = nil
  /// Applies one occurrence; a flag's value is `""`.
  var apply: @Sendable (inout Input, String) throws -> Void

  /// A flag that sets `keyPath` to true.
  static func flag(
    _ name: String, short: Character? = nil, _ keyPath: WritableKeyPath<Input, Bool> & Sendable, help: String
  ) -> Option {
    Option(usage: OptionUsage(names: [name], short: short, valueName: nil, help: help)) { input, _ in
      input[keyPath: keyPath] = true
    }
  }

  /// An option for the library parameter `parameter` (named by its flag), whose value, read by
  /// `reader`, is stored at `keyPath`.
  static func value<Value>(
    _ parameter: Parameter, short: Character? = nil, _ valueName: String,
    _ keyPath: WritableKeyPath<Input, Value> & Sendable, as reader: ValueReader<Value>, help: String
  ) -> Option {
    var option = value(parameter.flag, short: short, valueName, keyPath, as: reader, help: help)
    option.parameter = parameter
    return option
  }

  /// An option for the library parameter `parameter` whose value is stored at an optional
  /// `keyPath`.
  static func value<Value>(
    _ parameter: Parameter, short: Character? = nil, _ valueName: String,
    _ keyPath: WritableKeyPath<Input, Value?> & Sendable, as reader: ValueReader<Value>, help: String
  ) -> Option {
    var option = value(parameter.flag, short: short, valueName, keyPath, as: reader, help: help)
    option.parameter = parameter
    return option
  }

  /// A flag for the library parameter `parameter`.
  static func flag(_ parameter: Parameter, _ keyPath: WritableKeyPath<Input, Bool> & Sendable, help: String) -> Option {
    var option = flag(parameter.flag, keyPath, help: help)
    option.parameter = parameter
    return option
  }

  /// An option whose value, read by `reader`, is stored at `keyPath`.
  static func value<Value>(
    _ name: String, short: Character? = nil, _ valueName: String, _ keyPath: WritableKeyPath<Input, Value> & Sendable,
    as reader: ValueReader<Value>, help: String
  ) -> Option {
    Option(usage: OptionUsage(names: [name], short: short, valueName: valueName, help: help)) { input, text in
      input[keyPath: keyPath] = try reader.read(text, "--" + name)
    }
  }

  /// An option whose value, read by `reader`, is stored at an optional `keyPath`.
  static func value<Value>(
    _ name: String, short: Character? = nil, _ valueName: String, _ keyPath: WritableKeyPath<Input, Value?> & Sendable,
    as reader: ValueReader<Value>, help: String
  ) -> Option {
    Option(usage: OptionUsage(names: [name], short: short, valueName: valueName, help: help)) { input, text in
      input[keyPath: keyPath] = try reader.read(text, "--" + name)
    }
  }

  /// A repeatable option whose values are appended to `keyPath`, in order.
  static func repeated(
    _ name: String, short: Character? = nil, _ valueName: String,
    _ keyPath: WritableKeyPath<Input, [String]> & Sendable,
    help: String
  ) -> Option {
    Option(usage: OptionUsage(names: [name], short: short, valueName: valueName, help: help)) { input, text in
      input[keyPath: keyPath].append(text)
    }
  }

  /// The option, with `variable` setting its value when it is not given.
  func settable(from variable: String) -> Option {
    var option = self
    option.environmentVariable = variable
    return option
  }

  /// The same option for a larger input that holds this one's at `keyPath`.
  func lifted<Outer>(_ keyPath: WritableKeyPath<Outer, Input> & Sendable) -> Option<Outer> {
    let apply = self.apply
    return Option<Outer>(
      usage: usage, appliesFirst: appliesFirst, parameter: parameter, environmentVariable: environmentVariable
    ) { outer, text in
      try apply(&outer[keyPath: keyPath], text)
    }
  }
}

/// How an option is written and described: what help and the parser need, without its type.
struct OptionUsage: Sendable {
  /// Long names without dashes (`canvas`); the first is the one help shows and errors use.
  var names: [String]
  /// A one-letter short name (`o`), if any.
  var short: Character? = nil
  /// The value's placeholder (`PX`), or `nil` for a flag.
  var valueName: String?
  /// One line of help.
  var help: String
}
