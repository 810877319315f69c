import Testing
import WordFitTestSupport

@testable import WordFitCore

/// Screens that are not rectangles (issue 27): each line fits the chord of the outline at its
/// rows, and the common size is still the largest on the 1/64 px grid.
@Suite struct OutlineFitterTests {
  let measurer = FakeMeasurer()

  /// Whether the point (`x`, `y`) lies in `outline`, from the shape's equation (not its spans).
  static func inside(_ outline: ContentOutline, _ x: Double, _ y: Double) -> Bool {
    let box = outline.box
    let (cx, cy) = (Double(box.minX + box.maxX) / 2, Double(box.minY + box.maxY) / 2)
    let (a, b) = (Double(box.width) / 2, Double(box.height) / 2)
    guard Swift.abs(x - cx) <= a, Swift.abs(y - cy) <= b else { return false }
    switch outline.kind {
    case .ellipse:
      return (x - cx) * (x - cx) / (a * a) + (y - cy) * (y - cy) / (b * b) <= 1 + 1e-12
    case .rounded(let radius):
      let r = Swift.min(radius, a, b)
      let dx = Swift.max(0, Swift.abs(x - cx) - (a - r))
      let dy = Swift.max(0, Swift.abs(y - cy) - (b - r))
      return dx * dx + dy * dy <= r * r + 1e-9
    }
  }

  /// The columns whose pixel squares lie inside `outline` on every row of `rows`, by testing
  /// every corner of every pixel.
  static func bruteSpan(_ outline: ContentOutline, rows: Range<Int>) -> Set<Int> {
    var columns = Set<Int>()
    for x in outline.box.minX..<outline.box.maxX {
      let inside = rows.allSatisfy { y in
        [(0.0, 0.0), (1, 0), (0, 1), (1, 1)].allSatisfy { Self.inside(outline, Double(x) + $0.0, Double(y) + $0.1) }
      }
      if inside { columns.insert(x) }
    }
    return columns
  }

  static func randomOutline(_ generator: inout SeededGenerator) -> ContentOutline {
    let width = Int.random(in: 20...300, using: &generator)
    let height = Bool.random(using: &generator) ? width : Int.random(in: 20...300, using: &generator)
    let box = PixelBox(minX: 7, minY: 3, maxX: 7 + width, maxY: 3 + height)
    let kind: ContentOutline.Kind =
      Bool.random(using: &generator) ? .ellipse : .rounded(radius: Double.random(in: 0...160, using: &generator))
    return ContentOutline(box: box, kind: kind)
  }

  @Test func spansAreExactlyThePixelsInsideTheShape() {
    var generator = SeededGenerator(seed: 27)
    for _ in 0..<300 {
      let outline = Self.randomOutline(&generator)
      let top = Int.random(in: outline.box.minY..<outline.box.maxY, using: &generator)
      let bottom = Int.random(in: (top + 1)...Swift.min(outline.box.maxY, top + 40), using: &generator)
      let span = outline.span(rows: top..<bottom)
      #expect(Set(span) == Self.bruteSpan(outline, rows: top..<bottom), "\(outline) rows \(top)..<\(bottom)")
    }
  }

  @Test func rowsOutsideTheBoxHaveNoRoom() {
    let circle = ContentOutline(box: PixelBox(minX: 0, minY: 0, maxX: 100, maxY: 100), kind: .ellipse)
    #expect(circle.span(rows: -1..<10).isEmpty)
    #expect(circle.span(rows: 90..<101).isEmpty)
    #expect(circle.span(rows: 0..<1).count < 20, "the top row of a circle is short")
    #expect(circle.span(rows: 49..<51).count == 98, "the middle rows span the diameter but its curved ends")
  }

