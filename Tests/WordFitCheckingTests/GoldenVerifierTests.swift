import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitChecking
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitLayout
@testable import WordFitOutput
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
    #expect(Set(failed.artifacts.keys) == ["expected", "actual", "diff", "accept"])
    #expect(failed.artifacts.values.allSatisfy { FileManager.default.fileExists(atPath: $0) })
    // The render, laid out like the goldens, for accepting.
    #expect(failed.artifacts["accept"] == directory + "/artifacts/__Goldens__/ada.png")
    let actual = try Data(contentsOf: URL(fileURLWithPath: try #require(failed.artifacts["actual"])))
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/artifacts/__Goldens__/ada.png")) == actual)

    let rerecord = GoldenVerifier(recordMode: .failed)
    #expect(try rerecord.verify(render("Adb"), golden: golden, name: "ada").status == .recorded)
    #expect(try never.verify(render("Adb"), golden: golden, name: "ada").status == .passed)
    // Passing removes what the failing run left.
    #expect(!FileManager.default.fileExists(atPath: directory + "/artifacts/ada"))
    #expect(!FileManager.default.fileExists(atPath: directory + "/artifacts/__Goldens__/ada.png"))
  }

  /// `--artifact-format webp`: a failure's three images are lossless WebPs of the very pixels
  /// (the golden's, the render's, the diff's); the render to accept stays a PNG; a later PNG run
  /// removes the WebPs an earlier run left.
  @Test func webpArtifactsHoldThePixelsAndTheAcceptedRenderStaysPNG() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let golden = directory + "/ada.png"
    _ = try GoldenVerifier(recordMode: .missing).verify(render("Ada"), golden: golden, name: "ada")
    var webp = GoldenVerifier(recordMode: .never, artifactsDirectory: directory + "/artifacts")
    webp.artifactFormat = .webp
    let rendering = try render("Adb")
    let failed = try webp.verify(rendering, golden: golden, name: "ada")
    #expect(failed.status == .failed)
    for key in ["expected", "actual", "diff"] {
      #expect(failed.artifacts[key] == directory + "/artifacts/ada/\(key).webp")
    }
    let pixels = { (key: String) throws -> [UInt8] in
      try WebPImageEncoder.decode(
        Array(try Data(contentsOf: URL(fileURLWithPath: try #require(failed.artifacts[key]))))
      )
      .rgba
    }
    #expect(try pixels("actual") == ImageComparator.rgba(rendering.canvas))
    let goldenCanvas = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: golden)))).canvas
    #expect(try pixels("expected") == ImageComparator.rgba(goldenCanvas))
    #expect(try pixels("diff").count == rendering.canvas.width * rendering.canvas.height * 4)
    let accept = try #require(failed.artifacts["accept"])
    #expect(accept.hasSuffix("__Goldens__/ada.png"))
    #expect(PNGCodec.isWordFitPNG(atPath: accept), "the render to accept is a golden PNG")

    let png = GoldenVerifier(recordMode: .never, artifactsDirectory: directory + "/artifacts")
    let again = try png.verify(rendering, golden: golden, name: "ada")
    #expect(again.artifacts["actual"] == directory + "/artifacts/ada/actual.png")
    let left = try FileManager.default.contentsOfDirectory(atPath: directory + "/artifacts/ada").sorted()
    #expect(left == ["actual.png", "diff.png", "expected.png"], "the WebPs of the earlier run are gone")
    #expect(throws: WordFitError.self) { try GoldenVerifier.parseArtifactFormat("svg") }
    #expect(try GoldenVerifier.parseArtifactFormat("WEBP") == .webp)
  }

  /// A golden drawn with other fonts than this run names them: family, style and version.
  @Test func fontDriftIsNamed() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let golden = directory + "/drift.png"
    let rendering = try render("Ada")
    var chunks = rendering.metadata.filter { $0.key != "WordFit-Fallback-Font" }
    chunks.append(("WordFit-Fallback-Font", "Other Sans Bold; Version 9.9; /elsewhere/OtherSans.ttf"))
    var changed = rendering.canvas
    changed.fill(PixelBox(minX: 0, minY: 0, maxX: 4, maxY: 4), Color(red: 255, green: 0, blue: 0))
    try AtomicFile.write(try PNGCodec.encode(changed, text: chunks), to: golden)
    let verdict = try GoldenVerifier(recordMode: .never).verify(rendering, golden: golden, name: "drift")
    #expect(verdict.status == .failed)
    #expect(
      verdict.message.contains("font drift: the golden was drawn with Other Sans Bold Version 9.9"),
      "\(verdict.message)")
    #expect(verdict.message.contains("this run with no other font"), "\(verdict.message)")
    // The same fonts from another folder are no drift.
    let moved = rendering.metadata.map { chunk in
      chunk.key == "WordFit-Font" ? (chunk.key, chunk.value.replacingOccurrences(of: "/", with: "/moved/")) : chunk
    }
    try AtomicFile.write(try PNGCodec.encode(changed, text: moved), to: golden)
    let same = try GoldenVerifier(recordMode: .never).verify(rendering, golden: golden, name: "drift")
    #expect(same.status == .failed && !same.message.contains("font drift"), "\(same.message)")
  }

  @Test func toleranceLetsSmallDifferencesPass() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let golden = directory + "/g.png"
    _ = try GoldenVerifier(recordMode: .missing).verify(render("Ada"), golden: golden, name: "g")
    let loose = GoldenVerifier(recordMode: .never, tolerance: ComparisonTolerance(maxDiffRatio: 0.5))
    #expect(try loose.verify(render("Adb"), golden: golden, name: "g").passed)
  }
}
