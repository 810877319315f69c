extension WordFitError {
  /// A one-line message whose parameters stay parameters: written as a string interpolation
  /// (`"\(Parameter.maxSize) \(value) px is out of range"`), turned into text only where it is
  /// shown, with each parameter named as the reader knows it (``text(naming:)``): in words by
  /// the library, as `--max-size` by the command line, as `key 'maxSize'` for a spec file.
  public struct Message: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// A piece of a message.
    public enum Segment: Sendable, Equatable {
      /// Words as they are.
      case text(String)
      /// A parameter, named by the front end.
      case parameter(Parameter)
    }

    /// The pieces, in order.
    public private(set) var segments: [Segment]

    /// A message of plain text.
    public init(verbatim text: String) { segments = [.text(text)] }

    /// A message of plain text.
    public init(stringLiteral value: String) { self.init(verbatim: value) }

    /// A message from an interpolation: parameters and messages keep their structure, other
    /// values become text.
    public init(stringInterpolation: Interpolation) { segments = stringInterpolation.segments }

    /// The message with each parameter named by `name`.
    public func text(naming name: (Parameter) -> String) -> String {
      segments.map {
        switch $0 {
        case .text(let text): text
        case .parameter(let parameter): name(parameter)
        }
      }.joined()
    }

    /// The message with parameters in words.
    public var description: String { text(naming: \.name) }

    /// The parameter the message starts with, if it starts with one.
    public var leadingParameter: Parameter? {
      if case .parameter(let parameter) = segments.first { return parameter }
      return nil
    }

    /// The message without its leading parameter (and the space after it).
    public var droppingLeadingParameter: Message {
      guard leadingParameter != nil else { return self }
      var rest = self
      rest.segments.removeFirst()
      if case .text(let text) = rest.segments.first, text.hasPrefix(" ") {
        rest.segments[0] = .text(String(text.dropFirst()))
      }
      return rest
    }

    /// Builds a ``Message`` from literals and interpolated values.
    public struct Interpolation: StringInterpolationProtocol {
      var segments: [Segment] = []

      /// Starts an interpolation.
      public init(literalCapacity: Int, interpolationCount: Int) {}

      /// Appends literal text.
      public mutating func appendLiteral(_ literal: String) {
        guard !literal.isEmpty else { return }
        if case .text(let last) = segments.last {
          segments[segments.count - 1] = .text(last + literal)
        } else {
          segments.append(.text(literal))
        }
      }

      /// Appends a parameter, named where the message is shown.
      public mutating func appendInterpolation(_ parameter: Parameter) { segments.append(.parameter(parameter)) }

      /// Appends another message, keeping its parameters.
      public mutating func appendInterpolation(_ message: Message) {
        for segment in message.segments {
          if case .text(let text) = segment { appendLiteral(text) } else { segments.append(segment) }
        }
      }

      /// Appends any other value as text.
      public mutating func appendInterpolation<Value>(_ value: Value) { appendLiteral("\(value)") }
    }
  }
}
