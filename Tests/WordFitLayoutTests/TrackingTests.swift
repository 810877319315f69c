import Foundation
import Testing
import WordFitGoldenSupport
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitLayout
@testable import WordFitText

/// Tracking (issue 41): a font's `trak` table read and applied by point size, Apple's SF Compact
/// table for the system font's stand-in on an Apple Watch, fixed `--tracking` and `--kerning`;
/// what is measured is what is drawn, and the fit stays exactly maximal.
@Suite struct TrackingTests {
  init() { _ = TestPaths.packageRoot }

  /// Made by `scripts/make-trak-font.py`: the normal track 9 pt +60, 12 pt +30, 24 pt 0,
  /// 48 pt −40 FUnits of a 1000-unit em, and a +1 track to ignore.
  static let trakFont = TestPaths.fixtures + "/tracking/NotoSans-trak.ttf"
  static let plainFont = TestPaths.fixtures + "/fonts/NotoSans-Regular-subset.ttf"

  /// The table written into the font, interpolated here by hand (not by `TrackingTable`).
  static func expectedPerEm(atPoints points: Double) -> Double {
    let table: [(Double, Double)] = [(9, 60), (12, 30), (24, 0), (48, -40)]
    if points <= 9 { return 0.060 }
    if points >= 48 { return -0.040 }
    let upper = table.firstIndex { $0.0 >= points } ?? 3
    let (a, b) = (table[upper - 1], table[upper])
    return (a.1 + (b.1 - a.1) * (points - a.0) / (b.0 - a.0)) / 1000
  }

  @Test func theNormalTrackOfATrakTableIsRead() throws {
    let table = try #require(try Font(contentsOf: Self.trakFont).trackingTable(pixelsPerPoint: 2))
    #expect(table.entries.map(\.points) == [9, 12, 24, 48])
    #expect(table.entries.map(\.perEm) == [0.06, 0.03, 0, -0.04], "the +1 track is ignored")
    #expect(table.source == "trak" && table.pixelsPerPoint == 2)
    #expect(try Font(contentsOf: Self.plainFont).trackingTable(pixelsPerPoint: 1) == nil)
    // A malformed table is no table, never a crash: every offset is checked.
    var bytes = [UInt8](repeating: 0, count: 20)
    bytes[7] = 12  // horizontal data at 12, pointing past the end
    bytes[12] = 0xFF
    bytes[13] = 0xFF
    #expect(Font.normalTrack(in: bytes, unitsPerEm: 1000) == nil)
  }

  /// Each tracked line's advance is the untracked advance plus (clusters − 1) × the table's
  /// tracking at its point size (to 1/64 px), and its glyphs move with their clusters.
  @Test func trackedLinesEqualAnIndependentComputation() throws {
    let font = try Font(contentsOf: Self.trakFont)
    let cascade = FontCascade(primary: font, fallback: .none)
    let table = try #require(font.trackingTable(pixelsPerPoint: 2))
    let measurer = TextMeasurer(cascade: cascade, tracking: .table(table, extraPixels: 0))
    for word in ["Bethany", "AVA", "office", "Wi-Fi", "Zürich"] {
      for size in [10.0, 18.5, 24, 37.25, 60, 80, 120] {
        let plain = cascade.shape(word, atSize: size)
        let tracked = measurer.shape(word, atSize: size)
        let step = (Self.expectedPerEm(atPoints: size / 2) * size * 64).rounded() / 64
        let gaps = Double(plain.clusterCount - 1)
        #expect(tracked.advance == plain.advance + gaps * step, "\(word) at \(size) px")
        #expect(measurer.metrics(of: word, atSize: size).advance == tracked.advance, "measured as drawn")
        #expect(tracked.glyphs.first?.x == plain.glyphs.first?.x, "the first cluster does not move")
        let lastShift = Double(tracked.glyphs.last!.x - plain.glyphs.last!.x)
        #expect(abs(lastShift - gaps * step) <= 1, "\(word) at \(size) px: the last glyph moved \(lastShift)")
      }
    }
  }

