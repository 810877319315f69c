import Foundation
import WordFitCore
import WordFitImage
import WordFitText

/// The look of a stack's boxes, as SwiftUI button styles.
public enum StackStylePreset: String, Sendable, Codable, CaseIterable {
  /// `.borderedProminent`: a filled platter in the accent colour, white text; capsules on watch
  /// canvases, rounded rectangles elsewhere; padding 12 × 7 pt.
  case borderedProminent = "bordered-prominent"
  /// No padding, square corners, no fill unless one is given (seed 004's backgrounds).
  case plain
}
