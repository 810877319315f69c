import CPNG
import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitImage

@Suite struct PNGCodecTests {
  func sample(_ format: PixelFormat) -> Canvas {
    var canvas = Canvas(
      width: 7, height: 5, format: format,
      background: format == .rgba ? .transparent : Color(red: 10, green: 20, blue: 30))
    canvas.composite(
      coverage: (0..<35).map { UInt8($0 * 7) }, maskWidth: 7, maskHeight: 5, atX: 0, y: 0,
      color: format == .grey ? .white : Color(red: 200, green: 100, blue: 50))
    return canvas
  }

  @Test(arguments: [PixelFormat.grey, .rgb, .rgba])
  func roundTripsEveryFormat(_ format: PixelFormat) throws {
    let canvas = sample(format)
    let bytes = try PNGCodec.encode(canvas, text: [("Title", "Aimée"), ("Software", "WordFit")])
    #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    // IHDR colour type: 0 grey, 2 RGB, 6 RGBA.
    #expect(bytes[25] == [PixelFormat.grey: 0, .rgb: 2, .rgba: 6][format])
    let decoded = try PNGCodec.decode(bytes)
    #expect(decoded.canvas.width == 7 && decoded.canvas.height == 5)
    #expect(decoded.canvas.pixels == ImageComparator.rgba(canvas))
    #expect(decoded.text(forKey: "Title") == "Aimée")
    #expect(decoded.text(forKey: "Software") == "WordFit")
  }

  @Test func encodingIsDeterministic() throws {
    let canvas = sample(.rgb)
    #expect(try PNGCodec.encode(canvas) == PNGCodec.encode(canvas))
  }

  @Test func writesPhysicalResolution() throws {
    let bytes = try PNGCodec.encode(sample(.grey), settings: PNGSettings(dotsPerInch: 300))
    let pHYs = Array("pHYs".utf8)
    let index = try #require((0..<(bytes.count - 4)).first { Array(bytes[$0..<$0 + 4]) == pHYs })
    let perMetre = bytes[(index + 4)..<(index + 8)].reduce(0) { $0 << 8 | Int($1) }
    #expect(perMetre == 11811)
  }

  @Test func rejectsNonPNGAndTruncatedFiles() throws {
    let good = try PNGCodec.encode(sample(.rgb))
    for bad in [[UInt8](), Array("not a png at all".utf8), Array(good.prefix(good.count / 2)), Array(good.prefix(40))] {
      do {
        _ = try PNGCodec.decode(bad, source: "x.png")
        Issue.record("decoded \(bad.count) bad bytes")
      } catch let error as WordFitError {
        #expect(error.kind == .invalidData)
        #expect(error.message.hasPrefix("x.png"))
      }
    }
  }

  @Test func sixteenBitSamplesAreScaledNotGammaConverted() throws {
    // Grey 16-bit: 0x8080 → 128, 0xFFFF → 255, 0x0000 → 0.
    let bytes = PNGBuilder.make(
      width: 3, height: 1, bitDepth: 16, colorType: 0, rows: [[0x80, 0x80, 0xFF, 0xFF, 0, 0]])
    let decoded = try PNGCodec.decode(bytes)
    #expect(decoded.hadSixteenBitSamples)
    #expect(decoded.canvas.pixels == [128, 128, 128, 255, 255, 255, 255, 255, 0, 0, 0, 255])
  }

  @Test func palettesAndTransparencyAreExpanded() throws {
    let palette: [UInt8] = [255, 0, 0, 0, 0, 255]
    let bytes = PNGBuilder.make(
      width: 2, height: 1, bitDepth: 8, colorType: 3, rows: [[0, 1]], extraChunks: [("PLTE", palette), ("tRNS", [128])])
    let decoded = try PNGCodec.decode(bytes)
    #expect(decoded.wasColorMapped)
    #expect(decoded.canvas.pixels == [255, 0, 0, 128, 0, 0, 255, 255])
  }

