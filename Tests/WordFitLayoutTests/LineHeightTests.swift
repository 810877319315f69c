import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitLayout
@testable import WordFitText

/// Line height and leading as SwiftUI 26 defines them (issue 58 item 1): consecutive baselines
/// exactly the line height apart, the glyphs centred in a constant box, and the fit still
/// exactly maximal, on every Apple Watch canvas with the default font.
@Suite struct LineHeightTests {
  /// The line heights tried, in turn, and the box height each gives at `size` px for a font
  /// whose own line height there is `natural`, on a watch canvas (2 px a point).
  static let heights: [(text: String, leading: FontLeading, height: @Sendable (Double, Double) -> Double)] = [
    ("multiple:1.3", .standard, { size, _ in size * 1.3 }),
    ("exact:24", .standard, { _, _ in 48 }),
    ("leading:3", .standard, { size, _ in size + 6 }),
    ("tight", .standard, { size, _ in size }),
    ("variable", .loose, { _, natural in natural + 2 }),
    ("multiple:0.9", .standard, { size, _ in size * 0.9 }),
    ("variable", .tight, { _, natural in natural - 2 }),
  ]

  /// Texts of 2 to 9 words drawn from the balance phrases' words; `WORDFIT_LINE_HEIGHT_TEXTS`
  /// asks for more (the issue's 1,000 runs this way, not in CI).
  static func texts() throws -> [String] {
    let phrases = try String(contentsOfFile: TestPaths.fixtures + "/balance/phrases.txt", encoding: .utf8)
    let words = phrases.split(separator: "\n").filter { !$0.hasPrefix("#") }.flatMap { $0.split(separator: " ") }
    let count = ProcessInfo.processInfo.environment["WORDFIT_LINE_HEIGHT_TEXTS"].flatMap(Int.init) ?? 14
    var generator = SeededGenerator(seed: 58)
    return (0..<count).map { _ in
      (0..<Int.random(in: 2...9, using: &generator)).map { _ in String(words.randomElement(using: &generator)!) }
        .joined(separator: " ")
    }
  }

  @Test func baselinesAreTheLineHeightApartAndFitsStayMaximal() throws {
    let renderer = WordStackRenderer()
    var (cases, checkedMaximal) = (0, 0)
    for (index, text) in try Self.texts().enumerated() {
      for canvas in WatchCanvas.all {
        let asked = Self.heights[(index + cases) % Self.heights.count]
        var spec = RenderSpec(text: text)
        // Above the text style's size, so the width or the height decides most fits.
        (spec.canvas, spec.layout, spec.maxSize) = (canvas.name, .wrap, 150)
        (spec.fields.lineHeight, spec.fields.leading) = (try LineHeight(parsing: asked.text), asked.leading)
        let laidOut = try renderer.layOut(spec)
        let (fit, lines) = (laidOut.layout.fit, laidOut.layout.lines)
        let metrics = laidOut.cascade.lineMetrics(atSize: fit.size)
        let height = asked.height(fit.size, metrics.lineHeight)
        let label = "\(text) on \(canvas.name) at \(asked.text) \(asked.leading)"
        for (upper, lower) in zip(lines, lines.dropFirst()) {
          #expect(abs(lower.lineBoxTop - upper.lineBoxTop - height) < 1.0 / 64, "\(label): gap")
          #expect(abs(Double(lower.origin.y - upper.origin.y) - height) <= 1, "\(label): drawn gap")
        }
        // Rounded as at the size cut to 1/100 px (Blink's EffectiveFontSize).
        let keyed = (fit.size * 100).rounded(.down) / 100 / fit.size
        let (ascent, descent) = ((metrics.ascender * keyed).rounded(), (metrics.descender * keyed).rounded())
        let baseline =
          asked.leading == .standard ? ascent + ((height - ascent - descent) / 2).rounded(.down) : metrics.ascender
        #expect(abs(lines[0].lineBoxBaseline - baseline) < 1.0 / 64, "\(label): baseline in its box")
        if let ink = laidOut.layout.inkBounds {
          #expect(laidOut.layout.availableBox.contains(ink), "\(label): ink \(ink)")
        }
        cases += 1
        guard [.width, .height, .lineLimit].contains(fit.limit) else { continue }
        var larger = spec
        (larger.maxSize, larger.minScale, larger.overlongWords) = (fit.size + 1.0 / 64, 1, .shrink)
        #expect(try renderer.layOut(larger).layout.fit.limit == .minimumSize, "\(label): \(fit.size) + 1/64 fits")
        checkedMaximal += 1
      }
    }
    #expect(cases >= 140 && checkedMaximal >= cases / 2, "\(cases) cases, \(checkedMaximal) at their limit")
  }

