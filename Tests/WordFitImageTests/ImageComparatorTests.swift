import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitImage

/// Conformance of the comparator with pixelmatch. The expected counts below follow from
/// pixelmatch's algorithm by hand (the reasoning is beside each), and were checked against the
/// pixelmatch Python port (`pip install pixelmatch`, 0.4.0) with `scripts/pixelmatch-pairs.py`,
/// which builds the same pairs.
@Suite struct ImageComparatorTests {
  /// A grey image of `width` × `height` filled by `value(x, y)`.
  func grey(_ width: Int = 10, _ height: Int = 10, _ value: (Int, Int) -> UInt8) -> Canvas {
    var pixels: [UInt8] = []
    for y in 0..<height { for x in 0..<width { pixels.append(value(x, y)) } }
    return Canvas(width: width, height: height, format: .grey, pixels: pixels)!
  }

  func rgba(_ pixels: [[UInt8]]) -> Canvas {
    Canvas(width: pixels.count, height: 1, format: .rgba, pixels: pixels.flatMap { $0 })!
  }

  @Test func identicalImages() {
    let image = grey { x, _ in UInt8(x * 20) }
    let result = ImageComparator.compare(expected: image, actual: image, tolerance: ComparisonTolerance())
    #expect(result.isIdentical && result.passed && result.differingPixels == 0)
  }

  @Test func onePixelChanged() {
    // 100 → 200 on a flat field: YIQ delta 0.5053·100² = 5053 > 352.15 (t = 0.1). Not
    // anti-aliasing: in the first image all 8 neighbours equal it; in the second none is
    // brighter, so the detector needs both a darker and a brighter neighbour and says no.
    let flat = grey { _, _ in 100 }
    let changed = grey { x, y in x == 5 && y == 5 ? 200 : 100 }
    let result = ImageComparator.compare(
      expected: flat, actual: changed, tolerance: ComparisonTolerance(), makeDiffImage: true)
    #expect(result.differingPixels == 1)
    #expect(result.antiAliasedPixels == 0)
    #expect(result.differenceBounds == PixelBox(minX: 5, minY: 5, maxX: 6, maxY: 6))
    #expect(!result.passed)
    #expect(result.maxChannelDelta == 100)
    let diff = result.diffImage!
    #expect(diff.color(atX: 5, y: 5) == Color(red: 255, green: 0, blue: 0))
    // Unchanged pixels: luma 100 blended with white at alpha 0.1 → 255 + (100 − 255)·0.1 = 239.5 → 239.
    #expect(diff.color(atX: 0, y: 0) == Color(red: 239, green: 239, blue: 239))
  }

