import WordFitCore

/// A font-free measurer: every character is `characterEms` wide, ink is a box a little beyond
/// the advance, and line metrics are fixed fractions of the size. `hinted` rounds each
/// character's advance to whole pixels, so widths are not linear in size, as real hinting.
public struct FakeMeasurer: WordMeasuring {
  /// Each character's advance, in ems.
  public var characterEms = 0.6
  /// The ascender, in ems.
  public var ascenderEms = 0.8
  /// The descender, in ems.
  public var descenderEms = 0.2
  /// How far ink reaches past the advance, in pixels.
  public var inkOverhang = 1
  /// Whether advances are rounded to whole pixels.
  public var hinted = false

  /// A measurer with the given proportions (ems of the size).
  public init(
    characterEms: Double = 0.6, ascenderEms: Double = 0.8, descenderEms: Double = 0.2, inkOverhang: Int = 1,
    hinted: Bool = false
  ) {
    (self.characterEms, self.ascenderEms, self.descenderEms) = (characterEms, ascenderEms, descenderEms)
    (self.inkOverhang, self.hinted) = (inkOverhang, hinted)
  }

  /// The advance at size 1: characters × their ems.
  public func unscaledAdvance(of text: String) -> Double { Double(text.count) * characterEms }

  /// Fixed fractions of the size.
  public func lineMetrics(atSize size: Double) -> LineMetrics {
    LineMetrics(ascender: ascenderEms * size, descender: descenderEms * size, lineGap: 0)
  }

  /// The advance, and an ink box a little beyond it.
  public func metrics(of text: String, atSize size: Double) -> WordMetrics {
    let perCharacter = hinted ? (characterEms * size).rounded() : characterEms * size
    let advance = Double(text.count) * perCharacter
    guard !text.isEmpty else { return WordMetrics(advance: 0, inkBounds: nil) }
    let ink = PixelBox(
      minX: 0, minY: -Int((0.7 * size).rounded(.up)), maxX: Int(advance.rounded(.up)) + inkOverhang,
      maxY: Int((0.15 * size).rounded(.up)))
    return WordMetrics(advance: advance, inkBounds: ink)
  }
}
