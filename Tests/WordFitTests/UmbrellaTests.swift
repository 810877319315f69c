import Foundation
import Testing
import WordFit
import WordFitTestSupport

/// `import WordFit` is the one import a user needs: the products and the layers they name are
/// re-exported, and a text renders through them. (The command line's tests, in process and as
/// child processes where the process is under test, are `Tests/wordfitTests`; the fuzzers'
/// finds under `Inputs/` serve the tests of several targets.)
@Suite struct UmbrellaTests {
  @Test func oneImportReachesTheProductsAndRendersAText() throws {
    _ = TestPaths.packageRoot  // points fontconfig at the committed fonts before the first font
    let rendering = try WordStackRenderer().render(RenderSpec(text: "Ada Lovelace"))
    #expect(rendering.layout.fit.size >= 12 && rendering.layout.lines.count == 2)
    let batch = BatchOptions(input: "in.csv", outputDirectory: "out", spec: RenderSpec(text: ""))
    #expect(batch.rows.destination == .folder("out") && batch.imageFormat == .png)
    #expect(OutputFormat.image(endingOf: "badge.webp") == .webp)
    #expect(ArchiveFormat(fileName: "badges.tar.zst") == .tarZstd)
  }
}
