import Foundation
import WordFit

/// GitHub Actions' job summary: Markdown appended to the file `GITHUB_STEP_SUMMARY` names.
enum StepSummary {
  /// Appends `markdown` to the step summary when `GITHUB_STEP_SUMMARY` is set (never replacing
  /// what earlier steps wrote); does nothing otherwise.
  ///
  /// - Throws: ``WordFitError`` `.io` naming the file when it cannot be appended to.
  static func append(_ markdown: String) throws {
    guard let path = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return }
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw WordFitError(
        .io, "cannot append the step summary to \(path) (GITHUB_STEP_SUMMARY): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    if let failure = AtomicFile.writeAll(Array(markdown.utf8), to: descriptor) {
      throw WordFitError(.io, "cannot append the step summary to \(path) (GITHUB_STEP_SUMMARY): \(failure)")
    }
  }
}
