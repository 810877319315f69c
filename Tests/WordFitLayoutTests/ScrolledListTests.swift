import Foundation
import Testing
import WordFitCore
import WordFitGoldenSupport
import WordFitImage
import WordFitTestSupport

@testable import WordFitLayout

/// `stack --scroll K`: a stack drawn as a Wear OS list at K scroll positions.
struct ScrolledListTests {
  static let labels = [
    "Start a new outdoor workout", "Heart rate", "Settings", "Music", "Weather", "Alarms", "Stopwatch",
    "Find my phone",
  ]

  static func spec(_ labels: [String] = labels, canvas: String = "wear-small", positions: Int = 6) -> StackSpec {
    var spec = StackSpec(labels: labels)
    spec.fields.canvas = canvas
    spec.scroll = positions
    return spec
  }

  /// Brute force: every judged item drawn alone (no box: the plain style) on an empty screen,
  /// its label's pixels outside the round screen counted from the composited pixels, equals
  /// what the rendering reports; and every item reported inside has none.
  @Test(arguments: ["wear-small", "wear-large"])
  func inkOutsideTheCircleIsCountedFromThePixels(canvas: String) throws {
    var spec = Self.spec(canvas: canvas, positions: 9)
    spec.stylePreset = .plain
    let renderer = StackRenderer()
    let scroll = try renderer.renderScroll(spec)
    let laidOut = try renderer.layOut(spec, asList: true)
    let items = try laidOut.listItems()
    var (judged, inside) = (0, 0)
    for position in scroll.positions {
      for item in position.items where item.isJudged {
        var screen = Canvas(
          width: scroll.list.screenHeight, height: scroll.list.screenHeight, format: .rgba, background: .transparent)
        _ = items[item.placement.index].draw(item.placement, on: &screen, list: scroll.list)
        let rgba = ImageComparator.rgba(screen)
        let r = Double(screen.width) / 2
        var outside = 0
        for y in 0..<screen.height {
          for x in 0..<screen.width where rgba[(y * screen.width + x) * 4 + 3] > 0 {
            let (dx, dy) = (Double(x) + 0.5 - r, Double(y) + 0.5 - r)
            if dx * dx + dy * dy > r * r { outside += 1 }
          }
        }
        #expect(outside == item.inkOutside, "position \(position.offset), item \(item.placement.index)")
        judged += 1
        if item.inkOutside == 0 { inside += 1 }
      }
    }
    #expect(judged >= 20 && inside > 0)
  }

  /// A label as wide as the list, at a large size, is cut at the positions where it sits near
  /// the top or bottom, and named; the same list of short labels is not.
  @Test func aWideLabelNearTheEdgeIsNamedAndShortOnesAreNot() throws {
    var spec = Self.spec(["Battery saver and power options", "A", "B", "C", "D", "E", "F"], positions: 5)
    spec.width = .fill
    spec.fields.maxSize = 40
    let scroll = try StackRenderer().renderScroll(spec)
    let cut = scroll.cutLabels
    #expect(cut.map(\.index) == [0], "\(cut)")
    #expect(cut.first?.positions == [1])  // near the top, wholly on the screen, scaled to 0.8
    let short = try StackRenderer().renderScroll(Self.spec(["A", "B", "C", "D", "E", "F", "G"], positions: 5))
    #expect(short.cutLabels.isEmpty)
    // Under Reduce Motion nothing scales, so a cut label stays cut.
    spec.reduceMotion = true
    let still = try StackRenderer().renderScroll(spec)
    #expect(still.transformation.isIdentity && still.cutLabels.map(\.index) == [0])
    #expect(still.positions.allSatisfy { $0.items.allSatisfy { $0.placement.state.scale == 1 } })
  }

  /// The strip: K screens side by side, transparent between; the labels fitted to the width
  /// (larger than the same stack on one screen, whose height limits it); the golden.
  @Test func theStripIsTheListAtEachPosition() throws {
    let scroll = try StackRenderer().renderScroll(Self.spec())
    #expect(scroll.canvas.width == 6 * 384 + 5 * EdgeButtonStrip.gap && scroll.canvas.height == 384)
    #expect(scroll.positions.map(\.offset).first == 0 && scroll.positions.last?.offset == scroll.list.scrollRange)
    var flat = Self.spec()
    flat.scroll = nil
    let onOneScreen = try StackRenderer().render(flat)
    #expect(scroll.stack.layout.size > onOneScreen.layout.size)
    let rgba = ImageComparator.rgba(scroll.canvas)
    #expect(rgba[(100 * scroll.canvas.width + 384 + 4) * 4 + 3] == 0)
    try assertGolden(scroll, golden: TestPaths.fixtures + "/stack/scroll-wear-small.png")
  }

  @Test func whatAScrolledListCannotBeIsRefused() throws {
    var onA45mm = Self.spec()
    onA45mm.fields.canvas = "45mm"
    #expect(throws: WordFitError.self) { try StackRenderer().renderScroll(onA45mm) }
    var stillAlone = StackSpec(labels: ["A"])
    stillAlone.reduceMotion = true
    #expect(throws: WordFitError.self) { try stillAlone.validated() }
    #expect(throws: WordFitError.self) { try Self.spec(positions: 0).validated() }
    #expect(throws: WordFitError.self) { try Self.spec(positions: ScrollRendering.maximumPositions + 1).validated() }
    #expect(throws: WordFitError.self) {
      try Self.spec((0...ScrollRendering.maximumItems).map { "L\($0)" }).validated()
    }
    // A strip over the side limit, refused before anything is drawn.
    var wide = Self.spec(positions: 24)
    (wide.fields.canvas, wide.fields.shape) = ("2000x2000", .circle)
    let error = try #require(throws: WordFitError.self) { try StackRenderer().renderScroll(wide) }
    #expect(error.message.contains("px wide"))
    // A list that does not scroll says so.
    let few = try StackRenderer().renderScroll(Self.spec(["A", "B"], positions: 3))
    #expect(few.warnings.contains { $0.contains("does not scroll") })
  }
}

extension ScrolledListTests {
  /// A spec with scroll positions is its list wherever specs are rendered (`wordfit check`),
  /// and refused where a stack is drawn on one screen (preview cells, an SVG), never drawn
  /// silently without them.
  @Test func aScrolledSpecIsTheListOrRefusedNeverDroppedSilently() throws {
    let rendered = try LayoutRenderer().render(.stack(Self.spec(positions: 2)))
    #expect(rendered is ScrollRendering && rendered.canvas.width == 2 * 384 + EdgeButtonStrip.gap)
    let error = try #require(throws: WordFitError.self) { try StackRenderer().render(Self.spec()) }
    #expect(error.kind == .usage && error.message.contains("scroll"))
    #expect(throws: WordFitError.self) { try LayoutRenderer().renderDrawn(.stack(Self.spec())) }
  }
}
