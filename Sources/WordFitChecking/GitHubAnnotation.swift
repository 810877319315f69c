/// GitHub Actions' `::error` and `::warning` workflow commands, escaped as GitHub documents: `%`,
/// CR and LF in the message; also `:` and `,` in the properties. One spelling for `strings` and
/// `check`.
public enum GitHubAnnotation {
  /// `::error file=FILE,line=LINE,title=TITLE::MESSAGE` (`line` left out when unknown).
  public static func error(file: String, line: Int? = nil, title: String, message: String) -> String {
    command("error", file: file, line: line, title: title, message: message)
  }

  /// `::warning file=FILE,line=LINE,title=TITLE::MESSAGE`: shown, but the run does not fail.
  public static func warning(file: String, line: Int? = nil, title: String, message: String) -> String {
    command("warning", file: file, line: line, title: title, message: message)
  }

  private static func command(_ name: String, file: String, line: Int?, title: String, message: String) -> String {
    let at = line.map { ",line=\($0)" } ?? ""
    return "::\(name) file=\(property(file))\(at),title=\(property(title))::\(data(message))"
  }

  static func data(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  static func property(_ text: String) -> String {
    data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}

extension GitHubAnnotation {
  /// GitHub shows at most 10 error and 10 warning annotations a step (50 a job) and drops the
  /// rest without a word (actions/toolkit's documentation): the default caps.
  public static let stepLimits = (errors: 10, warnings: 10)

  /// One annotation before it is spelled: its level, place, words and how bad it is.
  public struct Item: Sendable, Equatable {
    /// Whether it fails the run (`::error`) or only warns (`::warning`).
    public var isError: Bool
    /// The file, relative to the repository where it can be.
    public var file: String
    /// The 1-based line, when known.
    public var line: Int?
    /// The annotation's title.
    public var title: String
    /// The annotation's message.
    public var message: String
    /// How bad it is: larger first (a strings layout's overflow in percent; 0 when unknown).
    public var severity: Double
    /// What it is about, for a stable order among equals: the key (or case), then the language.
    public var order: [String]

    /// An annotation of `file` at `line`, `severity` and `order` ranking it among its level.
    public init(
      isError: Bool, file: String, line: Int? = nil, title: String, message: String, severity: Double = 0,
      order: [String]
    ) {
      (self.isError, self.file, self.line, self.title, self.message) = (isError, file, line, title, message)
      (self.severity, self.order) = (severity, order)
    }

    /// The workflow command.
    public var command: String {
      isError
        ? GitHubAnnotation.error(file: file, line: line, title: title, message: message)
        : GitHubAnnotation.warning(file: file, line: line, title: title, message: message)
    }
  }

  /// At most `limits.errors` `::error` and `limits.warnings` `::warning` commands, each level
  /// worst first (severity, then `order`, stable), then — when any were left out — one
  /// `::notice` counting them and naming `reports`, where every one is.
  ///
  /// - Complexity: O(*n* log *n*).
  public static func capped(
    _ items: [Item], limits: (errors: Int, warnings: Int) = stepLimits, reports: [String]
  ) -> [String] {
    let ranked = items.enumerated().sorted { a, b in
      if a.element.severity != b.element.severity { return a.element.severity > b.element.severity }
      if a.element.order != b.element.order { return a.element.order.lexicographicallyPrecedes(b.element.order) }
      return a.offset < b.offset
    }.map(\.element)
    let errors = ranked.filter(\.isError)
    let warnings = ranked.filter { !$0.isError }
    var lines = errors.prefix(max(0, limits.errors)).map(\.command)
    lines += warnings.prefix(max(0, limits.warnings)).map(\.command)
    let (moreErrors, moreWarnings) = (max(0, errors.count - limits.errors), max(0, warnings.count - limits.warnings))
    guard moreErrors + moreWarnings > 0 else { return lines }
    let counted = [(moreErrors, "error"), (moreWarnings, "warning")].filter { $0.0 > 0 }.map {
      "\($0.0) more \($0.1)\($0.0 == 1 ? "" : "s")"
    }
    let message =
      counted.joined(separator: " and ")
      + " not annotated (at most \(limits.errors) errors and \(limits.warnings) warnings are, the worst; GitHub shows 10 of each a step)"
      + (reports.isEmpty ? "" : "; every one is in " + reports.joined(separator: ", "))
    lines.append("::notice title=\(property("wordfit: more problems"))::\(data(message))")
    return lines
  }
}
