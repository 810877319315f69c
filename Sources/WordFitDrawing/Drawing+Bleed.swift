import WordFitCore

extension Drawing {
  /// This drawing on a canvas `bleed` px larger on every side, for a cut off the line: every
  /// mark moves by `bleed` px right and down, and the background and the fills that touch an
  /// edge reach the new edge — the rule the PDF's bleed box follows. Images, QR codes and text
  /// stay as they are (a PNG's bleed repeats its edge pixels, photos included).
  ///
  /// - Complexity: O(marks).
  public func withBleed(_ bleed: Int) -> Drawing {
    guard bleed > 0 else { return self }
    var result = Drawing(width: width + 2 * bleed, height: height + 2 * bleed, background: background)
    result.shape = shape
    let (width, height) = (width, height)
    let reaching = { (box: PixelBox) -> PixelBox in
      PixelBox(
        minX: box.minX <= 0 ? 0 : box.minX + bleed, minY: box.minY <= 0 ? 0 : box.minY + bleed,
        maxX: box.maxX >= width ? width + 2 * bleed : box.maxX + bleed,
        maxY: box.maxY >= height ? height + 2 * bleed : box.maxY + bleed)
    }
    result.marks = marks.map { mark -> Mark in
      switch mark {
      case .fill(let box, let color): return .fill(reaching(box), color)
      case .box(let box, let shape, let color): return .box(box.offsetBy(dx: bleed, dy: bleed), shape, color)
      case .image(let key, let pixels, let box):
        return .image(key: key, premultipliedRGBA: pixels, box: box.offsetBy(dx: bleed, dy: bleed))
      case .qrCode(let code, let box): return .qrCode(code, box: box.offsetBy(dx: bleed, dy: bleed))
      case .text(var line, let color):
        line.origin = PixelPoint(x: line.origin.x + bleed, y: line.origin.y + bleed)
        return .text(line, color)
      case .curvedText(let line, let color):
        return .curvedText(line.offsetBy(dx: Double(bleed), dy: Double(bleed)), color)
      }
    }
    return result
  }
}