  @Test func interlacedImagesAreDeinterlaced() throws {
    let width = 11
    let height = 9
    let pixels = (0..<(width * height)).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
    let decoded = try PNGCodec.decode(PNGBuilder.interlacedGrey(width: width, height: height, pixels: pixels))
    #expect(decoded.canvas.pixels.enumerated().filter { $0.offset % 4 == 0 }.map(\.element) == pixels)
  }

  @Test func oneBitGreyIsExpanded() throws {
    let bytes = PNGBuilder.make(width: 8, height: 1, bitDepth: 1, colorType: 0, rows: [[0b1010_0000]])
    let decoded = try PNGCodec.decode(bytes)
    #expect(
      decoded.canvas.pixels.enumerated().filter { $0.offset % 4 == 0 }.map(\.element) == [255, 0, 255, 0, 0, 0, 0, 0])
  }

  @Test func refusesHugeDimensions() throws {
    let bytes = PNGBuilder.make(
      width: 20000, height: 1, bitDepth: 1, colorType: 0, rows: [[UInt8](repeating: 0, count: 2500)])
    #expect(throws: WordFitError.self) { try PNGCodec.decode(bytes) }
  }

  /// WordFit's writer hand-codes the leading rows of one colour; every shape of that prefix
  /// (none, some, all rows; zero and non-zero colours; 1–4 channels; rows wider than DEFLATE's
  /// 32 KiB window) must decode to exactly the pixels, as libpng's own writer does.
  @Test(arguments: [PixelFormat.grey, .rgb, .rgba])
  func uniformLeadingRowsRoundTrip(_ format: PixelFormat) throws {
    let colors = [Color.black, Color(red: 10, green: 132, blue: 255, alpha: 200), .white]
    for (width, height) in [(1, 1), (1, 5), (2, 2), (3, 7), (97, 40), (9000, 3)] {
      for color in colors {
        for uniformRows in Set([0, 1, height / 2, height - 1, height]) where uniformRows <= height {
          var canvas = Canvas(width: width, height: height, format: format, background: color)
          if uniformRows < height {
            let rows = height - uniformRows
            let mask = (0..<(width * rows)).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) }
            canvas.composite(
              coverage: mask, maskWidth: width, maskHeight: rows, atX: 0, y: uniformRows,
              color: Color(red: 250, green: 20, blue: 90))
          }
          let fast = try PNGCodec.decode(try PNGCodec.encode(canvas))
          let reference = try PNGCodec.decode(
            try PNGCodec.encode(
              canvas, settings: PNGSettings(encoder: .libpng(level: 6, filter: .none, strategy: .default))))
          #expect(
            fast.canvas.pixels == ImageComparator.rgba(canvas),
            "\(format) \(width)x\(height), \(uniformRows) uniform rows of \(color.hexString)")
          #expect(fast.canvas.pixels == reference.canvas.pixels)
        }
      }
    }
  }
}

