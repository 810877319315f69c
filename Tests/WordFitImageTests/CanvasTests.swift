import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitImage

@Suite struct CanvasTests {
  @Test func formatIsTheSmallestThatHoldsTheColours() {
    #expect(PixelFormat.smallest(holding: [.white, .black]) == .grey)
    #expect(PixelFormat.smallest(holding: [.white, Color(red: 10, green: 132, blue: 255)]) == .rgb)
    #expect(PixelFormat.smallest(holding: [.white, .transparent]) == .rgba)
    #expect(PixelFormat.smallest(holding: [Color(red: 9, green: 9, blue: 9, alpha: 254)]) == .rgba)
  }

  @Test func compositesGreyExactly() {
    var canvas = Canvas(width: 4, height: 1, format: .grey, background: Color(red: 20, green: 20, blue: 20))
    canvas.composite(coverage: [0, 255, 128, 1], maskWidth: 4, maskHeight: 1, atX: 0, y: 0, color: .white)
    // (255·c + 20·(255 − c)) / 255, rounded to nearest
    #expect(canvas.pixels == [20, 255, 138, 21])
  }

  @Test func compositingIsSourceOverNotMax() {
    var canvas = Canvas(width: 1, height: 1, format: .grey, background: .black)
    canvas.composite(coverage: [128], maskWidth: 1, maskHeight: 1, atX: 0, y: 0, color: .white)
    canvas.composite(coverage: [128], maskWidth: 1, maskHeight: 1, atX: 0, y: 0, color: .white)
    // 128 then 128 + 127·128/255 = 192; max() blending would leave 128.
    #expect(canvas.pixels == [192])
  }

  @Test func compositesOntoTransparency() {
    var canvas = Canvas(width: 2, height: 1, format: .rgba, background: .transparent)
    canvas.composite(
      coverage: [128, 255], maskWidth: 2, maskHeight: 1, atX: 0, y: 0, color: Color(red: 10, green: 132, blue: 255))
    #expect(Array(canvas.pixels[0..<4]) == [10, 132, 255, 128])
    #expect(Array(canvas.pixels[4..<8]) == [10, 132, 255, 255])
  }

  @Test func translucentColourOnOpaqueRGB() {
    var canvas = Canvas(width: 1, height: 1, format: .rgb, background: .black)
    canvas.composite(
      coverage: [255], maskWidth: 1, maskHeight: 1, atX: 0, y: 0, color: Color(red: 255, green: 0, blue: 100, alpha: 51)
    )
    #expect(canvas.pixels == [51, 0, 20])
  }

  @Test func clipsAtTheEdges() {
    var canvas = Canvas(width: 2, height: 2, format: .grey, background: .black)
    canvas.composite(
      coverage: [255, 255, 255, 255, 255, 255, 255, 255, 255], maskWidth: 3, maskHeight: 3, atX: -2, y: -2,
      color: .white)
    #expect(canvas.pixels == [255, 0, 0, 0])
    canvas.composite(coverage: [255], maskWidth: 1, maskHeight: 1, atX: 5, y: 5, color: .white)
    #expect(canvas.pixels == [255, 0, 0, 0])
  }

  @Test func wordAtATimeGreyPathMatchesTheGeneralPath() {
    // The opaque-grey path reads coverage 8 bytes at a time; it must give what the per-pixel
    // RGB path gives, at every offset and clip.
    var state: UInt32 = 12345
    func next() -> UInt8 {
      state = state &* 1_103_515_245 &+ 12345
      let r = UInt8(truncatingIfNeeded: state >> 16)
      return r < 90 ? 0 : (r > 200 ? 255 : r)
    }
    let maskWidth = 37
    let maskHeight = 9
    let mask = (0..<(maskWidth * maskHeight)).map { _ in next() }
    let grey = Color(red: 200, green: 200, blue: 200)
    for (x, y) in [(0, 0), (3, 2), (-5, -1), (20, 4), (-40, 0)] {
      var fast = Canvas(width: 50, height: 12, format: .grey, background: Color(red: 30, green: 30, blue: 30))
      var general = Canvas(width: 50, height: 12, format: .rgb, background: Color(red: 30, green: 30, blue: 30))
      fast.composite(coverage: mask, maskWidth: maskWidth, maskHeight: maskHeight, atX: x, y: y, color: grey)
      general.composite(coverage: mask, maskWidth: maskWidth, maskHeight: maskHeight, atX: x, y: y, color: grey)
      #expect(fast.pixels == general.pixels.enumerated().filter { $0.offset % 3 == 0 }.map(\.element), "at \(x),\(y)")
    }
  }

  @Test func divisionBy255IsExact() {
    for value in 0...(255 * 255) {
      #expect(div255(value) == Int((Double(value) / 255).rounded()), "\(value)")
    }
  }
}
