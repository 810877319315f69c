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
      let pen = Double(glyph.x) + Double(glyph.phase) / 4
      if fonts.indices.contains(glyph.font), fonts[glyph.font].isColor {
        pivots.append(pen)
        if let ink = fonts[glyph.font].box(of: glyph.index, units: units, phase: glyph.phase).ink {
          glyphs.append(Self.upright(ink, at: glyph))
          pivots[pivots.count - 1] = glyphs[glyphs.count - 1].pivot
        }
        continue
      }
      guard fonts.indices.contains(glyph.font), let box = fonts[glyph.font].controlBox(of: glyph.index, units: units)
      else {
        pivots.append(pen)
        continue
      }
      let pivot = pen + (box.minX + box.maxX) / 2
      pivots.append(pivot)
      glyphs.append(
        ArcLine.Glyph(
          pivot: pivot, left: pen + box.minX - pivot, right: pen + box.maxX - pivot,
          top: -(Double(glyph.y) + box.minY), bottom: -(Double(glyph.y) + box.maxY)))
    }
    let line = ArcLine(
      advance: shaped.advance, ascender: metrics.ascender, descender: metrics.descender, glyphs: glyphs)
    return (line, pivots)
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
