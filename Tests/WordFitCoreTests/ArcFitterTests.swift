import Foundation
import Testing

@testable import WordFitCore

/// Curved text (issue 41): one line along the top or bottom of a round screen, at the largest
/// size whose advance takes at most the sweep, every glyph box inside the circle.
@Suite struct ArcFitterTests {
  /// Every character 0.6 em wide, its ink box 0.5 em wide and 0.7 em tall on the baseline; "Å"
  /// reaches 1.1 em, over the 0.9 em ascender; "…" is one narrow glyph.
  struct ArcFake: ArcMeasuring {
    func arcLine(of text: String, atSize size: Double) throws -> ArcLine {
      var glyphs: [ArcLine.Glyph] = []
      var pen = 0.0
      for character in text {
        let width = character == "…" ? 0.8 : 0.6
        if !character.isWhitespace {
          let top = character == "Å" ? 1.1 : 0.7
          glyphs.append(
            ArcLine.Glyph(
              pivot: (pen + width / 2) * size, left: -0.25 * size, right: 0.25 * size, top: top * size, bottom: 0))
        }
        pen += width
      }
      return ArcLine(advance: pen * size, ascender: 0.9 * size, descender: 0.25 * size, glyphs: glyphs)
    }
  }

  static let frame = ArcFrame(centreX: 200, centreY: 200, radius: 190, sweep: 70 * .pi / 180, side: .top)

  /// The distance from the frame's centre of every corner of every glyph box as drawn.
  static func cornerDistances(_ line: ArcLine, on frame: ArcFrame) throws -> [Double] {
    let baseline = try #require(frame.baselineRadius(of: line))
    return line.glyphs.flatMap { glyph in
      [(glyph.left, glyph.top), (glyph.right, glyph.top), (glyph.left, glyph.bottom), (glyph.right, glyph.bottom)].map {
        let point = frame.penOrigin(
          pen: glyph.pivot + $0.0, drop: -$0.1, pivot: glyph.pivot, advance: line.advance, baseline: baseline)
        return hypot(point.x - frame.centreX, point.y - frame.centreY)
      }
    }
  }

  @Test(arguments: [ArcSide.top, .bottom], ["Value exponentially increasing", "Hi", "ÅÅÅ wide", "12:45"])
  func theSizeIsTheLargestWhoseAdvanceTakesTheSweep(side: ArcSide, text: String) throws {
    var frame = Self.frame
    frame.side = side
    let fit = try ArcFitter(measurer: ArcFake()).fit(
      text, on: frame, maximumSize: 400, minimumSize: 4, overflow: .fail)
    #expect(fit.text == text && fit.limit == .width)
    let line = try ArcFake().arcLine(of: text, atSize: fit.size)
    let baseline = try #require(frame.baselineRadius(of: line))
    #expect(line.advance / baseline <= frame.sweep)
    let larger = try ArcFake().arcLine(of: text, atSize: fit.size + 1.0 / 64)
    #expect(frame.overflow(of: larger) == .width, "1/64 px more does not fit")
    // Every corner of every box, turned with the arc, stays inside the circle less the allowance.
    for distance in try Self.cornerDistances(line, on: frame) {
      #expect(distance <= frame.radius - ArcFrame.inkAllowance + 1e-9)
    }
  }

  @Test func theBaselineFollowsTheFontAndSinksForAnAccentAboveIt() throws {
    let plain = try ArcFake().arcLine(of: "Hi", atSize: 20)
    #expect(Self.frame.baselineRadius(of: plain) == 190 - ArcFrame.inkAllowance - 18, "the ascender touches")
    let accented = try ArcFake().arcLine(of: "Åi", atSize: 20)
    let sunk = try #require(Self.frame.baselineRadius(of: accented))
    // Å's box (±5 px, 22 px tall) turned with the arc: its outer corners touch the circle.
    let outer = 190 - ArcFrame.inkAllowance
    #expect(abs((sunk + 22) * (sunk + 22) + 25 - outer * outer) < 1e-6)
    var bottom = Self.frame
    bottom.side = .bottom
    #expect(bottom.baselineRadius(of: plain) == 190 - ArcFrame.inkAllowance - 5, "the descender touches")
  }

  @Test func placesAreOnTheArcCentredAndTurnedWithIt() {
    let frame = Self.frame
    // The middle of a 100 px line sits at the top of the circle, upright.
    let middle = frame.place(along: 50, above: 0, advance: 100, baseline: 150)
    #expect(abs(middle.x - 200) < 1e-9 && abs(middle.y - 50) < 1e-9 && middle.angle == 0)
    // Its start is 50 px of arc to the left, turned counter-clockwise by 1/3 rad.
    let start = frame.place(along: 0, above: 0, advance: 100, baseline: 150)
    #expect(abs(start.angle + 1.0 / 3) < 1e-12)
    #expect(abs(hypot(start.x - 200, start.y - 200) - 150) < 1e-9 && start.x < 200)
    var bottom = frame
    bottom.side = .bottom
    let low = bottom.place(along: 0, above: 0, advance: 100, baseline: 150)
    #expect(low.x < 200 && low.y > 200 && abs(low.angle - 1.0 / 3) < 1e-12, "reads left to right, upright")
  }

  @Test func belowTheMinimumTheTextIsTruncatedClippedOrRefused() throws {
    let text = String(repeating: "Long words ", count: 12) + "end"
    let fitter = ArcFitter(measurer: ArcFake())
    let truncated = try fitter.fit(text, on: Self.frame, maximumSize: 40, minimumSize: 20, overflow: .truncate)
    #expect(truncated.size == 20 && truncated.limit == .minimumSize && truncated.text.hasSuffix("…"))
    #expect(Self.frame.overflow(of: truncated.line) == nil)
    // The next longer candidate: through the next character that is not a space (a space at
    // the end is trimmed before the "…").
    let characters = Array(text)
    var next = truncated.text.dropLast().count
    while characters[next].isWhitespace { next += 1 }
    let longer = String(characters[...next]) + "…"
    #expect(Self.frame.overflow(of: try ArcFake().arcLine(of: longer, atSize: 20)) != nil, "the most characters")
    let clipped = try fitter.fit(text, on: Self.frame, maximumSize: 40, minimumSize: 20, overflow: .clip)
    #expect(clipped.text == text && clipped.limit == .minimumSize)
    #expect(throws: WordFitError.self) {
      try fitter.fit(text, on: Self.frame, maximumSize: 40, minimumSize: 20, overflow: .fail)
    }
  }

  @Test func roomEnoughStopsAtTheMaximumSizeAndARingPastTheCentreFails() throws {
    let fit = try ArcFitter(measurer: ArcFake()).fit(
      "Hi", on: Self.frame, maximumSize: 12, minimumSize: 1, overflow: .fail)
    #expect(fit.size == 12 && fit.limit == .maximumSize)
    var wide = Self.frame
    wide.sweep = .pi
    // 120 px of ascender and descender on a 190 px circle: the ring passes the centre.
    #expect(wide.overflow(of: try ArcFake().arcLine(of: "H", atSize: 200)) == .height)
  }
}
