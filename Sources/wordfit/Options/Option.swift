import WordFit

/// One command-line option, declared once: how it is written, its help line, how its value is
/// read, and where it goes in the command's input (by key path). Parsing, applying and `--help`
/// all come from this one declaration, as in swift-argument-parser.
struct Option<Input>: Sendable {
  /// How the option is written and described.
  var usage: OptionUsage
  /// Whether it is applied before the others (`--spec`, which the other options override).
  var appliesFirst = false
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

  /// The same option for a larger input that holds this one's at `keyPath`.
  func lifted<Outer>(_ keyPath: WritableKeyPath<Outer, Input> & Sendable) -> Option<Outer> {
    let apply = self.apply
    return Option<Outer>(usage: usage, appliesFirst: appliesFirst) { outer, text in
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