  /// A width-limited fit with `--tracking auto` on the trak font is exactly maximal: the
  /// limiting word fits at its size and not 1/64 px larger, under the same tracking.
  @Test func theTrackedFitIsExactlyMaximal() throws {
    for tracking in [TrackingMode.auto, .pixels(3), .pixels(-2)] {
      var spec = RenderSpec(text: "Bethany Charles")
      (spec.font, spec.canvas, spec.maxSize, spec.tracking) = (Self.trakFont, "200x300", 400, tracking)
      let rendering = try WordStackRenderer().render(spec)
      let fit = rendering.layout.fit
      #expect(fit.limit == .width, "\(tracking)")
      let font = try Font(contentsOf: Self.trakFont)
      let measurer = TextMeasurer(cascade: FontCascade(primary: font, fallback: .none), tracking: rendering.tracking)
      let word = try #require(fit.limitingWordIndex.map { fit.lines[$0].text })
      let width = rendering.layout.lines[0].availableWidth
      #expect(measurer.metrics(of: word, atSize: fit.size).extentWidth <= width, "\(tracking)")
      #expect(measurer.metrics(of: word, atSize: fit.size + 1.0 / 64).extentWidth > width, "\(tracking)")
    }
  }

  /// The system font's stand-in on an Apple Watch takes Apple's SF Compact table with `auto`;
  /// at largeTitle sizes that is negative, so the seed fits larger, by what the table predicts.
  @Test func theStandInOnAnAppleWatchTakesSFCompactsTable() throws {
    var spec = RenderSpec(text: "Aimée Bethany Charles")
    (spec.canvas, spec.maxSize) = ("45mm", 200)
    let plain = try WordStackRenderer().render(spec)
    spec.tracking = .auto
    let tracked = try WordStackRenderer().render(spec)
    guard case .table(let table, _) = tracked.tracking else {
      Issue.record("auto on 45mm with the stand-in: \(tracked.tracking)")
      return
    }
    #expect(table.source.hasPrefix("SF Compact") && table.pixelsPerPoint == 2)
    let (s0, s1) = (plain.layout.fit.size, tracked.layout.fit.size)
    #expect(s1 > s0, "\(s0) → \(s1)")
    // "Bethany" (7 clusters) limits both: s0·u = s1·(u + 6k), u its em advance, k the table at s1.
    let unit = plain.layout.lines[1].advance / s0
    let k = TrackingTable.sfCompact(pixelsPerPoint: 2).perEm(atPoints: s1 / 2)
    let predicted = s0 * unit / (unit + 6 * k)
    #expect(abs(s1 - predicted) / predicted < 0.01, "\(s1) against the predicted \(predicted)")
    try assertGolden(tracked, golden: TestPaths.fixtures + "/tracking/seed-45mm-auto.png")
    // A Wear OS watch's stand-in is Roboto's, which CoreText does not set: no tracking.
    spec.canvas = "wear-large"
    #expect(try WordStackRenderer().render(spec).tracking == .none)
    // --kerning adds to it.
    spec.kerning = 1.5
    #expect(try WordStackRenderer().render(spec).tracking == .pixels(1.5))
  }

