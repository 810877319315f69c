import WordFitCore

extension FontCascade {
  /// `shaped` as a curved layout measures and draws it: each inked glyph turning about the
  /// centre of its outline's control box (its box around that point), at the pen positions the
  /// line was shaped with; and every glyph's pivot, in pixels along the baseline (a glyph with
  /// no outline turns about its pen position).
  ///
  /// - Complexity: O(glyphs).
  public func arcLine(of shaped: ShapedText) -> (line: ArcLine, pivots: [Double]) {
    let units = Int(shaped.size * 64)
    let metrics = shaped.lineMetrics ?? lineMetrics(atSize: shaped.size)
    var glyphs: [ArcLine.Glyph] = []
    var pivots: [Double] = []
    for glyph in shaped.glyphs {
      let measured = arcGlyph(glyph, units: units)
      pivots.append(measured?.pivot ?? Double(glyph.x) + Double(glyph.phase) / 4)
      if let measured { glyphs.append(measured) }
    }
    let line = ArcLine(
      advance: shaped.advance, ascender: metrics.ascender, descender: metrics.descender, glyphs: glyphs)
    return (line, pivots)
  }

  /// `glyph`'s box around its pivot at `units`: an outline's control box, a colour glyph's
  /// ``upright(_:at:)`` square; `nil` for a glyph that inks nothing (it turns about its pen).
  func arcGlyph(_ glyph: ShapedText.Glyph, units: Int) -> ArcLine.Glyph? {
    guard fonts.indices.contains(glyph.font) else { return nil }
    let font = fonts[glyph.font]
    if font.isColor {
      return font.box(of: glyph.index, units: units, phase: glyph.phase).ink.map { Self.upright($0, at: glyph) }
    }
    guard let box = font.controlBox(of: glyph.index, units: units) else { return nil }
    let pen = Double(glyph.x) + Double(glyph.phase) / 4
    let pivot = pen + (box.minX + box.maxX) / 2
    return ArcLine.Glyph(
      pivot: pivot, left: pen + box.minX - pivot, right: pen + box.maxX - pivot,
      top: -(Double(glyph.y) + box.minY), bottom: -(Double(glyph.y) + box.maxY))
  }

  /// A colour glyph's box as a curved line measures it: its bitmap is drawn upright at its place
  /// (a bitmap is not turned), so the box is the square that holds it turned any way about its
  /// centre.
  static func upright(_ ink: PixelBox, at glyph: ShapedText.Glyph) -> ArcLine.Glyph {
    let pivot = Double(glyph.x) + Double(ink.minX + ink.maxX) / 2
    let middle = -(Double(glyph.y) + Double(ink.minY + ink.maxY) / 2)
    let reach = (Double(ink.width * ink.width + ink.height * ink.height)).squareRoot() / 2
    return ArcLine.Glyph(pivot: pivot, left: -reach, right: reach, top: middle + reach, bottom: middle - reach)
  }
}

extension TextMeasurer: ArcMeasuring {
  /// `text` shaped at `size` with this measurer's fonts, direction and tracking, as a curved
  /// layout measures it (``FontCascade/arcLine(of:)``).
  public func arcLine(of text: String, atSize size: Double) throws -> ArcLine {
    cascade.arcLine(of: shape(text, atSize: size)).line
  }
}
