import WordFitCore

/// The one comparator behind WordFit's golden tests, `wordfit diff` and `wordfit check`.
///
/// A pixelmatch-compatible per-pixel test: identical RGBA bytes are equal; otherwise both pixels
/// are blended over white when not opaque, their YIQ distance is compared with
/// `35215 × threshold²`, and differing pixels that the Vyšniauskas anti-aliasing detector
/// recognises (in either image) are excused unless the tolerance includes anti-aliasing.
public enum ImageComparator {
  /// Compares `expected` with `actual` under `tolerance`.
  ///
  /// - Complexity: O(*width* × *height*).
  public static func compare(
    expected: Canvas, actual: Canvas, tolerance: ComparisonTolerance = .exact, makeDiffImage: Bool = false
  ) -> ImageComparison {
    let width = expected.width
    let height = expected.height
    guard expected.width == actual.width, expected.height == actual.height else {
      return ImageComparison(
        dimensionsMatch: false, isIdentical: false, differingPixels: width * height, antiAliasedPixels: 0,
        maxChannelDelta: 255, differenceBounds: nil, allowedDifferingPixels: 0, tolerance: tolerance, passed: false,
        diffImage: nil, width: width, height: height)
    }
    let a = rgba(expected)
    let b = rgba(actual)
    var tally = Tally(
      maxDelta: 35215 * tolerance.threshold * tolerance.threshold, tolerance: tolerance, width: width, height: height,
      makesDiff: makeDiffImage)
    a.withUnsafeBufferPointer { one in
      b.withUnsafeBufferPointer { two in
        for y in 0..<height {
          for x in 0..<width { tally.visit(x, y, one, two) }
        }
      }
    }
    let allowed = tolerance.allowedDifferingPixels(width: width, height: height)
    var passed = tally.differing <= allowed
    if let cap = tolerance.maxChannelDelta, tally.channelDelta > cap { passed = false }
    return ImageComparison(
      dimensionsMatch: true, isIdentical: a == b, differingPixels: tally.differing,
      antiAliasedPixels: tally.antiAliased, maxChannelDelta: tally.channelDelta, differenceBounds: tally.bounds,
      allowedDifferingPixels: allowed, tolerance: tolerance, passed: passed,
      diffImage: makeDiffImage ? Canvas(width: width, height: height, format: .rgba, pixels: tally.diff) : nil,
      width: width, height: height)
  }

  /// What a comparison counts, pixel by pixel, and the diff image it paints.
  private struct Tally {
    let maxDelta: Double
    let tolerance: ComparisonTolerance
    let width: Int
    let height: Int
    let makesDiff: Bool
    /// The diff image's RGBA bytes (empty unless ``makesDiff``).
    var diff: [UInt8]
    var differing = 0
    var antiAliased = 0
    var channelDelta = 0
    var bounds: PixelBox? = nil
    /// Per pixel, whether a ``ComparisonTolerance/mask`` region covers it (empty: none does).
    let masked: [Bool]

    init(maxDelta: Double, tolerance: ComparisonTolerance, width: Int, height: Int, makesDiff: Bool) {
      (self.maxDelta, self.tolerance, self.width, self.height) = (maxDelta, tolerance, width, height)
      self.makesDiff = makesDiff
      diff = makesDiff ? [UInt8](repeating: 0, count: width * height * 4) : []
      masked = Self.coverage(of: tolerance.mask, width: width, height: height)
    }

    /// Which pixels the regions cover, clipped to the image.
    private static func coverage(of regions: [PixelBox], width: Int, height: Int) -> [Bool] {
      guard !regions.isEmpty else { return [] }
      var covered = [Bool](repeating: false, count: width * height)
      for box in regions {
        let (minX, maxX) = (Swift.max(0, box.minX), Swift.min(width, box.maxX))
        let (minY, maxY) = (Swift.max(0, box.minY), Swift.min(height, box.maxY))
        guard minX < maxX, minY < maxY else { continue }
        for y in minY..<maxY {
          for x in minX..<maxX { covered[y * width + x] = true }
        }
      }
      return covered
    }

