import WordFit

/// `--github-limit E,W`: how many `::error` and `::warning` annotations a run prints (GitHub
/// shows 10 of each a step; a self-hosted runner's setting may differ).
struct GitHubLimit {
  /// The caps: GitHub's own by default.
  var limits = GitHubAnnotation.stepLimits

  /// The option, stored at `keyPath`.
  static func option<Input>(_ keyPath: WritableKeyPath<Input, GitHubLimit> & Sendable) -> Option<Input> {
    .value(
      "github-limit", "E,W", keyPath, as: .parsed(parse),
      help: "With --github: print at most E ::error and W ::warning annotations (default 10,10, GitHub's caps a step).")
  }

  /// Parses `E,W` (each 0…50,000).
  static func parse(_ text: String) throws -> GitHubLimit {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
    guard parts.count == 2, let errors = parts[0], let warnings = parts[1], (0...50_000).contains(errors),
      (0...50_000).contains(warnings)
    else {
      throw WordFitError(.usage, "--github-limit takes E,W: two whole numbers 0…50000 (default 10,10), not '\(text)'")
    }
    return GitHubLimit(limits: (errors, warnings))
  }
}