/// WordFit's writer: at level 0 the run matcher (uniform rows hand-coded, each in its own
/// block), at levels 1–12 one libdeflate call; every stream must decode to the same pixels.
@Suite struct DeflateWriterTests {
  /// A canvas whose rows alternate between text-like content and long uniform bands.
  func banded(width: Int, format: PixelFormat, bands: [(rows: Int, color: Color?)]) -> Canvas {
    let height = bands.reduce(0) { $0 + $1.rows }
    var canvas = Canvas(width: width, height: height, format: format, background: .black)
    var y = 0
    for band in bands {
      if let color = band.color {
        canvas.fill(PixelBox(minX: 0, minY: y, maxX: width, maxY: y + band.rows), color)
      } else {
        let mask = (0..<(width * band.rows)).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 7) }
        canvas.composite(
          coverage: mask, maskWidth: width, maskHeight: band.rows, atX: 0, y: y,
          color: Color(red: 250, green: 220, blue: 90))
      }
      y += band.rows
    }
    return canvas
  }

  /// The zlib stream inside a PNG's IDAT chunks.
  func zlibStream(_ png: [UInt8]) -> [UInt8] {
    var stream: [UInt8] = []
    var at = 8
    while at + 8 <= png.count {
      let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
      if png[at + 4..<at + 8].elementsEqual("IDAT".utf8) { stream += png[at + 8..<at + 8 + length] }
      at += length + 12
    }
    return stream
  }

  @Test(arguments: [PixelFormat.grey, .rgb, .rgba], [0, 1, 5, 12])
  func bandsRoundTrip(_ format: PixelFormat, level: Int) throws {
    let band = Color(red: 10, green: 132, blue: 255)
    let layouts: [[(rows: Int, color: Color?)]] = [
      [(3, nil), (130, band), (4, nil), (140, .white), (2, nil), (90, band)],  // content first
      [(100, .black), (6, nil), (150, band), (1, nil)],  // content last
      [(20, nil), (5, band), (20, nil)],
    ]
    for (index, bands) in layouts.enumerated() {
      for width in [200, 12_000] where width == 200 || format != .rgba {
        let canvas = banded(width: width, format: format, bands: bands)
        let png = try PNGCodec.encode(canvas, settings: PNGSettings(encoder: .wordfit(level: level)))
        let decoded = try PNGCodec.decode(png)
        #expect(decoded.canvas.pixels == ImageComparator.rgba(canvas), "layout \(index), \(format), width \(width)")
        #expect(zlibStream(png).count >= 6, "a zlib header, blocks and an Adler-32")
      }
    }
  }

  /// Level 0's run matcher looks only one pixel left and one row up: noise (all literals, many
  /// blocks of its 16,384 symbols), repeats at exactly those distances, rows longer than
  /// DEFLATE's 32 KiB window (no match from above), and the smallest images must all round-trip.
  @Test(arguments: [PixelFormat.grey, .rgb, .rgba])
  func runMatcherRoundTripsEveryShape(_ format: PixelFormat) throws {
    let shapes: [(width: Int, height: Int, pattern: (Int, Int) -> UInt8)] = [
      (1, 1, { _, _ in 7 }),
      (1, 300, { _, y in UInt8(truncatingIfNeeded: y / 3) }),
      (301, 211, { x, y in UInt8(truncatingIfNeeded: (x &* 2_654_435_761 ^ y &* 40503) >> 11) }),  // noise
      (257, 90, { x, y in UInt8(truncatingIfNeeded: (x / 5) * 40 + (y / 7) * 3) }),  // runs left and above
      (12_000, 4, { x, y in UInt8(truncatingIfNeeded: (x / 9 + y) * 17) }),  // row > 32 KiB
      (8_191, 3, { x, _ in UInt8(truncatingIfNeeded: x / 100) }),  // RGBA: 32,765 bytes a row, inside
      (8_192, 3, { x, _ in UInt8(truncatingIfNeeded: x / 100) }),  // RGBA: 32,769, just outside
    ]
    for (index, shape) in shapes.enumerated() {
      var canvas = Canvas(width: shape.width, height: shape.height, format: format, background: .black)
      let mask = (0..<(shape.width * shape.height)).map { shape.pattern($0 % shape.width, $0 / shape.width) }
      canvas.composite(
        coverage: mask, maskWidth: shape.width, maskHeight: shape.height, atX: 0, y: 0,
        color: Color(red: 250, green: 120, blue: 30, alpha: 190))
      let png = try PNGCodec.encode(canvas, settings: PNGSettings(encoder: .wordfit(level: 0)))
      #expect(
        try PNGCodec.decode(png).canvas.pixels == ImageComparator.rgba(canvas),
        "shape \(index), \(format) \(shape.width)x\(shape.height)")
    }
  }

  /// Byte frequencies in a Fibonacci series make an optimal Huffman code deeper than DEFLATE's
  /// 15 bits; the writer must limit its code lengths and still round-trip.
  @Test func skewedFrequenciesKeepCodesWithinFifteenBits() throws {
    // The filter byte and the end-of-block code occur once each; with literals 2, 3, 5, 8 … times
    // every merge of Huffman's algorithm takes the tree so far and the next leaf: 18 bits deep.
    var fibonacci = [2, 3]
    while fibonacci.count < 17 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
    var remaining = fibonacci
    var bytes: [UInt8] = []
    var last = -1
    while let symbol = remaining.indices.filter({ remaining[$0] > 0 && $0 != last }).max(by: {
      remaining[$0] < remaining[$1]
    }) {
      bytes.append(UInt8(symbol * 13 + 1))
      remaining[symbol] -= 1
      last = symbol
    }
    #expect(bytes.count == 10_943)
    let (width, height) = (bytes.count, 1)
    var canvas = Canvas(width: width, height: height, format: .grey, background: .black)
    canvas.composite(
      coverage: bytes, maskWidth: width, maskHeight: height, atX: 0, y: 0, color: .white)
    for level in [0, 1, 5] {
      let png = try PNGCodec.encode(canvas, settings: PNGSettings(encoder: .wordfit(level: level)))
      #expect(try PNGCodec.decode(png).canvas.pixels == ImageComparator.rgba(canvas), "level \(level)")
    }
  }

  /// The writer's Huffman code lengths (issue 23): a complete prefix code (Kraft sum exactly 1)
  /// within the limit for every frequency set, skewed ones (Fibonacci, which an unlimited
  /// Huffman code makes deeper than 15 bits) included; one used symbol gets length 1.
  @Test func huffmanLengthsAreCompleteAndLimited() {
    var generator = SeededGenerator(seed: 23)
    var sets: [[UInt32]] = [[5], [0, 0, 9, 0], [1, 1], Array(repeating: 1, count: 286)]
    var fibonacci: [UInt32] = [1, 1]
    while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
    sets.append(fibonacci)
    for _ in 0..<300 {
      let count = Int.random(in: 2...286, using: &generator)
      sets.append(
        (0..<count).map { _ in Bool.random(using: &generator) ? 0 : UInt32.random(in: 1...1 << 20, using: &generator) })
    }
    for (index, frequencies) in sets.enumerated() {
      for limit: Int32 in [7, 15] {
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        let used = frequencies.indices.filter { frequencies[$0] > 0 }
        guard used.count <= 1 << limit else {
          #expect(wf_deflate_code_lengths(frequencies, Int32(frequencies.count), limit, &lengths) == -1)
          continue
        }
        #expect(wf_deflate_code_lengths(frequencies, Int32(frequencies.count), limit, &lengths) == 0)
        #expect(used.allSatisfy { lengths[$0] >= 1 && lengths[$0] <= limit }, "set \(index), limit \(limit)")
        #expect(frequencies.indices.allSatisfy { frequencies[$0] > 0 || lengths[$0] == 0 }, "set \(index)")
        if used.count > 1 {
          let kraft = used.reduce(UInt64(0)) { $0 + (UInt64(1) << (UInt64(limit) - UInt64(lengths[$1]))) }
          #expect(kraft == UInt64(1) << UInt64(limit), "set \(index), limit \(limit): Kraft sum \(kraft)")
        } else if let only = used.first {
          #expect(lengths[only] == 1)
        }
      }
    }
  }

  /// The run matcher's blocks end anywhere (issue 23): with blocks of 1, 2, 3, 7 and 258
  /// symbols, a block boundary falls inside every kind of run, and the stream still inflates
  /// (libdeflate's decompressor) to the same bytes.
  @Test func runBlocksEndAnywhere() {
    var generator = SeededGenerator(seed: 7)
    let line = 61
    var data = [UInt8](repeating: 0, count: line * 40)
    for row in 0..<40 {
      data[row * line] = 0
      for x in 1..<line {
        data[row * line + x] =
          row % 5 == 0 ? UInt8.random(in: 0...255, using: &generator) : UInt8((x / 7 + row / 3) * 9)
      }
    }
    for bpp: Int32 in [1, 3, 4] {
      for blockSymbols in [1, 2, 3, 7, 258, 16_384] {
        #expect(
          wf_deflate_run_round_trip(data, data.count, bpp, line, blockSymbols) == 0,
          "bpp \(bpp), blocks of \(blockSymbols)")
      }
    }
    #expect(wf_deflate_run_round_trip([], 0, 1, 1, 5) == 0, "an empty input is one empty final block")
  }

  /// Matches are measured 16 bytes, then 8, then 1 at a time: a run broken by one byte at every
  /// offset from 0 to 299 (every lane of every step, and past the 258-byte match limit), to the
  /// left and from the row above, inflates to the same bytes.
  @Test func matchesEndAtEveryOffset() {
    for bpp: Int32 in [1, 3] {
      for breakAt in 0..<300 {
        var data = [UInt8](repeating: 0x2A, count: 700)
        data[3 + breakAt] = 0x2B
        data[350 + breakAt / 2] = 0x2C
        #expect(wf_deflate_run_round_trip(data, data.count, bpp, 331, 16_384) == 0, "break at \(breakAt)")
      }
    }
  }

  /// Uniform rows add a filter byte and a pixel as literals before their matches (issue 38, 1):
  /// with a block ending at every offset inside that group of literals (blocks of 1 … 300
  /// symbols over rows wider than the 32 KiB window, where no row repeats the one above, and
  /// narrower ones), the coder never steps past the block's end and the rows inflate back.
  /// Before the fix a block whose end fell inside the group overran its buffer.
  @Test(arguments: [1, 3, 4])
  func uniformRowsEndBlocksAnywhere(_ bpp: Int) {
    let pixel: [UInt8] = [0x80, 0x20, 0x20, 0x80]
    for line in [1 + bpp * 11, 1 + bpp * 8_192, 1 + bpp * 12_558] {
      for blockSymbols in 1...300 {
        #expect(
          wf_deflate_uniform_round_trip(pixel, Int32(bpp), line, 3, blockSymbols) == 0,
          "bpp \(bpp), line \(line), blocks of \(blockSymbols)")
      }
    }
  }

  /// Every width from 8,000 to 16,384 in every pixel format, with enough uniform rows to fill
  /// the writer's 16,384-symbol block at least once (issue 38, 1: from 8,645 px in RGBA and
  /// 10,923 px in RGB a row is wider than DEFLATE's window, each row adds its own literals, and
  /// the block overran). Every width runs when `WORDFIT_PNG_WIDTH_SWEEP=1` (set by
  /// `scripts/sanitize.sh`, ~13,600 widths past the window); other runs take every 61st width
  /// and the widths the attack named.
  @Test(arguments: [PixelFormat.grey, .rgb, .rgba])
  func wideUniformRowsInflateBack(_ format: PixelFormat) {
    let every = ProcessInfo.processInfo.environment["WORDFIT_PNG_WIDTH_SWEEP"] == "1"
    let named = [8_191, 8_192, 8_645, 10_922, 10_923, 12_558, 15_000, 16_384]
    let widths = every ? Array(8_000...16_384) : Array(stride(from: 8_000, through: 16_384, by: 61)) + named
    let bpp = format.channels
    let pixel: [UInt8] = [0x80, 0x20, 0x20, 0x80]
    for width in widths {
      let line = 1 + width * bpp
      // Symbols a row takes when no row repeats the one above (filter, pixel, matches), and
      // the rows needed to pass the block's end once; narrower rows repeat in one span.
      let perRow = 1 + bpp + (line - 1 - bpp + 257) / 258
      let rows = line > 32_768 ? 16_384 / perRow + 2 : 2 + 16_384 * 258 / line
      #expect(
        wf_deflate_uniform_round_trip(pixel, Int32(bpp), line, UInt32(rows), 16_384) == 0,
        "\(format) width \(width), \(rows) rows")
    }
  }

  /// The attack's images through the whole writer: a 12,558 × 600 RGB and an 8,645 × 600 RGBA
  /// flat fill encode to PNGs libpng reads back pixel for pixel (before the fix the first
  /// wrote "invalid distance code" and the second overran the heap).
  @Test func wideFlatImagesDecode() throws {
    for (width, format, color) in [
      (12_558, PixelFormat.rgb, Color(red: 0x80, green: 0x20, blue: 0x20)),
      (8_645, .rgba, Color(red: 0x80, green: 0x20, blue: 0x20, alpha: 0x80)),
    ] {
      let canvas = Canvas(width: width, height: 600, format: format, background: color)
      let decoded = try PNGCodec.decode(try PNGCodec.encode(canvas), maximumPixels: width * 600)
      #expect(decoded.canvas.pixels == ImageComparator.rgba(canvas), "\(width) px \(format)")
    }
  }
}
