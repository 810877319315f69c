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

  private static func data(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  private static func property(_ text: String) -> String {
    data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}
