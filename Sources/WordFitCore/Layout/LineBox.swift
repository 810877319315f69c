/// A ``LineHeight`` in pixels on one canvas: what turns a font's line metrics at a size into
/// the line box a line is stacked with. The fitting engine and the layout take line metrics
/// through it (``LineMetrics/boxed(_:atSize:)``), so a fit holds for the baselines drawn.
public enum LineBox: Sendable, Equatable, Hashable {
  /// The font's ascender, descender and line gap, the gap changed by `gap` pixels (a
  /// ``FontLeading``); the baseline sits the ascender below the box's top.
  case fontMetrics(gap: Double)
  /// A box `factor` × size + `pixels` tall (down to 1/64 px, never below 0) whatever the fonts'
  /// metrics, the glyphs centred in it as CSS centres them: the ascent and descent in whole
  /// pixels, the box's excess over them split with the whole pixels below half above
  /// (half-leading, as Chromium computes it). The ascent and descent are rounded as they are
  /// at the size cut down to 1/100 px, where Blink measures a font (`EffectiveFontSize`,
  /// `kFontSizePrecisionMultiplier`): at 51.359375 px an ascent of 49.5036 px is 49.4946 px
  /// there, so 49, and the baseline a pixel higher than rounding at the exact size puts it.
  case constant(factor: Double, pixels: Double)

  /// The fonts' own metrics, unchanged: the default.
  public static let natural = LineBox.fontMetrics(gap: 0)

  /// The line box's height at `size` pixels for a font whose own line height there is
  /// `natural`, in pixels.
  public func height(natural: Double, atSize size: Double) -> Double {
    switch self {
    case .fontMetrics(let gap): Swift.max(0, natural + gap)
    case .constant(let factor, let pixels): Swift.max(0, ((factor * size + pixels) * 64).rounded(.down) / 64)
    }
  }
}

extension LineMetrics {
  /// These metrics (a font's at `size` pixels) as `box` stacks them: the line gap changed, or
  /// the ascender and descender in whole pixels (rounded at the size cut to 1/100 px, as
  /// ``LineBox/constant(factor:pixels:)`` says) grown or shrunk by half of what the constant
  /// box adds to them (the whole pixels below half above) and no gap, so ``lineHeight`` is the
  /// box's height and the baseline sits in its middle.
  public func boxed(_ box: LineBox, atSize size: Double) -> LineMetrics {
    switch box {
    case .fontMetrics(let gap):
      if gap == 0 { return self }
      return LineMetrics(
        ascender: ascender, descender: descender,
        lineGap: box.height(natural: lineHeight, atSize: size) - ascender - descender, capHeight: capHeight)
    case .constant:
      let height = box.height(natural: lineHeight, atSize: size)
      let keyed = size > 0 ? (size * 100).rounded(.down) / 100 / size : 1
      let (ascent, descent) = ((ascender * keyed).rounded(), (descender * keyed).rounded())
      let above = ascent + ((height - ascent - descent) / 2).rounded(.down)
      return LineMetrics(ascender: above, descender: height - above, lineGap: 0, capHeight: capHeight)
    }
  }
}
