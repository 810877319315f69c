import Foundation
import Testing
import WordFitGoldenSupport
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitLayout
@testable import WordFitText

/// Fonts by family, per-cluster fallback, colour emoji and variable fonts (issue 12). Every
/// test runs against the private fontconfig configuration (Fixtures/fonts/fonts.conf: only the
/// committed fonts), which `TestPaths` installs before fontconfig starts.
@Suite struct FallbackTests {
  init() {
    // Point fontconfig at the committed fonts before this test can start it.
    _ = TestPaths.packageRoot
  }

  static let fallbackGoldens = [
    "fallback-chinese-name", "fallback-bengali-name", "fallback-latin-emoji", "fallback-zwj-emoji",
    "fallback-flag", "fallback-arabic-latin",
  ]

  // The goldens name their fallback fonts explicitly (so `wordfit check` passes on any
  // machine); automatic fallback through the private configuration must draw the same pixels.
  @Test(arguments: fallbackGoldens)
  func automaticFallbackDrawsTheGolden(_ name: String) throws {
    let specPath = TestPaths.fixtures + "/render/\(name).json"
    var spec = try RenderSpec.load(contentsOf: specPath)
    #expect(spec.fallback.contains("NotoColorEmoji-subset.ttf"))
    spec.fallback = "auto"
    let rendering = try WordStackRenderer().render(spec)
    #expect(rendering.missingCharacters.isEmpty, "\(name): \(rendering.missingCharacters)")
    try assertGolden(rendering, golden: TestPaths.fixtures + "/render/\(name).png")
  }

  @Test func emojiMakeTheImageColourAndNothingElseDoes() throws {
    let emoji = try WordStackRenderer().render(RenderSpec(text: "Ada 😀"))
    #expect(emoji.canvas.format == .rgb)
    #expect(emoji.fonts.map(\.family) == ["Inter Display", "Noto Color Emoji"])
    #expect(emoji.lineFonts == [[0], [1]])
    let colours = Set(
      stride(from: 0, to: emoji.canvas.pixels.count, by: 3).map {
        emoji.canvas.pixels[$0..<$0 + 3].map(Int.init)
      })
    #expect(colours.contains { $0[0] > 200 && $0[1] > 150 && $0[2] < 80 }, "a yellow face")
    let cjk = try WordStackRenderer().render(RenderSpec(text: "陳大文"))
    #expect(cjk.canvas.format == .grey)
    #expect(cjk.fonts.map(\.family) == ["Inter Display", "Noto Sans CJK SC"])
  }

  @Test func emojiSequencesStayOneCluster() throws {
    let cascade = FontCascade(primary: try Font(contentsOf: TestPaths.bold))
    for text in ["👩‍👩‍👧", "🇯🇵", "👍🏽", "1️⃣", "❤️"] {
      let shaped = cascade.shape(text, atSize: 40)
      #expect(shaped.glyphs.count == 1, "\(text): \(shaped.glyphs.count) glyphs")
      #expect(shaped.glyphs.allSatisfy { cascade.fonts[$0.font].isColor }, "\(text)")
      #expect(shaped.missingCharacters.isEmpty)
      #expect(cascade.explain(text).map(\.reason) == [.emoji])
    }
    // A heart without U+FE0F is text: the primary font has it.
    #expect(cascade.explain("❤").map(\.reason) == [.primary])
  }

  @Test func aLineInAFallbackFontTakesTheTallerMetrics() throws {
    let cascade = FontCascade(primary: try Font(contentsOf: TestPaths.bold))
    let primary = cascade.primary.lineMetrics(atSize: 50)
    #expect(cascade.shape("Ada", atSize: 50).lineMetrics == nil)
    let mixed = try #require(cascade.shape("Ada😀", atSize: 50).lineMetrics)
    let emoji = try #require(cascade.fonts.first { $0.isColor }).lineMetrics(atSize: 50)
    #expect(mixed == primary.union(emoji))
    #expect(mixed.ascender >= primary.ascender && mixed.descender >= primary.descender)
  }

  @Test func theFitIsMaximalWithFallbackFonts() throws {
    // s fits and s + 1/64 px does not, measured with the same cascade that draws.
    var spec = RenderSpec(text: "陳大文山田太郎 😀 অমিত")
    spec.canvas = "41mm"
    let rendering = try WordStackRenderer().render(spec)
    #expect(rendering.layout.fit.limit == .width)
    let cascade = FontCascade(primary: try Font(contentsOf: TestPaths.bold))
    let box = rendering.layout.availableBox
    let size = rendering.layout.fit.size
    let widest = { (size: Double) in
      ["陳大文山田太郎", "😀", "অমিত"].map { cascade.shape($0, atSize: size).metrics.extentWidth }.max() ?? 0
    }
    #expect(widest(size) <= box.width)
    #expect(widest(size + 1.0 / 64) > box.width)
    let ink = try #require(rendering.layout.inkBounds)
    #expect(box.contains(ink))
  }