    /// Compares the pixel at (`x`, `y`) of the two RGBA buffers.
    mutating func visit(_ x: Int, _ y: Int, _ one: UnsafeBufferPointer<UInt8>, _ two: UnsafeBufferPointer<UInt8>) {
      let position = (y * width + x) * 4
      if !masked.isEmpty, masked[y * width + x] {
        // Hatched: diagonal stripes of violet and light grey, 4 px wide.
        let stripe = (x + y) % 8 < 4
        paint(position, stripe ? 175 : 225, stripe ? 82 : 225, stripe ? 222 : 225)
        return
      }
      let same =
        one[position] == two[position] && one[position + 1] == two[position + 1]
        && one[position + 2] == two[position + 2] && one[position + 3] == two[position + 3]
      if !same {
        for channel in 0..<4 {
          channelDelta = Swift.max(channelDelta, abs(Int(one[position + channel]) - Int(two[position + channel])))
        }
      }
      let delta = same ? 0 : colorDelta(one, two, position, position, yOnly: false)
      guard delta > maxDelta else {
        if makesDiff {
          let luma = lumaY(Double(one[position]), Double(one[position + 1]), Double(one[position + 2]))
          let value = blendWithWhite(luma, 0.1 * Double(one[position + 3]) / 255)
          let grey = UInt8(Swift.max(0, Swift.min(255, value.rounded(.down))))
          paint(position, grey, grey, grey)
        }
        return
      }
      let excused =
        !tolerance.includesAntiAliasing
        && (isAntiAliased(one, x, y, width, height, other: two) || isAntiAliased(two, x, y, width, height, other: one))
      if excused {
        antiAliased += 1
        paint(position, 255, 255, 0)
      } else {
        differing += 1
        let pixel = PixelBox(minX: x, minY: y, maxX: x + 1, maxY: y + 1)
        bounds = bounds.map { $0.union(pixel) } ?? pixel
        paint(position, 255, 0, 0)
      }
    }

    /// Paints one pixel of the diff image, when one is made.
    private mutating func paint(_ position: Int, _ red: UInt8, _ green: UInt8, _ blue: UInt8) {
      guard makesDiff else { return }
      ImageComparator.paint(&diff, position, red, green, blue)
    }
  }

  /// The canvas's pixels as RGBA bytes.
  package static func rgba(_ canvas: Canvas) -> [UInt8] {
    switch canvas.format {
    case .rgba: return canvas.pixels
    case .rgb:
      var out = [UInt8](repeating: 255, count: canvas.width * canvas.height * 4)
      for index in 0..<(canvas.width * canvas.height) {
        out[index * 4] = canvas.pixels[index * 3]
        out[index * 4 + 1] = canvas.pixels[index * 3 + 1]
        out[index * 4 + 2] = canvas.pixels[index * 3 + 2]
      }
      return out
    case .grey:
      var out = [UInt8](repeating: 255, count: canvas.width * canvas.height * 4)
      for index in 0..<(canvas.width * canvas.height) {
        let value = canvas.pixels[index]
        out[index * 4] = value
        out[index * 4 + 1] = value
        out[index * 4 + 2] = value
      }
      return out
    }
  }

  private static func paint(_ image: inout [UInt8], _ position: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
    image[position] = r
    image[position + 1] = g
    image[position + 2] = b
    image[position + 3] = 255
  }

  @inline(__always) static func blendWithWhite(_ c: Double, _ a: Double) -> Double { 255 + (c - 255) * a }
  @inline(__always) static func lumaY(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.29889531 + g * 0.58662247 + b * 0.11448223
  }