  /// The two first baselines Chromium put a pixel higher: the default font's ascent at
  /// 51.359375 px is 49.5036 px, but Blink measures the font at 51.35 px (49.4946 px: 49).
  @Test func theAscentIsRoundedAtTheSizeChromiumMeasuresTheFontAt() {
    let (size, unitsPerEm) = (51.359375, 2048.0)
    let metrics = LineMetrics(
      ascender: 1974 * size / unitsPerEm, descender: 502 * size / unitsPerEm, lineGap: 0, capHeight: 0)
    let boxed = metrics.boxed(.constant(factor: 1, pixels: 0), atSize: size)
    // 49 + ⌊(51.359375 − 49 − 13) / 2⌋ = 43; at the exact size 50 + ⌊(51.359375 − 63) / 2⌋ = 44.
    #expect(boxed.ascender == 43)
    #expect(boxed.lineHeight == size)
    let larger = LineMetrics(ascender: 1974 * 51.375 / unitsPerEm, descender: 502 * 51.375 / unitsPerEm, lineGap: 0)
    let above = larger.boxed(.constant(factor: 1, pixels: 0), atSize: 51.375)
    #expect(above.ascender == 44, "49.519 px, 49.514 px at 51.37 px: 50")
  }

  @Test func aLargerLineHeightNeverFitsTheTextLarger() throws {
    let renderer = WordStackRenderer()
    var spec = RenderSpec(text: "Close your activity rings before the day is over")
    (spec.canvas, spec.layout) = ("41mm", .wrap)
    var sizes: [Double] = []
    for factor in [0.8, 1.0, 1.2, 1.5, 2.0] {
      spec.fields.lineHeight = .multiple(factor)
      sizes.append(try renderer.layOut(spec).layout.fit.size)
    }
    #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 >= $1 }, "\(sizes)")
    #expect(sizes[0] > sizes[4], "the line height decides the size: \(sizes)")
  }

  @Test func linesThatTouchAreNamed() throws {
    var spec = RenderSpec(text: "Aimee Bethany Charles Dupont")
    (spec.canvas, spec.layout) = ("45mm", .wrap)
    spec.fields.lineHeight = .exact(points: 20)
    let warnings = try WordStackRenderer().render(spec).warnings
    #expect(warnings.contains { $0.hasPrefix("the ink of lines \"Aimee\" and \"Bethany\"") }, "\(warnings)")
    spec.fields.lineHeight = .multiple(1.3)
    #expect(try WordStackRenderer().render(spec).warnings.allSatisfy { !$0.contains("the ink of lines") })
    // Capitals have no descenders: 0.8 of the size keeps them apart.
    spec.text = "AIMEE BETHANY"
    spec.fields.lineHeight = .multiple(0.8)
    #expect(try WordStackRenderer().render(spec).warnings.allSatisfy { !$0.contains("the ink of lines") })
  }

  @Test func theWordsAndTheirLimits() throws {
    #expect(try LineHeight(parsing: "multiple:1.25") == .multiple(1.25))
    #expect(try LineHeight(parsing: "Leading:-2") == .leading(points: -2))
    #expect(try LineHeight(parsing: "exact:18.5") == .exact(points: 18.5))
    #expect(try LineHeight(parsing: "loose") == .named(.loose))
    #expect(try LineHeight(parsing: "variable") == .variable)
    for bad in [
      "multiple:0", "multiple:11", "exact:0", "exact:-3", "leading:1001", "multiple:", "1.2", "wide", "exact:nan",
    ] {
      #expect(throws: WordFitError.self, "\(bad)") { try LineHeight(parsing: bad) }
    }
    let decoded = try JSONDecoder().decode([LineHeight].self, from: Data(#"[1.5, "exact:20", "tight"]"#.utf8))
    #expect(decoded == [.multiple(1.5), .exact(points: 20), .named(.tight)])
    #expect(throws: DecodingError.self) { try JSONDecoder().decode([LineHeight].self, from: Data("[0]".utf8)) }
    #expect(FontLeading.loose.points(isWatch: true) == 1 && FontLeading.tight.points(isWatch: false) == -2)
    var fields = LayoutFields.words
    (fields.lineHeight, fields.leading) = (.exact(points: 20), .loose)
    #expect(throws: WordFitError.self) { try fields.resolved() }
    fields.canvas = "400x300"
    (fields.lineHeight, fields.leading) = (.variable, .loose)
    #expect(try fields.resolved().lineBox == .fontMetrics(gap: 2), "2 points on a canvas that is not a watch")
    fields.canvas = "45mm"
    #expect(try fields.resolved().lineBox == .fontMetrics(gap: 2), "1 point, 2 px, on an Apple Watch")
    fields.lineHeight = .leading(points: 2)
    fields.leading = .standard
    #expect(try fields.resolved().lineBox == .constant(factor: 1, pixels: 4))
  }
}
