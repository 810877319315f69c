import Testing

@testable import WordFitCore
@testable import WordFitImage

/// A label's dots: photos dithered as Pillow (and so brother-ql-next) dithers them, texts' boxes
/// kept at the threshold, and the red ink of a two-colour roll told from the black.
@Suite struct LabelDotsTests {
  /// A grey canvas whose pixels have the given inks (255 − grey).
  func grey(width: Int, height: Int, inks: [Int]) throws -> Canvas {
    try #require(Canvas(width: width, height: height, format: .grey, pixels: inks.map { UInt8(255 - $0) }))
  }

  @Test func aPhotoIsDitheredDotForDotAsPillowDithersIt() throws {
    // Pillow 13's Image.convert("1", dither=FLOYDSTEINBERG) of these inks (9x4), computed once by
    // the peer environment of scripts/brother-ql-test.sh: a set dot is ink.
    let inks = [
      0, 29, 58, 87, 116, 145, 174, 203, 232, 53, 93, 133, 173, 213, 253, 37, 0, 40, 106, 157, 208, 3, 233, 28, 79,
      53, 104, 159, 221, 27, 12, 74, 59, 121, 106, 168,
    ]
    let pillow = [
      0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1, 0, 1,
    ]
    let canvas = try grey(width: 9, height: 4, inks: inks)
    let box = PixelBox(minX: 0, minY: 0, maxX: 9, maxY: 4)
    let dots = LabelDots(canvas, inks: .black, photos: [box]).black
    #expect((0..<36).map { dots.isBlack(x: $0 % 9, y: $0 / 9) ? 1 : 0 } == pillow)
    // Thresholded, the same pixels print otherwise: the dithering is what made them.
    let plain = LabelDots(canvas, inks: .black).black
    #expect((0..<36).map { plain.isBlack(x: $0 % 9, y: $0 / 9) ? 1 : 0 } != pillow)
    // 6x6 inks whose dots need the error each row's last pixel leaves below it (without it
    // they differ), again as Pillow 13 dithers them.
    let carried = [
      13, 50, 87, 124, 161, 198, 104, 142, 180, 218, 0, 38, 195, 234, 17, 56, 95, 134, 30, 70, 110, 150, 190, 230,
      121, 162, 203, 244, 29, 53, 212, 254, 40, 82, 107, 149,
    ]
    let carriedByPillow = [
      0, 0, 0, 1, 0, 1, 0, 1, 1, 1, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 1, 1, 1, 1, 1, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 1,
    ]
    let six = LabelDots(
      try grey(width: 6, height: 6, inks: carried), inks: .black, photos: [PixelBox(x: 0, y: 0, width: 6, height: 6)]
    ).black
    #expect((0..<36).map { six.isBlack(x: $0 % 6, y: $0 / 6) ? 1 : 0 } == carriedByPillow)
  }

  @Test func aMidGreyPhotoPrintsHalfItsDotsAndAKeptBoxNone() throws {
    let canvas = try grey(width: 64, height: 64, inks: [Int](repeating: 128, count: 64 * 64))
    let photo = PixelBox(minX: 0, minY: 0, maxX: 64, maxY: 64)
    let text = PixelBox(minX: 16, minY: 16, maxX: 48, maxY: 48)
    let dots = LabelDots(canvas, inks: .black, photos: [photo], kept: [text]).black
    let count = { (box: PixelBox) in
      (box.minY..<box.maxY).reduce(0) { sum, y in sum + (box.minX..<box.maxX).filter { dots.isBlack(x: $0, y: y) }.count
      }
    }
    // Ink 128 thresholds to white (luminance 127 < 128 is black: ink 128 is luminance 127).
    #expect(count(text) == 32 * 32, "the text's box keeps the threshold: every dot of luminance 127 is black")
    let outside = count(photo) - count(text)
    #expect(abs(outside - (64 * 64 - 32 * 32) / 2) < 64, "about half the photo's other dots: \(outside)")
  }

  @Test func redInkIsRedByAtLeastHalfAndNeverAlsoBlack() throws {
    // Pure red, red at half coverage over white, pink below half, brown, black, white.
    let colours: [(UInt8, UInt8, UInt8)] = [
      (255, 0, 0), (255, 127, 127), (255, 140, 140), (120, 40, 20), (0, 0, 0), (255, 255, 255),
    ]
    let canvas = try #require(
      Canvas(width: colours.count, height: 1, format: .rgb, pixels: colours.flatMap { [$0.0, $0.1, $0.2] }))
    let dots = LabelDots(canvas, inks: .blackAndRed)
    #expect((0..<colours.count).map { dots.red.isBlack(x: $0, y: 0) } == [true, true, false, false, false, false])
    #expect((0..<colours.count).map { dots.black.isBlack(x: $0, y: 0) } == [false, false, false, true, true, false])
    // On a black-only label the same pixels print black by luminance.
    let mono = LabelDots(canvas, inks: .black)
    #expect((0..<colours.count).map { mono.black.isBlack(x: $0, y: 0) } == [true, false, false, true, true, false])
    #expect(!mono.sameDots(as: dots, in: PixelBox(minX: 0, minY: 0, maxX: 6, maxY: 1)))
    // The preview shows each ink in its colour.
    let preview = dots.preview()
    #expect(
      Array(preview.pixels.prefix(6)) == [255, 0, 0, 255, 0, 0] && Array(preview.pixels[9..<15]) == [0, 0, 0, 0, 0, 0])
  }
}
