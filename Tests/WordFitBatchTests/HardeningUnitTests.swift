import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitBatch
@testable import WordFitChecking
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitText

/// Unit-level regressions for issue 9: the reader, the fitter, the PNG decoder and the writers,
/// checked where the defect lived rather than through the command line.
@Suite struct HardeningUnitTests {
  // Item 1: out-of-range reads must be impossible, whatever the bytes.
  @Test func csvReaderSurvivesAnyBytes() {
    #expect(CSVReader(bytes: [0xEF, 0xBB, 0xBF]).next() == nil)
    #expect(CSVReader(bytes: [0xEF, 0xBB]).next()?.fields == [[0xEF, 0xBB]])
    #expect(CSVReader(bytes: [0xEF, 0xBB, 0xBF, 0x0A]).next() == nil)
    var generator = SeededGenerator(seed: 9)
    let alphabet: [UInt8] = [0x2C, 0x3B, 0x22, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF, 0x41, 0xC3, 0xA9, 0xFF]
    for _ in 0..<3_000 {
      let length = Int.random(in: 0...40, using: &generator)
      let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
      let reader = CSVReader(bytes: bytes, delimiter: nil)
      var count = 0
      while reader.next() != nil, count <= length { count += 1 }
      #expect(count <= length, "more records than bytes: \(bytes)")
    }
  }

  // Item 3: a chunk that declares 2 GB cannot make libpng allocate it.
  @Test(arguments: ["tEXt", "zTXt", "iTXt", "sPLT"])
  func declaredChunkSizesAreNotAllocated(type: String) {
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png += PNGBuilder.chunk("IHDR", PNGBuilder.be32(1) + PNGBuilder.be32(1) + [8, 0, 0, 0, 0])
    png += [0x7F, 0xFF, 0xFF, 0xFF] + Array(type.utf8) + [0x61, 0x00, 0x62, 0x63]
    #expect(throws: WordFitError.self) { try PNGCodec.decode(png) }
    #expect(lastLargestAllocation.value < InputLimits.pngChunkBytes * 2, "\(lastLargestAllocation.value) bytes")
  }

  @Test func decodedPixelsAreBoundedFromTheHeader() throws {
    let png = PNGBuilder.make(width: 16_384, height: 16_384, bitDepth: 1, colorType: 0, rows: [[0]])
    let error = try #require(throws: WordFitError.self) { try PNGCodec.decode(png, source: "bomb.png") }
    #expect(error.message.contains("268435456 pixels, more than the limit of 67108864"), "\(error.message)")
    #expect(lastLargestAllocation.value < 1 << 20)
  }

  // Item 4: a checked case keeps no images once compared.
  @Test func checkOutcomesKeepNoDiffImages() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    for (name, text) in [("a", "Ada"), ("b", "Grace")] {
      try #"{"text": "\#(text)", "canvas": "100x60"}"#.write(
        toFile: "\(directory)/\(name).json", atomically: true, encoding: .utf8)
    }
    let artifacts = directory + "-artifacts"
    _ = try GoldenChecker(directory: directory, recordMode: .missing, artifactsDirectory: artifacts).run()
    let golden = try PNGCodec.decode(InputFile.read(directory + "/b.png", role: "PNG", limit: 1 << 20))
    var tampered = golden.canvas
    tampered.composite(
      coverage: [255], maskWidth: 1, maskHeight: 1, atX: 1, y: 1, color: Color(red: 255, green: 0, blue: 0))
    try AtomicFile.write(try PNGCodec.encode(tampered), to: directory + "/b.png")
    let outcomes = try GoldenChecker(directory: directory, recordMode: .never, artifactsDirectory: artifacts).run()
    #expect(outcomes.map(\.status) == [.passed, .failed])
    #expect(outcomes.allSatisfy { $0.comparison != nil && $0.comparison?.diffImage == nil })
    #expect(FileManager.default.fileExists(atPath: outcomes[1].artifacts["diff"] ?? "/nonexistent"))
  }

  // Item 11: which names are WordFit's temporaries.
  @Test func temporaryNamesAreRecognised() {
    #expect(StaleTemporaries.processID(inTemporaryName: ".a.png.wordfit-123-4") == 123)
    #expect(StaleTemporaries.processID(inTemporaryName: ".m.jsonl.wordfit-77") == 77)
    #expect(StaleTemporaries.processID(inTemporaryName: "a.png.wordfit-123-4") == nil)
    #expect(StaleTemporaries.processID(inTemporaryName: ".a.wordfit-x-1") == nil)
    #expect(StaleTemporaries.processID(inTemporaryName: ".a.wordfit-1-2-3") == nil)
  }

  // Item 12: a temporary name fits wherever its final name does.
  @Test func temporaryNamesFitTheFileSystemLimit() {
    let name = String(repeating: "é", count: 120) + "x.png"
    #expect(name.utf8.count == 245)
    let temporary = AtomicFile.temporaryName(for: name, serial: 123_456)
    #expect(temporary.utf8.count <= 255)
    #expect(StaleTemporaries.processID(inTemporaryName: temporary) == getpid())
  }

  // Item 16: a text that fits is not truncated.
  @Test func truncationKeepsATextThatFits() throws {
    let font = try Font(contentsOf: TestPaths.regular)
    #expect(font.truncation(of: "6-zoe.png", atSize: 11, toWidth: 120).text == "6-zoe.png")
    #expect(font.truncation(of: "6-zoe.png", atSize: 11, toWidth: 30).text.hasSuffix("…"))
  }
}

/// Inputs the fuzzers found, kept as regression tests (Tests/WordFitTests/Inputs).
@Suite struct FuzzFindingsTests {
  /// A fuzzed font whose shaping gives a negative advance used to trap in
  /// WordMetrics.horizontalExtent (an upper bound below the lower one).
  @Test func fontWithANegativeAdvanceFitsAndDraws() throws {
    let path = TestPaths.packageRoot + "/Tests/WordFitTests/Inputs/fuzz-font-negative-advance.ttf"
    let font = try Font(contentsOf: path)
    let request = FitRequest(words: ["Wg", "Aimée"], availableWidth: 120, availableHeight: 90, maximumSize: 40)
    let fit = try Fitter(measurer: font).fit(request)
    var canvas = Canvas(width: 136, height: 106, format: .grey, background: .black)
    for line in fit.lines {
      canvas.draw(font.shape(line.text, atSize: line.size), font: font, at: PixelPoint(x: 8, y: 60), color: .white)
    }
    #expect(fit.lines.allSatisfy { $0.metrics.extentWidth >= 0 })
  }

  @Test func negativeAdvancesExtendTheExtentLeftwards() {
    let metrics = WordMetrics(advance: -5.5, inkBounds: PixelBox(minX: -2, minY: -3, maxX: 4, maxY: 0))
    #expect(metrics.horizontalExtent == -5...4)
    #expect(WordMetrics(advance: .nan, inkBounds: nil).horizontalExtent == 0...0)
  }
}
