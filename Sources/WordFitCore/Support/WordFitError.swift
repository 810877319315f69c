/// An error WordFit reports for bad input or a failed read or write.
///
/// Each error has a ``Kind`` that maps onto a `sysexits.h` status, and a one-line ``message``
/// that names the input at fault and what to do about it.
public struct WordFitError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, in the categories of `sysexits.h`.
  public enum Kind: Sendable, Equatable {
    /// The command was called wrongly: an unknown option, a value out of range (`EX_USAGE`, 64).
    case usage
    /// The input was read but is not valid: a corrupt font, invalid UTF-8, a text that cannot
    /// be fitted under `--overflow fail` (`EX_DATAERR`, 65).
    case invalidData
    /// An input file does not exist or cannot be opened (`EX_NOINPUT`, 66).
    case missingInput
    /// Reading or writing failed: an unwritable output path, a full disk (`EX_IOERR`, 74).
    case io
  }

  /// The category of the error.
  public var kind: Kind
  /// One line naming the input and what to do.
  public var message: String

  /// Creates an error of `kind` with a one-line `message`.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
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

  /// The message.
  public var description: String { message }
}
