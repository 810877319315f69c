import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore

/// A stack's wrapped titles hyphenate as a text does (issue 40): points only where they let the
/// common size grow, and only in the words that size needs.
@Suite struct StackHyphenationTests {
  let measurer = FakeMeasurer()
  /// Fixed points, as a dictionary would give them.
  static let points = ["Batterieoptimierung": [5, 8, 10, 12, 15], "aktivieren": [2, 4, 7], "workout": [4]]

  func request(_ labels: [String], width: Int) -> StackRequest {
    var request = StackRequest(
      labels: labels, availableBox: PixelBox(minX: 0, minY: 0, maxX: width, maxY: 400), maximumSize: 40,
      spacing: 8, horizontalPadding: 10, verticalPadding: 6)
    (request.wraps, request.lineLimit) = (true, 3)
    request.labelSegments = labels.map { SpaceBreaker().segments(of: $0) }
    return request
  }

  /// Each segment cut at ``points`` of its word.
  static func hyphenate(_ labels: [[LineSegment]]) -> [[LineSegment]] {
    labels.map { segments in
      segments.flatMap { segment -> [LineSegment] in
        let word = segment.text.trimmingCharacters(in: .whitespaces)
        guard let cuts = points[word] else { return [segment] }
        let characters = Array(segment.text)
        let bounds = [0] + cuts + [characters.count]
        return zip(bounds, bounds.dropFirst()).enumerated().map { index, range in
          let text = String(characters[range.0..<range.1])
          let last = index == cuts.count
          return last
            ? LineSegment(text, endsWithMandatoryBreak: segment.endsWithMandatoryBreak)
            : LineSegment(text, endsWithHyphenationPoint: true)
        }
      }
    }
  }

  @Test func theCommonSizeGrowsOnlyWhereAWordNeedsIt() throws {
    let labels = ["Batterieoptimierung aktivieren", "Start workout", "OK"]
    let request = request(labels, width: 150)
    let plain = try StackLayout(request, measurer: measurer)
    let hyphenated = try StackLayout(request, measurer: measurer, hyphenate: Self.hyphenate)
    #expect(plain.limit == .width)
    #expect(hyphenated.size > plain.size, "\(hyphenated.size) against \(plain.size)")
    let lines = hyphenated.boxes.map { $0.lines.map(\.text) }
    #expect(lines[0].dropLast().contains { $0.hasSuffix("-") }, "\(lines[0])")
    #expect(lines[0].joined().replacingOccurrences(of: "-", with: "") == "Batterieoptimierungaktivieren")
    // "workout" fits whole at that size: it moves down rather than break.
    #expect(lines[1].allSatisfy { !$0.hasSuffix("-") }, "\(lines[1])")
    // No points, or the maximum size reached with whole words: the same fit as without.
    let short = self.request(["Start", "OK"], width: 400)
    #expect(
      try StackLayout(short, measurer: measurer, hyphenate: Self.hyphenate).size
        == (try StackLayout(short, measurer: measurer)).size)
  }

  /// A title word wider than its box at the legible size (24 px here) breaks between clusters
  /// over lines of its own (`break`), or the titles are cut at the legible size (`truncate`);
  /// `shrink` keeps the whole-word fit.
  @Test func anOverlongTitleWordBreaksOrIsCutBelowTheLegibleSize() throws {
    var request = request(["Rechtsschutzversicherungsgesellschaften", "OK"], width: 150)
    request.legibleSize = 24
    let shrunk = try StackLayout(request, measurer: measurer)
    #expect(shrunk.size < 24)
    request.overlongWords = .break
    let broken = try StackLayout(request, measurer: measurer)
    #expect(broken.size > shrunk.size, "\(broken.size) against \(shrunk.size)")
    #expect(broken.boxes[0].lines.count == 3 && broken.boxes[0].lines.allSatisfy { !$0.text.hasSuffix("-") })
    #expect(broken.boxes[0].lines.map(\.text).joined() == "Rechtsschutzversicherungsgesellschaften")
    request.overlongWords = .truncate
    let cut = try StackLayout(request, measurer: measurer)
    #expect(cut.size == 24 && cut.boxes[0].lines.last?.text.hasSuffix("…") == true)
  }
}
