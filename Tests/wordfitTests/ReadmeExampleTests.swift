import Foundation
import Testing
import WordFitTestSupport

@testable import WordFit
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitLayout
@testable import WordFitText

/// The README's library example, as written there, so it stays true to the code.
@Suite struct ReadmeExampleTests {
  @Test func libraryExample() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    var spec = RenderSpec(text: "Value exponentially increasing")
    spec.canvas = "38mm"
    let rendering = try WordStackRenderer().render(spec)
    #expect(rendering.layout.fit.limit == .width)
    #expect(rendering.layout.fit.size < 64)
    try AtomicFile.write(try rendering.pngData(), to: directory + "/value.png")
    #expect(FileManager.default.fileExists(atPath: directory + "/value.png"))

    let font = try Font(contentsOf: TestPaths.bold)
    let fit = try Fitter(measurer: font).fit(
      FitRequest(
        words: ["Value", "exponentially", "increasing"], availableWidth: 256, availableHeight: 324, maximumSize: 64))
    #expect(fit.limit == .width)
    #expect(fit.lines[fit.limitingWordIndex ?? 0].source == "exponentially")
  }
}
