import Foundation
import WordFit
import WordFitText

/// unicode-org/text-rendering-tests: each case's text shaped by WordFit at 1000 px with the
/// case's font and variation, drawn as the suite's SVG (each glyph's unhinted outline once as a
/// `<symbol>` named by its glyph name, a `<use>` at each glyph's position as WordFit draws it),
/// compared with the expected SVG as the suite compares (numbers in paths, `viewBox`, `x` and
/// `y` within 1.0, everything else exactly, empty paths dropped). `expected-no-crash` cases
/// pass when WordFit shapes them without failing. The FreeType + HarfBuzz report's verdict on
/// the same cases is the score to reach.
struct TextRenderingSuite {
  struct Case: Decodable {
    var id: String
    var font: String
    var render: String
    var variation: String
    var kind: String
    var expected: String?
    var freeStack: Bool?
  }

  struct Data: Decodable {
    var revision: String
    var freeStackVersion: String
    var cases: [Case]
  }

  let folder: String

  func run() throws -> (score: SuiteScore, freeStack: SuiteScore) {
    let data = try JSONDecoder().decode(
      Data.self, from: Foundation.Data(contentsOf: URL(fileURLWithPath: folder + "/cases.json")))
    var score = SuiteScore(name: "text-rendering")
    var reference = SuiteScore(name: "text-rendering (FreeType + HarfBuzz report: \(data.freeStackVersion))")
    for test in data.cases {
      if test.freeStack == true { reference.pass() } else { reference.fail(test.id) }
      switch outcome(test) {
      case .passed: score.pass()
      case .failed(let why): score.fail("\(test.id): \(why)")
      }
    }
    return (score, reference)
  }

  enum Outcome {
    case passed
    case failed(String)
  }

  func outcome(_ test: Case) -> Outcome {
    let variations = Dictionary(
      test.variation.split(separator: ";").compactMap { pair -> (String, Double)? in
        let parts = pair.split(separator: ":")
        guard parts.count == 2, let value = Double(parts[1]) else { return nil }
        return (String(parts[0]), value)
      }, uniquingKeysWith: { $1 })
    let font: Font
    do {
      font = try Font(contentsOf: folder + "/fonts/" + test.font, variations: variations)
    } catch {
      return .failed("the font was refused: \(error)")
    }
    let observed = Self.svg(test.render, font: font, prefix: test.id)
    guard let expected = test.expected else { return .passed }  // expected-no-crash: it did not
    guard let want = SVGShape(expected), let got = SVGShape(observed) else {
      return .failed("an SVG could not be read")
    }
    if want.isSimilar(to: got) { return .passed }
    let problems = font.takeProblems()
    var sameGlyphs = got
    sameGlyphs.viewBox = want.viewBox
    let what =
      want.isSimilar(to: sameGlyphs)
      ? "the view box only (\(want.viewBox) expected, \(got.viewBox) drawn; glyphs and positions equal)"
      : "expected \(expected.prefix(300)) drawn \(observed.prefix(300))"
    return .failed(what + (problems.isEmpty ? "" : "; the font said: " + problems.joined(separator: "; ")))
  }

  /// The suite's SVG of `text` in `font` at 1000 px, as the suite's FreeType harness writes it.
  static func svg(_ text: String, font: Font, prefix: String) -> String {
    let size = 1000.0
    let shaped = font.shape(text, atSize: size)
    let (ascender, descender) = font.designAscenderAndDescender
    let scale = size / Double(font.unitsPerEm)
    var symbols = ""
    var names: [UInt32: String] = [:]
    for glyph in shaped.glyphs where names[glyph.index] == nil {
      let name = font.glyphName(glyph.index) ?? "gid\(glyph.index)"
      names[glyph.index] = name
      let path = font.outline(of: glyph.index, units: Int(size * 64)).map(Self.path) ?? ""
      symbols += #"<symbol id="\#(prefix).\#(name)" overflow="visible"><path d="\#(path)"/></symbol>"#
    }
    var uses = ""
    for glyph in shaped.glyphs {
      let x = (Double(glyph.x) + Double(glyph.phase) / 4).rounded()
      let href = "#" + prefix + "." + (names[glyph.index] ?? "")
      uses += "<use x=\"\(Int(x))\" y=\"\(-glyph.y)\" xlink:href=\"\(href)\"/>"
    }
    let box = [
      0, Int((Double(descender) * scale).rounded()), Int(shaped.advance.rounded()),
      Int((Double(ascender - descender) * scale).rounded()),
    ].map(String.init).joined(separator: " ")
    return #"<svg version="1.1" viewBox="\#(box)">\#(symbols)\#(uses)</svg>"#
  }

  /// An outline as the harness writes it: FreeType's 26.6 coordinates (y up) divided by 64 and
  /// truncated, a contour closed with `Z`, a line back to its start written as that `Z`.
  static func path(_ outline: GlyphOutline) -> String {
    var parts: [String] = []
    var start = (x: 0, y: 0)
    var closed = true
    let raw = { (x: Double, y: Double) in (x: Int((x * 64).rounded()), y: Int((-y * 64).rounded())) }
    let text = { (p: (x: Int, y: Int)) in "\(p.x / 64),\(p.y / 64)" }
    for command in outline.commands {
      switch command {
      case .move(let x, let y):
        if !closed { parts.append("Z") }
        start = raw(x, y)
        parts.append("M" + text(start))
      case .line(let x, let y):
        let p = raw(x, y)
        if p == start {
          parts.append("Z")
          closed = true
          continue
        }
        parts.append("L" + text(p))
      case .quadratic(let cx, let cy, let x, let y):
        parts.append("Q" + text(raw(cx, cy)) + " " + text(raw(x, y)))
      case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
        parts.append("C" + text(raw(c1x, c1y)) + " " + text(raw(c2x, c2y)) + " " + text(raw(x, y)))
      }
      closed = false
    }
    if !closed && !parts.isEmpty { parts.append("Z") }
    return parts.joined(separator: " ")
  }
}
