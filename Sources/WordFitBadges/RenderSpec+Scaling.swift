import WordFitLayout

extension RenderSpec {
  /// Scales the layout's lengths in px by `factor` (a design fitted to a label): the maximum
  /// size, the insets (rounded to whole px), the line spacing, and tracking and kerning in px.
  /// Ratios (minimum scale, tightening, the width axis) and point sizes stay.
  mutating func scaleLengths(by factor: Double) {
    fields.maxSize = fields.maxSize.map { $0 * factor }
    fields.insets = fields.insets.map { Int((Double($0) * factor).rounded()) }
    spacing *= factor
    fields.kerning = fields.kerning.map { $0 * factor }
    if case .pixels(let value) = fields.tracking { fields.tracking = .pixels(value * factor) }
  }
}