  @Test func specKeysAndValuesAreChecked() throws {
    let spec = try JSONDecoder().decode(
      RenderSpec.self, from: Data(#"{"text": "Ada", "tracking": "auto", "kerning": -0.5}"#.utf8))
    #expect(spec.tracking == .auto && spec.kerning == -0.5)
    let fixed = try JSONDecoder().decode(RenderSpec.self, from: Data(#"{"text": "Ada", "tracking": 2.25}"#.utf8))
    #expect(fixed.tracking == .pixels(2.25))
    for bad in [#"{"text": "Ada", "tracking": "wide"}"#, #"{"text": "Ada", "tracking": 1000}"#] {
      #expect(throws: (any Error).self) { _ = try JSONDecoder().decode(RenderSpec.self, from: Data(bad.utf8)) }
    }
    #expect(throws: WordFitError.self) { _ = try TrackingMode(parsing: "nan") }
    var spec2 = RenderSpec(text: "Ada")
    spec2.kerning = 500
    #expect(throws: WordFitError.self) { _ = try spec2.validated() }
  }

  /// A stack takes tightening too: a larger common size, every label's ink inside its box, and a
  /// label that fits untightened keeps its spacing (one line per label, and wrapped).
  @Test func aStackTightensOnlyTheLabelsThatNeedIt() throws {
    for wraps in [false, true] {
      var spec = StackSpec(labels: ["Start workout", "Batterieoptimierung", "OK"])
      (spec.canvas, spec.font, spec.maxSize) = ("45mm", Self.plainFont, 200)
      if wraps { (spec.layout, spec.lineLimit) = (.wrap, 2) }
      let plain = try StackRenderer().render(spec)
      spec.tightening = 0.06
      let tightened = try StackRenderer().render(spec)
      #expect(tightened.layout.size > plain.layout.size, "\(plain.layout.size) → \(tightened.layout.size)")
      for box in tightened.layout.boxes {
        let ink = try #require(box.inkBounds)
        #expect(ink.minX >= box.frame.minX && ink.maxX <= box.frame.maxX, "\(box.label): \(ink) in \(box.frame)")
      }
      let cascade = FontCascade(primary: try Font(contentsOf: Self.plainFont), fallback: .none)
      let size = tightened.layout.size
      let ok = try #require(tightened.layout.boxes.last)
      #expect(ok.idealWidth == cascade.metrics(of: "OK", atSize: size).extentWidth, "OK keeps its spacing")
      let long = tightened.layout.boxes[1]
      #expect(long.idealWidth < cascade.metrics(of: "Batterieoptimierung", atSize: size).extentWidth, "wraps: \(wraps)")
    }
  }

  /// A stack's titles are tracked too: wider tracking, a smaller common size.
  @Test func aStacksTitlesAreTracked() throws {
    var spec = StackSpec(labels: ["Start workout", "Batterieoptimierung"])
    spec.canvas = "45mm"
    let plain = try StackRenderer().render(spec)
    spec.tracking = .pixels(4)
    let tracked = try StackRenderer().render(spec)
    #expect(tracked.layout.size < plain.layout.size, "\(plain.layout.size) → \(tracked.layout.size)")
  }

  /// `--tightening F` (issue 41): the size is the largest at which every line fits tightened by at
  /// most F of the em (1/64 px more does not fit even fully tightened); each line tightens only as
  /// much as it needs (1/64 px less tightening would not fit) and never more than F.
  @Test func tighteningIsMaximalUnderItsLimitAndNeverTighterThanAsked() throws {
    let cascade = FontCascade(primary: try Font(contentsOf: Self.plainFont), fallback: .none)
    for (text, layout, tightening) in [
      ("Aimée Bethany Charles", LayoutKind.words, 0.03), ("Aimée Bethany Charles", .words, 0.08),
      ("Batterieoptimierung aktivieren", .wrap, 0.05),
    ] {
      var spec = RenderSpec(text: text)
      (spec.font, spec.canvas, spec.maxSize, spec.layout) = (Self.plainFont, "200x300", 400, layout)
      let plain = try WordStackRenderer().render(spec)
      spec.tightening = tightening
      let rendering = try WordStackRenderer().render(spec)
      let fit = rendering.layout.fit
      #expect(fit.size > plain.layout.fit.size, "\(text) at \(tightening): \(plain.layout.fit.size) → \(fit.size)")
      let width = { (text: String, size: Double, units: Int) in
        cascade.metrics(of: text, atSize: size, tracking: Double(units) / 64).extentWidth
      }
      for (index, line) in rendering.layout.lines.enumerated() {
        let used = Int(rendering.lineTracking[index] * 64)
        let limit = FontCascade.trackingUnits(-tightening * line.size)
        #expect(used <= 0 && used >= limit, "\(line.text): \(used) /64 px, the limit \(limit)")
        #expect(width(line.text, line.size, used) <= line.availableWidth, "\(line.text) fits as drawn")
        if used < 0 {
          #expect(width(line.text, line.size, used + 1) > line.availableWidth, "\(line.text) tightens only as needed")
        }
      }
      #expect(rendering.lineTracking.contains { $0 < 0 } && rendering.lineTracking.contains(0), "\(text)")
      guard layout == .words, let limiting = fit.limitingWordIndex else { continue }
      let line = rendering.layout.lines[limiting]
      let next = fit.size + 1.0 / 64
      #expect(
        width(line.text, next, FontCascade.trackingUnits(-tightening * next)) > line.availableWidth,
        "\(text): 1/64 px larger still fits fully tightened")
    }
    var bad = RenderSpec(text: "Ada")
    bad.tightening = 0.6
    #expect(throws: WordFitError.self) { _ = try bad.validated() }
  }
}
