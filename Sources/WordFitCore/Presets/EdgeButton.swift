import Foundation

/// One of Wear OS Material 3's `EdgeButton` sizes: the button at the bottom of a round screen,
/// following its curve, holding 1, 2, 2 or 3 lines of centred `labelMedium` cut with "…" (no
/// autosize).
///
/// The geometry is androidx's (`wear/compose/compose-material3/.../EdgeButton.kt`): the button
/// spans the screen's width 3 dp above its bottom edge; its lower half is an ellipse
/// 58 dp + 1.42 × (height − 46 dp) tall, its upper corners are rounded by
/// height − ellipse ÷ 2, and its side padding puts its widest point 20 dp inside the screen's
/// edge. The label's window is that width less the corner radius on each side; the label sits
/// 6 dp below its top (8 dp above its bottom when there is room).
public struct EdgeButton: Sendable, Hashable {
  /// The button's height, in dp: 46, 56, 70 or 96.
  public let height: Int
  /// The most lines its label takes.
  public let maxLines: Int

  /// The four sizes: extra small (46 dp, 1 line), small (56 dp, 2), medium (70 dp, 2), large
  /// (96 dp, 3).
  public static let all = [
    EdgeButton(height: 46, maxLines: 1), EdgeButton(height: 56, maxLines: 2), EdgeButton(height: 70, maxLines: 2),
    EdgeButton(height: 96, maxLines: 3),
  ]

  /// The size `height` dp names (46, 56, 70 or 96).
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the four heights.
  public static func named(_ height: Int) throws -> EdgeButton {
    guard let button = all.first(where: { $0.height == height }) else {
      throw WordFitError.notOneOf(.edgeButton, String(height), choices: all.map { String($0.height) })
    }
    return button
  }

  /// The padding around the button, above and below it, in dp.
  public static let outerPadding = 3.0
  /// The label's padding inside the button: above it, and below it when there is room, in dp.
  public static let labelPadding = (top: 6.0, bottom: 8.0)

  /// The ellipse of the button's lower half, in dp.
  var ellipseHeight: Double { 58 + (Double(height) - 46) * 1.42 }
  /// The radius of the button's upper corners, in dp.
  public var cornerRadius: Double { Double(height) - ellipseHeight / 2 }

  /// The distance from the screen's side to the button's widest point, in dp, on a round screen
  /// `screenWidth` dp across.
  public func sidePadding(screenWidth: Double) -> Double {
    let half = screenWidth / 2
    let drop = half - Self.outerPadding - ellipseHeight / 2
    return half - (half * half - drop * drop).squareRoot() + 20
  }

  /// The width the label may take on a round screen `screenWidth` dp across, in dp (0 when the
  /// screen is too small for the button).
  public func labelWidth(screenWidth: Double) -> Double {
    max(0, screenWidth - 2 * sidePadding(screenWidth: screenWidth) - 2 * cornerRadius)
  }
}
