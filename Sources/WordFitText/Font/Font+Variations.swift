import CFreeType
import WordFitCore

extension Font {
  /// Reads the font's axes and sets each to its value in `variations` (clamped to the axis) or
  /// its default, for FreeType and HarfBuzz alike.
  package func applyVariations(_ variations: [String: Double]) {
    let count = Int(wf_ft_axis_count(face))
    var axes: [VariationAxis] = []
    for index in 0..<count {
      var (tag, minimum, fallback, maximum): (UInt32, Double, Double, Double) = (0, 0, 0, 0)
      guard wf_ft_axis(face, Int32(index), &tag, &minimum, &fallback, &maximum) == 0 else { return }
      // A tag shorter than four characters is padded with spaces ("M1  "): named without them,
      // as the user writes it (M1=0.5) and HarfBuzz reads it.
      let padded = String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self)
      let name = String(padded.reversed().drop { $0 == " " }.reversed())
      var value = variations[name] ?? fallback
      if value < minimum || value > maximum {
        report(
          "\(familyName) axis \(name) runs \(TextFormatting.pixels(minimum))…\(TextFormatting.pixels(maximum)); \(TextFormatting.pixels(value)) is clamped"
        )
        value = Swift.min(maximum, Swift.max(minimum, value))
      }
      axes.append(VariationAxis(tag: name, minimum: minimum, defaultValue: fallback, maximum: maximum, value: value))
    }
    for tag in variations.keys.sorted() where !axes.contains(where: { $0.tag == tag }) {
      report("\(familyName) \(styleName) has no \(tag) axis; that variation is ignored")
    }
    guard !axes.isEmpty else { return }
    let values = axes.map(\.value)
    let error = values.withUnsafeBufferPointer { wf_ft_set_variations(face, $0.baseAddress, Int32($0.count)) }
    if error != 0 { report("FreeType could not set the variations (\(freeTypeMessage(error)))") }
    shaper?.setVariations(axes.map { ($0.tag, $0.value) })
    self.axes = axes
  }

  /// Makes the `opsz` axis follow the size, as CoreText does: at a size of *s* pixels it is set
  /// to *s* × `pointsPerPixel` points (½ on watch canvases, drawn at @2x), clamped to the axis.
  /// Has no effect on a font without an `opsz` axis.
  package func followOpticalSize(pointsPerPixel: Double) {
    guard hasAxis("opsz"), pointsPerPixel > 0, pointsPerPixel.isFinite else { return }
    opticalSizeScale = pointsPerPixel
  }

  /// Sets the `opsz` axis (FreeType and HarfBuzz) for a size in 1/64 px, when it follows the
  /// size and changed.
  func followOpticalSize(_ units: Int) {
    guard let scale = opticalSizeScale, let axis = axes.first(where: { $0.tag == "opsz" }) else { return }
    let value = Swift.min(axis.maximum, Swift.max(axis.minimum, Double(units) / 64 * scale))
    guard value != currentOpticalSize else { return }
    currentOpticalSize = value
    var values = axes.map(\.value)
    var variations = axes.map { ($0.tag, $0.value) }
    for index in axes.indices where axes[index].tag == "opsz" {
      values[index] = value
      variations[index].1 = value
    }
    _ = values.withUnsafeBufferPointer { wf_ft_set_variations(face, $0.baseAddress, Int32($0.count)) }
    shaper?.setVariations(variations.map { (tag: $0.0, value: $0.1) })
  }

  /// Whether the font has an axis with this tag.
  public func hasAxis(_ tag: String) -> Bool { axes.contains { $0.tag == tag } }

  /// The axes as `wght=650,wdth=90` (empty for a static font); an `opsz` that follows the size
  /// reads `opsz=auto`.
  public var variationSummary: String {
    axes.map {
      $0.tag == "opsz" && opticalSizeScale != nil ? "opsz=auto" : "\($0.tag)=\(TextFormatting.pixels($0.value))"
    }.joined(separator: ",")
  }
}
