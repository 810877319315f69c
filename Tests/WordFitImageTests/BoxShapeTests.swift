import Testing
import WordFitTestSupport

@testable import WordFitImage

/// Box outlines: coverage masks of rectangles, rounded rectangles and capsules.
@Suite struct BoxShapeTests {
  @Test func rectangleCoversEverything() {
    #expect(BoxShape.rectangle.coverage(width: 4, height: 3) == [UInt8](repeating: 255, count: 12))
  }

  @Test func roundedCornersAreSymmetricAndAntiAliased() {
    let width = 20
    let height = 12
    let mask = BoxShape.rounded(radius: 4).coverage(width: width, height: height)
    func at(_ x: Int, _ y: Int) -> UInt8 { mask[y * width + x] }
    #expect(at(0, 0) == 0, "outside the corner arc")
    #expect(at(10, 0) == 255 && at(0, 6) == 255 && at(10, 6) == 255, "edges and middle")
    #expect(at(1, 1) > 0 && at(1, 1) < 255, "the arc is anti-aliased")
    for y in 0..<height {
      for x in 0..<width {
        #expect(at(x, y) == at(width - 1 - x, y) && at(x, y) == at(x, height - 1 - y))
      }
    }
  }

  @Test func radiusIsClampedToHalfTheShorterSide() {
    #expect(BoxShape.rounded(radius: 100).radius(width: 50, height: 20) == 10)
    #expect(BoxShape.capsule.radius(width: 50, height: 21) == 10.5)
    #expect(
      BoxShape.rounded(radius: 100).coverage(width: 50, height: 20) == BoxShape.capsule.coverage(width: 50, height: 20))
  }

  @Test func coverageAreaMatchesTheGeometry() {
    // A 40 × 40 circle (capsule of a square): area π·20² ≈ 1256.6 px.
    let mask = BoxShape.capsule.coverage(width: 40, height: 40)
    let area = Double(mask.reduce(0) { $0 + Int($1) }) / 255
    #expect(abs(area - Double.pi * 400) < 2)
  }
}