  /// A masked region (Playwright's `mask`) is left out: its differences do not count, the diff
  /// shows it hatched, and differences outside it still count.
  @Test func maskedRegionsAreLeftOutAndHatched() throws {
    let flat = grey { _, _ in 100 }
    let changed = grey { x, y in (x == 5 && y == 5) || (x == 1 && y == 8) ? 200 : 100 }
    var tolerance = ComparisonTolerance(mask: [PixelBox(x: 4, y: 4, width: 3, height: 3)])
    let result = ImageComparator.compare(expected: flat, actual: changed, tolerance: tolerance, makeDiffImage: true)
    #expect(result.differingPixels == 1 && result.differenceBounds == PixelBox(minX: 1, minY: 8, maxX: 2, maxY: 9))
    let diff = try #require(result.diffImage)
    #expect(diff.color(atX: 5, y: 5) == Color(red: 175, green: 82, blue: 222), "(5 + 5) % 8 < 4: a violet stripe")
    #expect(diff.color(atX: 6, y: 6) == Color(red: 225, green: 225, blue: 225), "(6 + 6) % 8 ≥ 4: a grey stripe")
    #expect(diff.color(atX: 3, y: 3) == Color(red: 239, green: 239, blue: 239), "outside: as without a mask")
    tolerance.mask.append(PixelBox(x: 0, y: 8, width: 100, height: 100))  // clipped to the image
    #expect(ImageComparator.compare(expected: flat, actual: changed, tolerance: tolerance).passed)
    for bad in [PixelBox(x: -1, y: 0, width: 2, height: 2), PixelBox(x: 0, y: 0, width: 0, height: 2)] {
      #expect(throws: WordFitError.self) { try ComparisonTolerance(mask: [bad]).validate() }
    }
    let huge = PixelBox(x: Int.max, y: Int.max, width: Int.max, height: Int.max)
    #expect(huge.maxX == 1 << 25, "clamped: no overflow")
    #expect(
      !ImageComparator.compare(expected: flat, actual: changed, tolerance: ComparisonTolerance(mask: [huge])).passed)
  }

  @Test func antiAliasedEdgeIsExcusedUnlessIncluded() {
    // A black | white edge between columns 4 and 5; the actual image softens one edge pixel to
    // 128. In the actual image that pixel has a darker (black) and a brighter (white) neighbour
    // and no equal one, and the white neighbour has 3+ equal neighbours in both images: it is
    // anti-aliasing, counted as such, not as a difference.
    let edge = grey { x, _ in x < 5 ? 0 : 255 }
    let softened = grey { x, y in x == 5 && y == 5 ? 128 : (x < 5 ? 0 : 255) }
    let excused = ImageComparator.compare(
      expected: edge, actual: softened, tolerance: ComparisonTolerance(), makeDiffImage: true)
    #expect(excused.differingPixels == 0 && excused.antiAliasedPixels == 1 && excused.passed)
    #expect(excused.diffImage!.color(atX: 5, y: 5) == Color(red: 255, green: 255, blue: 0))
    let counted = ImageComparator.compare(
      expected: edge, actual: softened, tolerance: ComparisonTolerance(includesAntiAliasing: true))
    #expect(counted.differingPixels == 1 && !counted.passed)
  }

  @Test func sizeMismatchAlwaysFails() {
    let result = ImageComparator.compare(
      expected: grey(10, 10) { _, _ in 0 }, actual: grey(10, 11) { _, _ in 0 },
      tolerance: ComparisonTolerance(threshold: 1, maxDiffRatio: 1))
    #expect(!result.dimensionsMatch && !result.passed)
  }

  @Test func semiTransparentPixelsBlendOverWhite() {
    // Transparent black and transparent white both blend to white: equal despite other bytes.
    // Half-transparent black (a = 128) blends to 255 − 255·128/255 = 127: 128 grey levels from
    // white, a difference at t = 0.1.
    let expected = rgba([[0, 0, 0, 0], [0, 0, 0, 128], [10, 20, 30, 255]])
    let actual = rgba([[255, 255, 255, 0], [0, 0, 0, 0], [10, 20, 30, 255]])
    let result = ImageComparator.compare(
      expected: expected, actual: actual, tolerance: ComparisonTolerance(includesAntiAliasing: true))
    #expect(result.differingPixels == 1)
    #expect(result.differenceBounds == PixelBox(minX: 1, minY: 0, maxX: 2, maxY: 1))
    #expect(!result.isIdentical)
  }

  @Test(arguments: [(0.1, 26, 27), (0.2, 52, 53), (0.01, 2, 3), (0.0, 0, 1)])
  func thresholdBoundaryForGreySteps(threshold: Double, passing: Int, failing: Int) {
    // A pure grey step d has i = q = 0 and y = d, so it differs when 0.5053·d² > 35215·t²,
    // i.e. d > 263.99·t: 26 passes and 27 fails at 0.1 (≈ 26 levels, as the reference says).
    let base = grey(3, 3) { _, _ in 100 }
    let tolerance = ComparisonTolerance(threshold: threshold, includesAntiAliasing: true)
    let pass = ImageComparator.compare(
      expected: base, actual: grey(3, 3) { _, _ in UInt8(100 + passing) }, tolerance: tolerance)
    let fail = ImageComparator.compare(
      expected: base, actual: grey(3, 3) { _, _ in UInt8(100 + failing) }, tolerance: tolerance)
    #expect(pass.differingPixels == 0 && pass.passed)
    #expect(fail.differingPixels == 9 && !fail.passed)
  }

  @Test func allowanceIsTheSmallerOfCountAndRatio() {
    let tolerance = ComparisonTolerance(maxDiffPixels: 5, maxDiffRatio: 0.02)
    #expect(tolerance.allowedDifferingPixels(width: 10, height: 10) == 2)
    #expect(ComparisonTolerance(maxDiffPixels: 5).allowedDifferingPixels(width: 10, height: 10) == 5)
    #expect(ComparisonTolerance(maxDiffRatio: 0.5).allowedDifferingPixels(width: 10, height: 10) == 50)
    #expect(ComparisonTolerance().allowedDifferingPixels(width: 10, height: 10) == 0)
    let flat = grey { _, _ in 100 }
    let changed = grey { x, y in x == 5 && y == 5 ? 200 : 100 }
    #expect(
      ImageComparator.compare(expected: flat, actual: changed, tolerance: ComparisonTolerance(maxDiffPixels: 1)).passed)
    let capped = ComparisonTolerance(maxDiffPixels: 1, maxChannelDelta: 50)
    #expect(
      !ImageComparator.compare(expected: flat, actual: changed, tolerance: capped).passed,
      "the channel cap fails whatever the count")
  }

  @Test func rejectsOutOfRangeTolerances() {
    for tolerance in [
      ComparisonTolerance(threshold: 1.5), ComparisonTolerance(threshold: -0.1), ComparisonTolerance(maxDiffPixels: -1),
      ComparisonTolerance(maxDiffRatio: 5), ComparisonTolerance(maxChannelDelta: 256),
    ] {
      #expect(throws: WordFitError.self) { try tolerance.validate() }
    }
  }
}
