import Foundation
import Testing
import WordFitTestSupport

/// Fonts by family, fallback and missing glyphs as the command reports them: the warnings, the
/// one-line errors and their exit codes, `wordfit fonts`, and a batch's bytes whatever its jobs.
/// The fallback rules themselves are tested in process (`WordFitLayoutTests.FallbackTests`).
@Suite struct FontCommandTests {
  init() {
    _ = TestPaths.packageRoot
  }

  @Test func aFamilyThatIsNotInstalledWarnsOrStops() throws {
    let warned = try InProcess.wordfit(["render", "Ada", "--font", "Inter", "-o", "-"])
    #expect(warned.status == 0)
    #expect(warned.standardError.contains("font family \"Inter\" is not installed"), "\(warned.standardError)")
    #expect(warned.standardError.contains("closest installed families:"))
    let strict = try InProcess.wordfit(["render", "Ada", "--font", "Inter", "--strict-font", "-o", "-"])
    #expect(strict.status == 66)
    #expect(strict.standardError.split(separator: "\n").count == 1, "\(strict.standardError)")
    let output = try TestPaths.makeTemporaryDirectory() + "/ada.png"
    let found = try InProcess.wordfit(["render", "Ada", "--font", "Noto Sans", "--json", "-o", output])
    #expect(found.status == 0 && !found.standardError.contains("warning"), "\(found.standardError)")
    #expect(found.standardOutput.contains("NotoSans-Regular-subset.ttf"))
  }

  @Test func aCharacterNoFontHasWarnsOrFails() throws {
    let warned = try InProcess.wordfit(["render", "Rex 🦖", "-o", "-"])
    #expect(warned.status == 0)
    #expect(warned.standardError.contains("no glyph for U+1F996"), "\(warned.standardError)")
    let failed = try InProcess.wordfit(["render", "Rex 🦖", "--missing-glyphs", "fail", "-o", "-"])
    #expect(failed.status == 65)
    #expect(failed.standardError.contains("U+1F996"))
    #expect(failed.standardOutput.isEmpty, "no PNG when the render fails")
    let none = try InProcess.wordfit(["render", "陳 Ada", "--fallback", "none", "-o", "-"])
    #expect(none.standardError.contains("U+9673"), "no fallback: the bundled font's gap shows")
  }

  @Test func fontsExplainsEachSpan() throws {
    let result = try InProcess.wordfit(["fonts", "Ada 😀 陳 🦖", "--json"])
    #expect(result.status == 0, "\(result.standardError)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let spans = try #require(report["spans"] as? [[String: Any]])
    let reasons = spans.compactMap { $0["reason"] as? String }
    #expect(reasons == ["primary", "emoji", "primary", "fallback", "primary", "uncovered"], "\(reasons)")
    #expect(report["uncovered"] as? [String] == ["U+1F996"])
    let text = try InProcess.wordfit(["fonts", "陳"])
    #expect(text.standardOutput.contains("Noto Sans CJK SC Bold"), "\(text.standardOutput)")
  }

  @Test func batchOutputDoesNotDependOnJobs() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let rows = ["陳大文", "অমিত রায়", "Ada 😀", "Aiko 🇯🇵", "محمد Ali", "Grace Hopper", "山田 太郎"]
    let csv = "name\n" + Array(repeating: rows, count: 3).joined().joined(separator: "\n") + "\n"
    try csv.write(toFile: directory + "/in.csv", atomically: true, encoding: .utf8)
    var outputs: [[String: Data]] = []
    for jobs in ["1", "3"] {
      let out = directory + "/out-\(jobs)"
      let result = try InProcess.wordfit(["batch", "in.csv", "--out", out, "--jobs", jobs], in: directory)
      #expect(result.status == 0, "\(result.standardError)")
      let files = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }
      outputs.append(
        Dictionary(
          uniqueKeysWithValues: try files.map { ($0, try Data(contentsOf: URL(fileURLWithPath: out + "/" + $0))) }))
    }
    #expect(outputs[0].count == 21)
    #expect(outputs[0] == outputs[1])
  }

  @Test func variationsThatAreNotAxisValuePairsAreAUsageError() throws {
    let bad = try InProcess.wordfit(["render", "Ada", "--variations", "weight=9", "-o", "-"])
    #expect(bad.status == 64)
    #expect(bad.standardError.contains("\"weight=9\" is not AXIS=VALUE"), "\(bad.standardError)")
  }
}
