import Foundation
import Testing

@testable import WordFitCore

/// Wear OS Material 3's edge buttons (issue 41): the four sizes and the label window androidx's
/// `EdgeButton.kt` computes for a round screen.
@Suite struct EdgeButtonTests {
  @Test func theFourSizesHoldOneTwoTwoAndThreeLines() throws {
    #expect(EdgeButton.all.map(\.height) == [46, 56, 70, 96])
    #expect(EdgeButton.all.map(\.maxLines) == [1, 2, 2, 3])
    #expect(try EdgeButton.named(70).maxLines == 2)
    #expect(throws: WordFitError.self) { try EdgeButton.named(50) }
  }

  /// The window, computed by hand from the androidx formula for a 192 dp screen and the small
  /// button: ellipse 58 + 10 × 1.42 = 72.2 dp; half width √(96² − (96 − 3 − 36.1)²) = 77.32 dp;
  /// side padding 96 − 77.32 + 20 = 38.68 dp; corner radius 56 − 36.1 = 19.9 dp; the window
  /// 192 − 2 × 38.68 − 2 × 19.9 = 74.84 dp.
  @Test func theLabelWindowFollowsTheButtonsShape() throws {
    let small = try EdgeButton.named(56)
    #expect(abs(small.cornerRadius - 19.9) < 1e-9)
    #expect(abs(small.sidePadding(screenWidth: 192) - (96 - (96.0 * 96 - 56.9 * 56.9).squareRoot() + 20)) < 1e-9)
    #expect(abs(small.labelWidth(screenWidth: 192) - 74.84) < 0.001)
    // Taller buttons reach higher where the screen is wider, but their corners are rounder.
    let widths = EdgeButton.all.map { $0.labelWidth(screenWidth: 227) }
    #expect(widths.allSatisfy { $0 > 60 && $0 < 150 }, "\(widths)")
    #expect(EdgeButton.all.allSatisfy { $0.labelWidth(screenWidth: 227) > $0.labelWidth(screenWidth: 192) })
    #expect(small.labelWidth(screenWidth: 40) == 0, "no room on a tiny screen")
  }
}
