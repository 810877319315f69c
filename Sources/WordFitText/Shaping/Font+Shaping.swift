import WordFitCore

extension Font {
  /// Shapes `text` on one line at `size` pixels (rounded down to the 1/64 px grid).
  ///
  /// The line is split into runs of one direction by the Unicode bidirectional algorithm
  /// (FriBidi; `direction` is the paragraph's, `nil` for its first strong character), each run
  /// is shaped by HarfBuzz (GPOS and `kern` kerning, ligatures, marks, contextual forms, script
  /// from the text), and the runs are laid out left to right in visual order. Pen positions
  /// accumulate HarfBuzz's advances in 26.6 fixed point; each glyph is drawn at its position
  /// (plus its offset) rounded to whole pixels. Characters the font has no glyph for come back
  /// as glyph 0 (`.notdef`) and are reported.
  ///
  /// - Complexity: O(*n*) in the number of characters. A text is shaped once at the design scale
  ///   (cached), and again at each size for a variable font or a run with marks
  ///   (cached per size, for HarfBuzz's own rounding); glyphs already seen at this size come
  ///   from the cache.
  public func shape(_ text: String, atSize size: Double, direction: LineDirection? = nil) -> ShapedText {
    let units = Swift.max(1, Int((size * 64).rounded(.down)))
    return ShapedText.lay(
      designShaping(text, direction: direction, units: units), text: text, fonts: [self], units: units)
  }

  /// A glyph origin at `x26_6` as drawn: light hinting rounds it to a whole pixel; without
  /// hinting it keeps a quarter-pixel phase (the outline is shifted by it before rendering).
  func place(_ x26_6: Int) -> (x: Int, phase: Int) {
    guard hinting == .none, !isColor else { return ((x26_6 + 32) >> 6, 0) }
    let phase = ((x26_6 & 63) + 8) >> 4
    return phase == 4 ? ((x26_6 >> 6) + 1, 0) : (x26_6 >> 6, phase)
  }

  /// A shaped glyph's advance in 26.6. Light hinting: FreeType's hinted advance (whole pixels)
  /// plus what shaping adjusted (kerning, a mark's advance zeroed). No hinting: the glyph's
  /// advance and the adjustment each scaled as HarfBuzz scales them, so lines agree with
  /// HarfBuzz to the 1/64 px.
  func advance(_ glyph: Shaper.Glyph, hinted: Int, units: Int) -> Int {
    switch isColor ? .none : hinting {
    case .light: hinted + scaled26_6(glyph.adjustment, units: units)
    case .none: scale(glyph.xAdvance - glyph.adjustment, units: units) + scale(glyph.adjustment, units: units)
    }
  }

  /// Font units to 26.6 at `units` (1/64 px): HarfBuzz's scaling without hinting, WordFit's
  /// rounding with light hinting.
  func scale(_ fontUnits: Int, units: Int) -> Int {
    guard hinting == .none || isColor else { return scaled26_6(fontUnits, units: units) }
    let mult = (Int64(units) << 16) / Int64(unitsPerEm)
    // A hostile font can declare positions whose product overflows: clamp, never trap.
    let (product, overflow) = Int64(fontUnits).multipliedReportingOverflow(by: mult)
    guard !overflow, product < Int64.max - 32768 else { return fontUnits < 0 ? -(1 << 40) : 1 << 40 }
    return Int(Swift.max(-(1 << 40), Swift.min(1 << 40, (product + 32768) >> 16)))
  }

  /// The advances and offsets of `run`'s glyphs at `units` as HarfBuzz rounds them when it
  /// shapes at that size (cached), for unhinted text whose glyphs have offsets or whose font is
  /// variable; `nil` when the design-scale positions scaled once are what is drawn (a static
  /// font's run without offsets, or light hinting's own rounding).
  ///
  /// A variable font needs it for every run: HarfBuzz rounds the variation deltas of advances
  /// and kerning (`HVAR`, GPOS device tables) at the scale it shapes at, so deltas rounded to
  /// font units at the design scale and then scaled differ from its own by up to a few 1/64 px
  /// a glyph ("AVAVAVAV" in Inter Display Bold: 379.97 px instead of 379.86).
  ///
  /// - Complexity: O(*n*) in the run's length when not cached.
  func scaledPositions(of run: DesignShaping.Run, units: Int) -> [ScaledPosition]? {
    guard hinting == .none || isColor, run.hasOffsets || !axes.isEmpty, let shaper else { return nil }
    let key = ScaledPositionsKey(
      utf8: run.utf8, direction: run.direction, language: run.language, script: run.script, units: units,
      opticalSize: currentOpticalSize)
    if let known = scaledPositionCache[key] { return known }
    if scaledPositionCache.count >= Self.shapingCacheLimit { scaledPositionCache.removeAll(keepingCapacity: true) }
    let positions = shaper.scaledPositions(
      String(decoding: run.utf8, as: UTF8.self), direction: run.direction, language: run.language,
      script: run.script, units: units)
    let usable = positions.count == run.glyphs.count ? positions : nil
    scaledPositionCache[key] = usable
    return usable
  }

  /// The code point whose UTF-8 encoding starts at byte `offset` of `utf8`.
  static func scalar(at offset: Int, in utf8: [UInt8]) -> Unicode.Scalar? {
    guard utf8.indices.contains(offset) else { return nil }
    var iterator = utf8[offset...].makeIterator()
    var decoder = UTF8()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
    return nil
  }
}

extension Font: WordMeasuring {
  /// The advance of `text` in ems (font units over units per em), as HarfBuzz shapes it at the
  /// design scale: the fitting search's first estimate (every size it returns is measured).
  public func unscaledAdvance(of text: String) -> Double {
    designShaping(text, direction: nil).advanceEms { _ in unitsPerEm }
  }

  /// The metrics of `text` shaped at `size` pixels: exactly what ``shape(_:atSize:direction:)``
  /// draws.
  public func metrics(of text: String, atSize size: Double) -> WordMetrics {
    shape(text, atSize: size).metrics
  }
}
