import WordFitCore

extension Font {
  /// Shapes `text` on one line at `size` pixels (rounded down to the 1/64 px grid).
  ///
  /// Characters map one to one onto glyphs through the font's `cmap`; kerning comes from the
  /// `kern` table. Default-ignorable characters the font lacks (joiners, variation selectors)
  /// are skipped; other missing characters draw as the font's `.notdef` box and are reported.
  ///
  /// - Complexity: O(*n*) in the number of characters; glyphs already seen at this size come
  ///   from the cache.
  public func shape(_ text: String, atSize size: Double) -> ShapedText {
    let units = Swift.max(1, Int((size * 64).rounded(.down)))
    var glyphs: [ShapedText.Glyph] = []
    glyphs.reserveCapacity(text.unicodeScalars.count)
    var missing: [Unicode.Scalar] = []
    var pen = 0
    var previous: UInt32? = nil
    var ink: PixelBox? = nil
    for scalar in text.unicodeScalars {
      let index = glyphIndex(for: scalar)
      if index == 0 {
        if scalar.properties.isDefaultIgnorableCodePoint { continue }
        missing.append(scalar)
      }
      if let previous { pen += scaled26_6(kerning(previous, index), units: units) }
      let x = (pen + 32) >> 6
      let box = box(of: index, units: units)
      if let glyphInk = box.ink?.offsetBy(dx: x, dy: 0) {
        ink = ink.map { $0.union(glyphInk) } ?? glyphInk
      }
      glyphs.append(ShapedText.Glyph(index: index, x: x))
      pen += box.advance26_6
      previous = index
    }
    return ShapedText(
      text: text, size: Double(units) / 64, glyphs: glyphs, advance: Double(pen) / 64, inkBounds: ink,
      missingCharacters: missing)
  }
}

extension Font: WordMeasuring {
  /// The advance of `text` in ems (font units over units per em), kerning included.
  public func unscaledAdvance(of text: String) -> Double {
    var total = 0
    var previous: UInt32? = nil
    for scalar in text.unicodeScalars {
      let index = glyphIndex(for: scalar)
      if index == 0 && scalar.properties.isDefaultIgnorableCodePoint { continue }
      if let previous { total += kerning(previous, index) }
      total += unscaledAdvance(of: index)
      previous = index
    }
    return Double(total) / Double(unitsPerEm)
  }

  /// The metrics of `text` shaped at `size` pixels: exactly what ``shape(_:atSize:)`` draws.
  public func metrics(of text: String, atSize size: Double) -> WordMetrics {
    shape(text, atSize: size).metrics
  }
}