  @Test func familiesAreFoundByName() throws {
    let match = try FontLocator.match("Noto Sans")
    #expect(match.isRequestedFamily)
    #expect(match.font.path.hasSuffix("NotoSans-Regular-subset.ttf"))
    let bold = try FontLocator.match("DejaVu Sans:bold")
    #expect(bold.font.style == "Bold")
    let missing = try FontLocator.match("No Such Family")
    #expect(!missing.isRequestedFamily)
    #expect(missing.requestedFamily == "No Such Family")
    #expect(FontLocator.closestFamilies(to: "Noto San").first == "Noto Sans")
  }

  @Test func weightSetsTheWghtAxisOfAVariableFont() throws {
    let path = TestPaths.fixtures + "/fonts/WordFitTestVF.ttf"
    var advances: [Double] = []
    for weight in [FontWeight.regular, .bold, .black] {
      var spec = RenderSpec(text: "Wide")
      spec.font = path
      spec.weight = weight
      spec.maxSize = 40
      let rendering = try WordStackRenderer().render(spec)
      #expect(rendering.fonts.first?.variations == "wght=\(weight.value)")
      advances.append(rendering.layout.lines[0].advance)
    }
    #expect(advances[0] < advances[1] && advances[1] < advances[2], "\(advances)")
    // Explicit variations win over the weight, and HarfBuzz and FreeType agree on them.
    let font = try Font(contentsOf: path, variations: ["wght": 900])
    #expect(font.axes.map(\.tag) == ["wght"])
    let shaped = font.shape("Wide", atSize: 40)
    #expect(abs(shaped.advance - advances[2]) < 1.0 / 64)
    let ink = try #require(shaped.inkBounds)
    #expect(Double(ink.maxX) <= shaped.advance + 4, "outlines widen with the advances")
  }

  @Test func anOpticalSizeAxisFollowsTheSizeInPoints() throws {
    let path = TestPaths.fixtures + "/fonts/WordFitTestOptical.ttf"
    func ratio(maxSize: Double, canvas: String, variations: String? = nil) throws -> (Double, WordStackLayout) {
      var spec = RenderSpec(text: "Wide")
      spec.font = path
      spec.canvas = canvas
      spec.maxSize = maxSize
      spec.variations = variations
      let rendering = try WordStackRenderer().render(spec)
      return (rendering.layout.lines[0].advance / rendering.layout.fit.size, rendering.layout)
    }
    // The test font's 8 pt master is 1.3x wider than its 144 pt master: small text is wider per px.
    let small = try ratio(maxSize: 20, canvas: "300x300").0
    let large = try ratio(maxSize: 80, canvas: "300x300").0
    #expect(small > large * 1.05, "\(small) vs \(large)")
    // On a watch canvas (2 px per point) the same pixel size is half the points: wider still.
    let watch = try ratio(maxSize: 80, canvas: "45mm").0
    #expect(watch > large, "\(watch) vs \(large)")
    // An explicit opsz holds it: advances scale linearly with the size.
    let fixedSmall = try ratio(maxSize: 20, canvas: "300x300", variations: "opsz=144").0
    let fixedLarge = try ratio(maxSize: 80, canvas: "300x300", variations: "opsz=144").0
    #expect(abs(fixedSmall - fixedLarge) < 0.01)
    // The fit is still exact: measured at the optical size of each size tried.
    let (_, layout) = try ratio(maxSize: 400, canvas: "300x300")
    let font = try Font(contentsOf: path)
    font.followOpticalSize(pointsPerPixel: 1)
    let extent = { (size: Double) in font.shape("Wide", atSize: size).metrics.extentWidth }
    #expect(layout.fit.limit == .width)
    #expect(extent(layout.fit.size) <= layout.availableBox.width)
    #expect(extent(layout.fit.size + 1.0 / 64) > layout.availableBox.width)
  }

  @Test func variationsOutsideTheAxisAreClampedAndUnknownAxesReported() throws {
    let font = try Font(
      contentsOf: TestPaths.fixtures + "/fonts/WordFitTestVF.ttf", variations: ["wght": 2000, "wdth": 80])
    #expect(font.axes.first?.value == 900)
    let problems = font.takeProblems()
    #expect(problems.contains { $0.contains("2000 is clamped") }, "\(problems)")
    #expect(problems.contains { $0.contains("no wdth axis") }, "\(problems)")
  }

  @Test func listedFallbackFontsAreTriedInOrder() throws {
    var spec = RenderSpec(text: "陳 😀")
    spec.font = "dejavu"  // it has a monochrome 😀 of its own; the system font's stand-in has none
    let fonts = TestPaths.fixtures + "/fonts/"
    spec.fallback = fonts + "NotoSansBengali-Bold-subset.ttf, " + fonts + "NotoSansCJKsc-Bold-subset.otf"
    let rendering = try WordStackRenderer().render(spec)
    #expect(rendering.fonts.map(\.family) == ["DejaVu Sans", "Noto Sans CJK SC"])
    // No colour font is listed: the emoji is DejaVu's own (monochrome) face, not a box.
    #expect(rendering.missingCharacters.isEmpty)
    #expect(rendering.lineFonts == [[1], [0]])
    #expect(rendering.canvas.format == .grey)
  }

}
