@testable import WordFit
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitText

/// A font-free measurer: every character is `characterEms` wide, ink is a box a little beyond
/// the advance, and line metrics are fixed fractions of the size. `hinted` rounds each
/// character's advance to whole pixels, so widths are not linear in size, as real hinting.
struct FakeMeasurer: WordMeasuring {
  var characterEms = 0.6
  var ascenderEms = 0.8
  var descenderEms = 0.2
  var inkOverhang = 1
  var hinted = false

  func unscaledAdvance(of text: String) -> Double { Double(text.count) * characterEms }

  func lineMetrics(atSize size: Double) -> LineMetrics {
    LineMetrics(ascender: ascenderEms * size, descender: descenderEms * size, lineGap: 0)
  }

  func metrics(of text: String, atSize size: Double) -> WordMetrics {
    let perCharacter = hinted ? (characterEms * size).rounded() : characterEms * size
    let advance = Double(text.count) * perCharacter
    guard !text.isEmpty else { return WordMetrics(advance: 0, inkBounds: nil) }
    let ink = PixelBox(
      minX: 0, minY: -Int((0.7 * size).rounded(.up)), maxX: Int(advance.rounded(.up)) + inkOverhang,
      maxY: Int((0.15 * size).rounded(.up)))
    return WordMetrics(advance: advance, inkBounds: ink)
  }

  /// Whether words fit at `size` under `request`'s space, by the same rules as the fitter.
  func fits(_ words: [String], atSize size: Double, _ request: FitRequest) -> Bool {
    let metrics = words.map { self.metrics(of: $0, atSize: size) }
    guard metrics.allSatisfy({ $0.extentWidth <= request.availableWidth }) else { return false }
    let stack = VerticalStack(
      lines: metrics.map { (lineMetrics(atSize: size), $0.inkBounds) }, spacing: request.lineSpacing)
    return stack.height <= request.availableHeight
  }
}
