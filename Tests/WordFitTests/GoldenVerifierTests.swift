import Foundation
import Testing
import WordFitTestSupport

@testable import WordFit
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitText

/// The one verifier behind `check`, the golden tests and `WordFitTesting`.
@Suite struct GoldenVerifierTests {
  func render(_ text: String) throws -> Rendering {
    var spec = RenderSpec(text: text)
    spec.canvas = "120x80"
    return try WordStackRenderer().render(spec)
  }

  @Test func recordsMissingComparesAndWritesArtifacts() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let golden = directory + "/ada.png"
    let never = GoldenVerifier(recordMode: .never, artifactsDirectory: directory + "/artifacts")
    #expect(try never.verify(render("Ada"), golden: golden, name: "ada").status == .missing)
    #expect(!FileManager.default.fileExists(atPath: golden), "never mode writes nothing")

    let missing = GoldenVerifier(recordMode: .missing, artifactsDirectory: directory + "/artifacts")
    #expect(try missing.verify(render("Ada"), golden: golden, name: "ada").status == .recorded)
    #expect(try never.verify(render("Ada"), golden: golden, name: "ada").status == .passed)

    let failed = try never.verify(render("Adb"), golden: golden, name: "ada")
    #expect(failed.status == .failed)
    #expect(failed.message.contains("pixels differ"), "\(failed.message)")
    #expect(failed.comparison?.diffImage == nil, "the diff is written, not kept")
    #expect(Set(failed.artifacts.keys) == ["expected", "actual", "diff"])
    #expect(failed.artifacts.values.allSatisfy { FileManager.default.fileExists(atPath: $0) })

    let rerecord = GoldenVerifier(recordMode: .failed)
    #expect(try rerecord.verify(render("Adb"), golden: golden, name: "ada").status == .recorded)
    #expect(try never.verify(render("Adb"), golden: golden, name: "ada").status == .passed)
  }

  @Test func toleranceLetsSmallDifferencesPass() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let golden = directory + "/g.png"
    _ = try GoldenVerifier(recordMode: .missing).verify(render("Ada"), golden: golden, name: "g")
    let loose = GoldenVerifier(recordMode: .never, tolerance: ComparisonTolerance(maxDiffRatio: 0.5))
    #expect(try loose.verify(render("Adb"), golden: golden, name: "g").passed)
  }
}
