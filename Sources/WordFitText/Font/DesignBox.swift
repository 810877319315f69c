import CFreeType
import WordFitCore

/// A glyph's outline control box in font units, as FreeType loads it unscaled, and its left
/// phantom point: what an unhinted glyph box at any size is scaled from without loading the glyph
/// at that size.
///
/// FreeType scales a simple TrueType outline point by point (`FT_MulFix` by the size's scale),
/// then shifts it left by the scaled left phantom point *P* (the `glyf` header's xMin less the
/// `hmtx` left side bearing); the unscaled load shifts by *P* itself. Scaling is monotonic, so a
/// scaled box edge is `MulFix(edge + P) − MulFix(P)` exactly, and the bitmap box FreeType presets
/// is that box rounded outward. Each glyph's first scaled box is checked against FreeType
/// loading it at that size; a glyph that disagrees (a font FreeType reads differently) is loaded
/// at every size from then on.
struct DesignBox {
  /// The outline's box in font units (`xMax`, `yMax` included), all 0 for an empty outline.
  var minX: Int32 = 0
  var minY: Int32 = 0
  var maxX: Int32 = 0
  var maxY: Int32 = 0
  /// The left phantom point in font units.
  var phantom: Int32 = 0
  /// Whether the glyph was loaded (a slot of ``Font/designBoxes`` not yet filled is not).
  var isLoaded = false
  /// Whether boxes are scaled from this one: a simple outline whose phantom point was read and
  /// whose first scaled box matched FreeType's (a composite's components are scaled and offset
  /// each, so its box is not scaled from font units).
  var isScaled = false
  /// Whether the first scaled box was checked against FreeType's.
  var isChecked = false
  /// Whether the outline has no points (a space): no ink at any size.
  var isEmpty = true
}

extension Font {
  /// The unhinted box of `glyph` at `units` (1/64 px), its outline shifted right by `phase`
  /// quarter pixels, scaled from its font-unit box (``DesignBox``) when the font allows it;
  /// `nil` when the glyph must be loaded at the size. Exactly FreeType's box: the control box
  /// scaled as its loader scales points, the bitmap box rounded outward as its preset rounds
  /// (`floor` left and bottom, `ceil` right and top).
  ///
  /// - Complexity: O(1) after the glyph's first box (one unscaled load, three table reads and
  ///   one scaled load per glyph).
  func scaledDesignBox(of glyph: UInt32, units: Int, phase: Int) -> GlyphBox? {
    guard scalesDesignBoxes else { return nil }
    var design = designBox(of: glyph)
    guard design.isScaled else { return nil }
    let box = Self.scaled(design, scales: scales(atUnits: units), shift: phase * 16)
    if !design.isChecked {
      design.isChecked = true
      design.isScaled = box == loadedBox(of: glyph, units: units, phase: phase)
      designBoxes[Int(glyph)] = design
      if !design.isScaled { return nil }
    }
    return box
  }

  /// `design` scaled by `scales` (16.16) and shifted right by `shift` (26.6).
  private static func scaled(_ design: DesignBox, scales: (x: Int, y: Int), shift: Int) -> GlyphBox {
    guard !design.isEmpty else { return GlyphBox(advance26_6: 0, ink: nil) }
    let phantom = Int(design.phantom)
    let origin = wf_ft_mul_fix(phantom, scales.x)
    let left = wf_ft_mul_fix(Int(design.minX) + phantom, scales.x) - origin + shift
    let right = wf_ft_mul_fix(Int(design.maxX) + phantom, scales.x) - origin + shift
    let (minX, maxX) = (left >> 6, (right + 63) >> 6)
    let bottom = wf_ft_mul_fix(Int(design.minY), scales.y) >> 6
    let top = (wf_ft_mul_fix(Int(design.maxY), scales.y) + 63) >> 6
    guard maxX > minX, top > bottom else { return GlyphBox(advance26_6: 0, ink: nil) }
    var box = GlyphBox(advance26_6: 0, ink: PixelBox(minX: minX, minY: -top, maxX: maxX, maxY: -bottom))
    box.exactInk26_6 = (left, right)
    return box
  }

  /// `glyph`'s box in font units, loaded once (not scaled when FreeType cannot load it unscaled,
  /// it is a composite, or its phantom point cannot be read).
  ///
  /// - Complexity: O(1) after the first call for the glyph; the first call for the font makes
  ///   the table of every glyph (24 bytes each, at most 1.5 MB for 65,536 glyphs).
  func designBox(of glyph: UInt32) -> DesignBox {
    let index = Int(glyph)
    if designBoxes.isEmpty {
      designBoxes = Array(repeating: DesignBox(), count: Swift.min(65_536, Swift.max(1, glyphCount)))
    }
    guard designBoxes.indices.contains(index) else { return DesignBox() }
    if designBoxes[index].isLoaded { return designBoxes[index] }
    var (simple, points): (Int32, Int32) = (0, 0)
    var (minX, minY, maxX, maxY, phantom) = (0, 0, 0, 0, 0)
    var design = DesignBox(isLoaded: true)
    let fits = { (value: Int) in Int(Int32.min)...Int(Int32.max) ~= value }
    if wf_ft_design_box(face, glyph, &simple, &points, &minX, &minY, &maxX, &maxY) == 0, simple != 0,
      [minX, minY, maxX, maxY].allSatisfy(fits)
    {
      let empty = points == 0
      let found = empty || (wf_ft_left_phantom(face, glyph, &phantom) == 0 && fits(phantom))
      design = DesignBox(
        minX: Int32(minX), minY: Int32(minY), maxX: Int32(maxX), maxY: Int32(maxY), phantom: Int32(phantom),
        isLoaded: true, isScaled: found, isChecked: empty, isEmpty: empty)
    }
    designBoxes[index] = design
    return design
  }

  /// The face's scales (16.16) at `units`, setting the size when it is not the current one.
  private func scales(atUnits units: Int) -> (x: Int, y: Int) {
    if designScales.units == units { return (designScales.x, designScales.y) }
    selectSize(units)
    var (x, y) = (0, 0)
    wf_ft_size_scales(face, &x, &y)
    designScales = (units, x, y)
    return (x, y)
  }
}