  @Test func insetsApplyInsideTheOutline() throws {
    let inset = try #require(
      CanvasShape.circle.outline(canvasWidth: 384, canvasHeight: 384, insets: EdgeInsets(all: 8)))
    #expect(inset.box == PixelBox(minX: 8, minY: 8, maxX: 376, maxY: 376), "a circle of radius 192 − 8")
    let rounded = try #require(
      CanvasShape.rounded(radius: 40).outline(canvasWidth: 200, canvasHeight: 300, insets: EdgeInsets(all: 10)))
    #expect(rounded.kind == .rounded(radius: 30))
    #expect(
      CanvasShape.rounded(radius: 6).outline(canvasWidth: 200, canvasHeight: 300, insets: EdgeInsets(all: 10)) == nil)
    #expect(CanvasShape.rectangle.outline(canvasWidth: 200, canvasHeight: 300, insets: EdgeInsets(all: 0)) == nil)
  }

  @Test func shapesParseAndPrintTheirSpelling() throws {
    #expect(try CanvasShape.parse("circle") == .circle)
    #expect(try CanvasShape.parse("RECT") == .rectangle)
    #expect(try CanvasShape.parse("rounded:40") == .rounded(radius: 40))
    #expect(CanvasShape.rounded(radius: 40).description == "rounded:40")
    for bad in ["oval", "rounded", "rounded:", "rounded:-2", "rounded:nan", "capsule"] {
      #expect(throws: WordFitError.self, "\(bad)") { try CanvasShape.parse(bad) }
    }
  }

  /// An independent check of a word stack at `size` on `outline` (local to the available
  /// box): the stack fits down, and each line's extent fits the pixels inside the outline on
  /// every row its line box and ink cover, the block centred.
  func fitsOnOutline(_ words: [String], size: Double, width: Int, height: Int, outline: ContentOutline) -> Bool {
    let metrics = words.map { measurer.metrics(of: $0, atSize: size) }
    let lineMetrics = measurer.lineMetrics(atSize: size)
    guard metrics.allSatisfy({ $0.extentWidth <= width }) else { return false }
    let stack = VerticalStack(lines: metrics.map { (lineMetrics, $0.inkBounds) }, spacing: 0)
    guard stack.height <= height else { return false }
    let origin = (height - stack.height) / 2 - stack.top
    for (line, baseline) in zip(metrics, stack.baselines) {
      var top = baseline - Int(lineMetrics.ascender.rounded(.up))
      var bottom = baseline + Int(lineMetrics.descender.rounded(.up))
      if let ink = line.inkBounds {
        (top, bottom) = (Swift.min(top, baseline + ink.minY), Swift.max(bottom, baseline + ink.maxY))
      }
      let rows = (origin + top)..<(origin + bottom)
      guard rows.lowerBound >= 0, rows.upperBound <= height else { return false }
      if line.extentWidth > Self.bruteSpan(outline, rows: rows).count { return false }
    }
    return true
  }

  @Test func wordsOnACircleFitTheirChordsAndNoLargerSizeDoes() throws {
    var generator = SeededGenerator(seed: 2027)
    let lengths = ["a", "bb", "ccc", "dddd", "eeeee", "ffffff", "ggggggggg"]
    var narrower = 0
    for _ in 0..<60 {
      let side = Int.random(in: 120...440, using: &generator)
      let words = (0..<Int.random(in: 1...4, using: &generator)).map { _ in lengths.randomElement(using: &generator)! }
      let outline = ContentOutline(box: PixelBox(minX: 0, minY: 0, maxX: side, maxY: side), kind: .ellipse)
      var request = FitRequest(words: words, availableWidth: side, availableHeight: side, maximumSize: 200)
      let rectangle = try Fitter(measurer: measurer).fit(request)
      request.outline = outline
      let result = try Fitter(measurer: measurer).fit(request)
      guard result.limit != .minimumSize else { continue }
      #expect(result.size <= rectangle.size)
      if result.size < rectangle.size { narrower += 1 }
      #expect(
        fitsOnOutline(words, size: result.size, width: side, height: side, outline: outline), "\(words) on \(side)")
      if result.limit != .maximumSize {
        #expect(!fitsOnOutline(words, size: result.size + 1.0 / 64, width: side, height: side, outline: outline))
      }
    }
    #expect(narrower > 30, "the circle narrows most stacks")
  }

  @Test func aWrappedPhraseOnACircleHasShorterFirstAndLastLines() throws {
    let text = "The quick brown fox jumps over the lazy dog and keeps running far away"
    var request = FitRequest(words: [], availableWidth: 400, availableHeight: 400, maximumSize: 80)
    request.outline = ContentOutline(box: PixelBox(minX: 0, minY: 0, maxX: 400, maxY: 400), kind: .ellipse)
    let result = try Fitter(measurer: measurer).fitWrapped(request, segments: SpaceBreaker().segments(of: text))
    let widths = result.lines.map(\.metrics.extentWidth)
    #expect(result.lines.count >= 4)
    let middle = try #require(widths.dropFirst().dropLast().max())
    #expect(widths.first! < middle && widths.last! < middle, "\(result.lines.map(\.text))")
    // Every line inside its chord, by the independent check of the placed lines.
    let lineMetrics = measurer.lineMetrics(atSize: result.size)
    let stack = VerticalStack(lines: result.lines.map { (lineMetrics, $0.metrics.inkBounds) }, spacing: 0)
    let origin = (400 - stack.height) / 2 - stack.top
    for (line, baseline) in zip(result.lines, stack.baselines) {
      let ink = try #require(line.metrics.inkBounds)
      let top = origin + Swift.min(baseline + ink.minY, baseline - Int(lineMetrics.ascender.rounded(.up)))
      let bottom = origin + Swift.max(baseline + ink.maxY, baseline + Int(lineMetrics.descender.rounded(.up)))
      let rows = top..<bottom
      #expect(line.metrics.extentWidth <= Self.bruteSpan(request.outline!, rows: rows).count, "\(line.text)")
    }
    // One step larger does not fit: forced there, the engine reports the minimum size.
    var larger = request
    (larger.maximumSize, larger.minimumScaleFactor) = (result.size + 1.0 / 64, 1)
    let forced = try Fitter(measurer: measurer).fitWrapped(larger, segments: SpaceBreaker().segments(of: text))
    #expect(forced.limit == .minimumSize)
  }

  @Test func stackBoxesStayInsideTheCircle() throws {
    let box = PixelBox(minX: 8, minY: 8, maxX: 376, maxY: 376)
    let outline = ContentOutline(box: box, kind: .ellipse)
    for width in StackWidth.allCases {
      var request = StackRequest(
        labels: ["Reply", "Mark as read", "Dismiss"], availableBox: box, maximumSize: 90, spacing: 8,
        horizontalPadding: 12, verticalPadding: 6, width: width)
      request.outline = outline
      let layout = try StackLayout(request, measurer: measurer)
      #expect(layout.limit == .width, "\(width)")
      for placed in layout.boxes {
        let frame = placed.frame
        #expect(
          [(frame.minX, frame.minY), (frame.maxX, frame.minY), (frame.minX, frame.maxY), (frame.maxX, frame.maxY)]
            .allSatisfy { Self.inside(outline, Double($0.0), Double($0.1)) }, "\(width): \(placed.label) \(frame)")
        #expect(placed.availableWidth < box.width)
      }
      var larger = request
      (larger.maximumSize, larger.minimumScaleFactor) = (layout.size + 1.0 / 64, 1)
      #expect(try StackLayout(larger, measurer: measurer).limit == .minimumSize, "\(width)")
    }
  }

  @Test func individualSizingOnAShapeIsRefused() {
    var request = FitRequest(
      words: ["a"], availableWidth: 100, availableHeight: 100, maximumSize: 20, sizing: .individual)
    request.outline = ContentOutline(box: PixelBox(minX: 0, minY: 0, maxX: 100, maxY: 100), kind: .ellipse)
    #expect(throws: WordFitError.self) { try Fitter(measurer: measurer).fit(request) }
  }
}