  /// pixelmatch's squared YIQ distance (or, with `yOnly`, the signed brightness difference).
  static func colorDelta(
    _ one: UnsafeBufferPointer<UInt8>, _ two: UnsafeBufferPointer<UInt8>, _ k: Int, _ m: Int, yOnly: Bool
  ) -> Double {
    var r1 = Double(one[k])
    var g1 = Double(one[k + 1])
    var b1 = Double(one[k + 2])
    let a1 = one[k + 3]
    var r2 = Double(two[m])
    var g2 = Double(two[m + 1])
    var b2 = Double(two[m + 2])
    let a2 = two[m + 3]
    if a1 == a2 && one[k] == two[m] && one[k + 1] == two[m + 1] && one[k + 2] == two[m + 2] { return 0 }
    if a1 < 255 {
      let alpha = Double(a1) / 255
      r1 = blendWithWhite(r1, alpha)
      g1 = blendWithWhite(g1, alpha)
      b1 = blendWithWhite(b1, alpha)
    }
    if a2 < 255 {
      let alpha = Double(a2) / 255
      r2 = blendWithWhite(r2, alpha)
      g2 = blendWithWhite(g2, alpha)
      b2 = blendWithWhite(b2, alpha)
    }
    let y = lumaY(r1, g1, b1) - lumaY(r2, g2, b2)
    if yOnly { return y }
    let i =
      (r1 * 0.59597799 - g1 * 0.27417610 - b1 * 0.32180189) - (r2 * 0.59597799 - g2 * 0.27417610 - b2 * 0.32180189)
    let q =
      (r1 * 0.21147017 - g1 * 0.52261711 + b1 * 0.31114694) - (r2 * 0.21147017 - g2 * 0.52261711 + b2 * 0.31114694)
    return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
  }

  /// Whether the pixel at (`x1`, `y1`) of `image` looks like anti-aliasing (Vyšniauskas 2009):
  /// at most 2 equal neighbours, both a darker and a brighter one, and the darkest or the
  /// brightest of those has 3+ equal neighbours in both images.
  static func isAntiAliased(
    _ image: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int,
    other: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let window = Neighbourhood(x1, y1, width, height)
    let position = (y1 * width + x1) * 4
    var zeroes = window.edgeCount
    var minimum = 0.0
    var maximum = 0.0
    var minX = 0
    var minY = 0
    var maxX = 0
    var maxY = 0
    for x in window.columns {
      for y in window.rows {
        if x == x1 && y == y1 { continue }
        let delta = colorDelta(image, image, position, (y * width + x) * 4, yOnly: true)
        if delta == 0 {
          zeroes += 1
          if zeroes > 2 { return false }
        } else if delta < minimum {
          minimum = delta
          minX = x
          minY = y
        } else if delta > maximum {
          maximum = delta
          maxX = x
          maxY = y
        }
      }
    }
    if minimum == 0 || maximum == 0 { return false }
    return (hasManySiblings(image, minX, minY, width, height) && hasManySiblings(other, minX, minY, width, height))
      || (hasManySiblings(image, maxX, maxY, width, height) && hasManySiblings(other, maxX, maxY, width, height))
  }

  /// Whether the pixel has 3+ neighbours of exactly its colour.
  static func hasManySiblings(_ image: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int)
    -> Bool
  {
    let window = Neighbourhood(x1, y1, width, height)
    let position = (y1 * width + x1) * 4
    var zeroes = window.edgeCount
    for x in window.columns {
      for y in window.rows {
        if x == x1 && y == y1 { continue }
        let other = (y * width + x) * 4
        if image[position] == image[other] && image[position + 1] == image[other + 1]
          && image[position + 2] == image[other + 2] && image[position + 3] == image[other + 3]
        {
          zeroes += 1
        }
        if zeroes > 2 { return true }
      }
    }
    return false
  }

  /// The 3 × 3 pixels around (`x`, `y`), cut at the image's edges, as pixelmatch walks them.
  private struct Neighbourhood {
    var columns: ClosedRange<Int>
    var rows: ClosedRange<Int>
    /// 1 for a pixel on the image's edge (pixelmatch counts the missing side as one equal
    /// neighbour), else 0.
    var edgeCount: Int

    init(_ x: Int, _ y: Int, _ width: Int, _ height: Int) {
      columns = Swift.max(x - 1, 0)...Swift.min(x + 1, width - 1)
      rows = Swift.max(y - 1, 0)...Swift.min(y + 1, height - 1)
      let onEdge = x == columns.lowerBound || x == columns.upperBound || y == rows.lowerBound || y == rows.upperBound
      edgeCount = onEdge ? 1 : 0
    }
  }
}
