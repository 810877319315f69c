import WordFitCore

/// The seed article's stack: nine film titles on a 390×844 canvas with 8 px insets, as
/// bordered-prominent buttons (padding 7 × 12, spacing 8, at most 17 px).
public enum StackFixtures {
  /// The film titles, top to bottom.
  public static let films = [
    "The Fast and the Furious", "2 Fast 2 Furious", "The Fast and the Furious: Tokyo Drift", "Fast & Furious",
    "Fast Five", "Fast & Furious 6", "Furious 7", "The Fate of the Furious", "F9",
  ]
  /// The canvas minus the insets.
  public static let available = PixelBox(minX: 8, minY: 8, maxX: 382, maxY: 836)

  /// The seed's request with boxes `width` wide, aligned by `alignment`, of `labels` (the films
  /// by default).
  public static func request(
    _ width: StackWidth, alignment: HorizontalAlignment = .center, labels: [String]? = nil
  ) -> StackRequest {
    StackRequest(
      labels: labels ?? films, availableBox: available, maximumSize: 17, spacing: 8, horizontalPadding: 12,
      verticalPadding: 7, width: width, alignment: alignment)
  }
}
