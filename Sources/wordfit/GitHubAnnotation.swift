/// GitHub Actions' `::error` workflow command, escaped as GitHub documents: `%`, CR and LF in
/// the message; also `:` and `,` in the properties. One spelling for `strings` and `check`.
enum GitHubAnnotation {
  /// `::error file=FILE,title=TITLE::MESSAGE`.
  static func error(file: String, title: String, message: String) -> String {
    "::error file=\(property(file)),title=\(property(title))::\(data(message))"
  }

  private static func data(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  private static func property(_ text: String) -> String {
    data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}
