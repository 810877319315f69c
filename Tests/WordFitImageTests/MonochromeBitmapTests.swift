import Testing

@testable import WordFitImage

/// A badge's pixels as a label printer's dots: by coverage at half, never dithered.
@Suite struct MonochromeBitmapTests {
  @Test func aDotIsBlackBelowHalfLuminance() throws {
    // Grey 127 prints, 128 does not; a row of 10 dots takes 2 bytes, the padding left white.
    let pixels: [UInt8] = [0, 127, 128, 255, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 255, count: 10)
    let canvas = try #require(Canvas(width: 10, height: 2, format: .grey, pixels: pixels))
    let bitmap = MonochromeBitmap(canvas)
    #expect(bitmap.bytesPerRow == 2 && bitmap.bits == [0b1100_1111, 0b1100_0000, 0, 0])
    #expect(bitmap.isBlack(x: 1, y: 0) && !bitmap.isBlack(x: 2, y: 0) && !bitmap.isBlack(x: 0, y: 1))
  }

  @Test func colourIsWeighedAndAlphaIsOverWhite() throws {
    // Pure red: luminance 76, black. Pure green 150, white. Black at alpha 128 over white: 127,
    // black; at alpha 127: 128, white.
    let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 0, 128, 0, 0, 0, 127]
    let canvas = try #require(Canvas(width: 4, height: 1, format: .rgba, pixels: pixels))
    #expect(MonochromeBitmap(canvas).bits == [0b1010_0000])
    let rgb = try #require(Canvas(width: 2, height: 1, format: .rgb, pixels: [127, 127, 127, 128, 128, 128]))
    #expect(MonochromeBitmap(rgb).bits == [0b1000_0000])
  }
}
