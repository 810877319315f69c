import Testing

@testable import WordFitCore

/// Wear OS's list transformation (`ResponsiveTransformationSpec` with its defaults) and the
/// placement measured from the item under the screen's centre. `scripts/list-scroll-port.py`
/// compares every value with an independent port; these pin the definitions' landmarks.
struct ListTransformationTests {
  @Test func theEasingIsComposesCubicAndPassesValuesOutsideTheCurve() {
    #expect(ListTransformation.easing(0) == 0 && ListTransformation.easing(1) == 1)
    #expect(abs(ListTransformation.easing(0.5) - 0.5) < 1e-9)  // symmetric control points
    #expect(ListTransformation.easing(-0.25) == -0.25 && ListTransformation.easing(1.5) == 1.5)
    var last = 0.0
    for step in 1...100 {
      let value = ListTransformation.easing(Double(step) / 100)
      #expect(value >= last)
      last = value
    }
    // Slow at both ends (ease in and out): below the diagonal before the middle.
    #expect(ListTransformation.easing(0.2) < 0.2 && ListTransformation.easing(0.8) > 0.8)
  }

  @Test func screenSizesBetweenTheTwoDefaultsInterpolate() {
    #expect(ListTransformation.forScreen(heightInDP: 150, reduceMotion: false) == .smallScreen)
    #expect(ListTransformation.forScreen(heightInDP: 192, reduceMotion: false) == .smallScreen)
    #expect(ListTransformation.forScreen(heightInDP: 300, reduceMotion: false) == .largeScreen)
    let middle = ListTransformation.forScreen(heightInDP: 216, reduceMotion: false)
    #expect(abs(middle.edgeScale - 0.65) < 1e-12 && abs(middle.minimumTransitionArea - 0.375) < 1e-12)
    #expect(abs(middle.maximumElementHeight - 0.525) < 1e-12)
    #expect(ListTransformation.forScreen(heightInDP: 216, reduceMotion: true) == .identity)
  }

  @Test func anItemInTheMiddleIsUntouchedAndOneAtTheEdgeTakesTheEdgeValues() {
    let spec = ListTransformation.largeScreen
    let middle = spec.state(top: 180, height: 60, screenHeight: 454)
    #expect(middle == ListTransformation.State(scale: 1, containerAlpha: 1, contentAlpha: 1, transformedHeight: 60))
    // Its bottom at the screen's top edge: the edge values; its top at the bottom edge likewise.
    let top = spec.state(top: -60, height: 60, screenHeight: 454)
    #expect(top.scale == 0.6 && top.contentAlpha == 0.5 && top.transformedHeight == 36)
    let bottom = spec.state(top: 454, height: 60, screenHeight: 454)
    #expect(bottom.scale == 0.6 && bottom.containerAlpha == 0.5)
    // Halfway through the top transition area (60 px of 454 is under the 15% minimum height,
    // so the area is 40% of the screen): half the easing, which is 0.5 at 0.5.
    let half = spec.state(top: Int(0.2 * 454) - 60, height: 60, screenHeight: 454)
    #expect(abs(half.scale - 0.8) < 0.01)
    #expect(ListTransformation.identity.state(top: -60, height: 60, screenHeight: 454).scale == 1)
  }

  @Test func itemsAreMeasuredOutwardFromTheOneUnderTheCentre() {
    let list = ListScroll.List(heights: Array(repeating: 60, count: 10), spacing: 8, padding: 46, screenHeight: 454)
    #expect(list.scrollRange == 2 * 46 + 600 + 72 - 454)
    #expect(list.offsets(count: 3) == [0, 155, 310] && list.offsets(count: 1) == [0])
    let scroll = ListScroll(list, offset: 155, transformation: .largeScreen)
    #expect(scroll.placements.map(\.index) == Array(0..<10))
    // The anchor, the last slot starting above the centre (item 4 at 46 + 4 × 68 − 155 = 163),
    // keeps its slot; the items below follow each one's transformed height.
    #expect(scroll.placements[4].top == 163 && scroll.placements[5].top == 163 + 60 + 8)
    for (upper, lower) in zip(scroll.placements, scroll.placements.dropFirst()) {
      #expect(lower.top == upper.top + upper.state.transformedHeight + 8)
    }
    // Under Reduce Motion every item keeps its slot.
    let still = ListScroll(list, offset: 155, transformation: .identity)
    #expect(still.placements.map(\.top) == (0..<10).map { 46 + $0 * 68 - 155 })
    #expect(
      still.placements.map(\.isOnScreen) == (0..<10).map { 46 + $0 * 68 - 155 + 60 > 0 && 46 + $0 * 68 - 155 < 454 })
  }
}
