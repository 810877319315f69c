import CFreeType
import WordFitCore

extension Font {
  /// A colour glyph at a size in 1/64 px: rendered with its own colours (COLR layers at the
  /// size; CBDT/sbix bitmaps from the strike, scaled by area averaging), as premultiplied RGBA
  /// with its alpha as coverage. `nil` when the glyph has no ink or cannot be rendered (reported).
  ///
  /// - Complexity: O(strike area + result area).
  func colorBitmap(of glyph: UInt32, units: Int) -> GlyphBitmap? {
    let declared = wf_ft_sbix_largest_png(face, glyph)
    guard declared <= UInt64(InputLimits.glyphPixels) else {
      report(
        "colour glyph \(glyph) is a bitmap of \(declared / 1_000_000) Mpx, over the \(InputLimits.glyphPixels >> 20) Mpx a colour glyph may have; it is drawn empty"
      )
      return nil
    }
    selectSize(units)
    guard let rendered = renderColor(glyph, units: units) else { return nil }
    guard let strike = strikePixelsPerEm else { return rendered }
    return rendered.scaled(by: Double(units) / 64 / Double(strike))
  }

  private func renderColor(_ glyph: UInt32, units: Int) -> GlyphBitmap? {
    var (left, top, isBGRA): (Int32, Int32, Int32) = (0, 0, 0)
    var (width, rows): (UInt32, UInt32) = (0, 0)
    var error = wf_ft_render_color(face, glyph, 0, &left, &top, &width, &rows, &isBGRA, nil, 0)
    guard error == 0 else { return failed(glyph, units, freeTypeMessage(error)) }
    guard width > 0, rows > 0 else { return nil }
    guard Int(width) * Int(rows) <= InputLimits.glyphPixels else {
      return failed(
        glyph, units, "\(width)x\(rows) px, over the \(InputLimits.glyphPixels >> 20) Mpx a colour glyph may have")
    }
    let bytes = isBGRA != 0 ? 4 : 1
    var pixels = [UInt8](repeating: 0, count: Int(width) * Int(rows) * bytes)
    // The slot still holds what the call above rendered: copied, not rendered again.
    error = pixels.withUnsafeMutableBufferPointer { wf_ft_copy_color_bitmap(face, $0.baseAddress, $0.count) }
    guard error == 0 else { return failed(glyph, units, freeTypeMessage(error)) }
    var bitmap = GlyphBitmap(width: Int(width), rows: Int(rows), left: Int(left), top: Int(top), coverage: pixels)
    if isBGRA != 0 {
      for pixel in stride(from: 0, to: pixels.count, by: 4) { pixels.swapAt(pixel, pixel + 2) }
      bitmap.coverage = stride(from: 3, to: pixels.count, by: 4).map { pixels[$0] }
      bitmap.color = pixels
    }
    return bitmap
  }

  /// The box of a COLRv0 glyph at `units` as FreeType renders it (the union of its layers'
  /// boxes), found without blending a layer; `nil` for a glyph without COLR layers (a bitmap
  /// strike's, which is rendered to be measured).
  ///
  /// - Complexity: one outline load per layer (at most ``InputLimits/colorGlyphLayers``).
  func colorLayersBox(of glyph: UInt32, units: Int) -> PixelBox?? {
    selectSize(units)
    var (left, top): (Int32, Int32) = (0, 0)
    var (width, rows): (UInt32, UInt32) = (0, 0)
    guard wf_ft_color_layers_box(face, glyph, &left, &top, &width, &rows) == 0 else { return nil }
    guard width > 0, rows > 0 else { return .some(nil) }
    return .some(GlyphBitmap(width: Int(width), rows: Int(rows), left: Int(left), top: Int(top), coverage: []).box)
  }

  /// Whether `glyph` is drawn in its colours at `units` (1/64 px): not when it is a COLRv0 glyph
  /// of more layers than ``InputLimits/colorGlyphLayers``, nor when its layers would blend more
  /// than ``InputLimits/colorLayerPixels`` (layers × the glyph's box at the size); such a glyph is
  /// drawn in its monochrome outline (reported), since blending every layer could take seconds.
  ///
  /// - Complexity: one outline load per layer, the first time a COLR glyph is asked at a size.
  func drawsInColor(_ glyph: UInt32, units: Int) -> Bool {
    guard isColor else { return false }
    let layers = Int(wf_ft_color_layer_count(face, glyph))
    guard layers > 0 else { return true }
    if layers > InputLimits.colorGlyphLayers {
      report(
        "colour glyph \(glyph) has \(layers) layers, over the \(InputLimits.colorGlyphLayers) a colour glyph may have; it is drawn in its outline"
      )
      return false
    }
    guard let box = colorLayersBox(of: glyph, units: units), let ink = box,
      layers * ink.width * ink.height > InputLimits.colorLayerPixels
    else { return true }
    report(
      "colour glyph \(glyph) at \(TextFormatting.pixels(Double(units) / 64)) px would blend \(layers) layers of \(ink.width)x\(ink.height) px, over the \(InputLimits.colorLayerPixels >> 20) Mpx a colour glyph may blend; it is drawn in its outline"
    )
    return false
  }

  private func failed(_ glyph: UInt32, _ units: Int, _ why: String) -> GlyphBitmap? {
    report(
      "FreeType could not render colour glyph \(glyph) at \(TextFormatting.pixels(Double(units) / 64)) px (\(why)); it is drawn empty"
    )
    return nil
  }
}

extension GlyphBitmap {
  /// The bitmap's box relative to the pen origin on the baseline (y down).
  var box: PixelBox { PixelBox(minX: left, minY: -top, maxX: left + width, maxY: -top + rows) }

  /// The bitmap scaled by `factor` about the pen origin, by area averaging (each result pixel is
  /// the mean of the source area it covers), onto whole pixels that contain the scaled box.
  ///
  /// - Complexity: O(source area + result area).
  func scaled(by factor: Double) -> GlyphBitmap? {
    guard factor > 0, factor.isFinite else { return nil }
    let minX = Int((Double(left) * factor).rounded(.down))
    let maxX = Int((Double(left + width) * factor).rounded(.up))
    let maxTop = Int((Double(top) * factor).rounded(.up))
    let minTop = Int((Double(top - rows) * factor).rounded(.down))
    let (newWidth, newRows) = (maxX - minX, maxTop - minTop)
    guard newWidth > 0, newRows > 0, newWidth * newRows <= InputLimits.glyphPixels else { return nil }
    let channels = color == nil ? 1 : 4
    let source = color ?? coverage
    let columns = AreaWeights(
      count: newWidth, origin: Double(minX) / factor - Double(left), step: 1 / factor, limit: width)
    let rowWeights = AreaWeights(
      count: newRows, origin: Double(top) - Double(maxTop) / factor, step: 1 / factor, limit: rows)
    let result = AreaWeights.resample(
      source.map(Double.init), width: width, channels: channels, columns: columns, rows: rowWeights)
    var scaled = GlyphBitmap(width: newWidth, rows: newRows, left: minX, top: maxTop, coverage: result)
    if channels == 4 {
      scaled.coverage = stride(from: 3, to: result.count, by: 4).map { result[$0] }
      scaled.color = result
    }
    return scaled
  }
}
