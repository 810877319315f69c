/// An error WordFit reports for bad input or a failed read or write.
///
/// Each error has a ``Kind`` that maps onto a `sysexits.h` status, a ``Reason`` a program can
/// act on (which ``Parameter``, which value, what range or which valid words), the ``input`` it
/// concerns and its ``underlying`` cause when a system call or a C library reported one. The
/// ``text`` is one line whose parameters stay parameters: ``message`` names them in words
/// ("maximum size"); a front end names them its own way with ``message(naming:)`` (the
/// `wordfit` tool by the flag or spec key the value came from).
public struct WordFitError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, in the categories of `sysexits.h`.
  public enum Kind: Sendable, Equatable {
    /// A parameter was wrong: a value out of range, an unknown word (`EX_USAGE`, 64).
    case usage
    /// The input was read but is not valid: a corrupt font, invalid UTF-8, a text that cannot
    /// be fitted under the `fail` overflow policy (`EX_DATAERR`, 65).
    case invalidData
    /// An input file does not exist or cannot be opened (`EX_NOINPUT`, 66).
    case missingInput
    /// Reading or writing failed: an unwritable output path, a full disk (`EX_IOERR`, 74).
    case io
  }

  /// What is wrong, for programs.
  public enum Reason: Sendable, Equatable {
    /// A parameter's value is outside its range (`range` such as `1…4096`).
    case outOfRange(Parameter, value: String, range: String)
    /// A parameter's value is not one of the words it takes.
    case notOneOf(Parameter, value: String, choices: [String])
    /// A parameter's value does not have the form it needs (`expected` says which).
    case malformed(Parameter, value: String, expected: String)
    /// The text does not fit even at the minimum size, and the overflow policy is `fail` (or
    /// not even "…" fits).
    case doesNotFit
    /// Anything else; ``message`` says what.
    case other

    /// The parameter the reason names, if any.
    public var parameter: Parameter? {
      switch self {
      case .outOfRange(let parameter, _, _), .notOneOf(let parameter, _, _), .malformed(let parameter, _, _):
        parameter
      case .doesNotFit, .other: nil
      }
    }
  }

  /// The category of the error.
  public var kind: Kind
  /// What is wrong.
  public var reason: Reason
  /// One line naming the input and what to do, with its parameters as parameters.
  public var text: Message
  /// The line with parameters in words (`maximum size 5000 px is out of range; use 1…4096`).
  public var message: String { text.description }
  /// The input the error concerns (a file path, a spec), when there is one.
  public var input: String?
  /// The cause reported by the system or a C library (`No space left on device`), if any.
  public var underlying: String?

  /// Creates an error of `kind` with a one-line `message`.
  public init(
    _ kind: Kind, _ message: Message, reason: Reason = .other, input: String? = nil, underlying: String? = nil
  ) {
    self.kind = kind
    self.text = message
    self.reason = reason
    self.input = input
    self.underlying = underlying
  }

  /// A usage error: `parameter`'s `value` is outside `range`; `unit` follows the value in
  /// the message (`px`).
  public static func outOfRange(
    _ parameter: Parameter, _ value: CustomStringConvertible, range: String, unit: String = ""
  )
    -> WordFitError
  {
    let text = (value as? Double).map(TextFormatting.pixels) ?? "\(value)"
    return WordFitError(
      .usage, "\(parameter) \(text)\(unit.isEmpty ? "" : " \(unit)") is out of range; use \(range)",
      reason: .outOfRange(parameter, value: text, range: range))
  }

  /// A usage error: `value` is not one of `choices` for `parameter`.
  public static func notOneOf(_ parameter: Parameter, _ value: String, choices: [String]) -> WordFitError {
    WordFitError(
      .usage, "\(parameter) '\(value)' is not one of \(choices.joined(separator: ", "))",
      reason: .notOneOf(parameter, value: value, choices: choices))
  }

  /// A usage error: `value` does not have the form `expected` for `parameter`.
  public static func malformed(_ parameter: Parameter, _ value: String, expected: String) -> WordFitError {
    WordFitError(
      .usage, "\(parameter) '\(value)' is not \(expected)",
      reason: .malformed(parameter, value: value, expected: expected))
  }

  /// The process exit status for this error (`sysexits.h`).
  public var exitStatus: Int32 {
    switch kind {
    case .usage: 64
    case .invalidData: 65
    case .missingInput: 66
    case .io: 74
    }
  }

  /// The line with parameters named `name` (a flag, a spec key).
  public func message(naming name: (Parameter) -> String) -> String { text.text(naming: name) }

  /// The message.
  public var description: String { message }
}
