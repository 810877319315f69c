import WordFitCore

/// How different two images may be and still count as equal.
///
/// The semantics follow pixelmatch and Playwright, so a `threshold` means here what it means
/// there: a pixel differs when its YIQ colour distance exceeds `35215 × threshold²`; pixels that
/// look like anti-aliasing are excused unless ``includesAntiAliasing``; the comparison passes
/// when the differing pixels are at most ``allowedDifferingPixels(width:height:)`` and, when
/// ``maxChannelDelta`` is set, no pixel's channel moved further than it.
public struct ComparisonTolerance: Sendable, Equatable, Codable {
  /// Colour distance threshold in [0, 1]; 0 counts any change.
  public var threshold: Double
  /// Whether anti-aliased pixels count as differences.
  public var includesAntiAliasing: Bool
  /// Differing pixels allowed, or `nil` (no allowance from this rule).
  public var maxDiffPixels: Int?
  /// Differing pixels allowed as a ratio in [0, 1] of all pixels, or `nil`.
  public var maxDiffRatio: Double?
  /// The largest change of any channel (0…255) any pixel may show, or `nil` for no cap.
  public var maxChannelDelta: Int?
  /// Regions left out of the comparison (Playwright's `mask`), in pixels of the images; parts
  /// outside the image are ignored. The diff image shows them hatched.
  public var mask: [PixelBox] = []

  /// Creates a tolerance. The defaults are pixelmatch's threshold 0.1 with anti-aliasing
  /// excused and no differing pixel allowed.
  public init(
    threshold: Double = 0.1, includesAntiAliasing: Bool = false, maxDiffPixels: Int? = nil,
    maxDiffRatio: Double? = nil, maxChannelDelta: Int? = nil, mask: [PixelBox] = []
  ) {
    self.mask = mask
    self.threshold = threshold
    self.includesAntiAliasing = includesAntiAliasing
    self.maxDiffPixels = maxDiffPixels
    self.maxDiffRatio = maxDiffRatio
    self.maxChannelDelta = maxChannelDelta
  }

  /// Byte-for-byte pixel equality: every changed pixel counts, anti-aliased or not.
  public static let exact = ComparisonTolerance(threshold: 0, includesAntiAliasing: true)

  /// How many differing pixels pass for an image of `width` × `height`: the smaller of
  /// ``maxDiffPixels`` and ``maxDiffRatio`` × pixels when both are set, the one set otherwise,
  /// 0 when neither is.
  public func allowedDifferingPixels(width: Int, height: Int) -> Int {
    let fromRatio = maxDiffRatio.map { Int(($0 * Double(width * height)).rounded(.down)) }
    switch (maxDiffPixels, fromRatio) {
    case (let pixels?, let ratio?): return Swift.min(pixels, ratio)
    case (let pixels?, nil): return pixels
    case (nil, let ratio?): return ratio
    case (nil, nil): return 0
    }
  }

  /// Checks every value is in range.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the value and its range.
  public func validate() throws {
    guard threshold.isFinite, (0...1).contains(threshold) else {
      throw WordFitError.outOfRange(.threshold, threshold, range: "a value from 0 to 1 (pixelmatch's default is 0.1)")
    }
    if let maxDiffPixels, maxDiffPixels < 0 {
      throw WordFitError.outOfRange(.maxDiffPixels, maxDiffPixels, range: "0 or more")
    }
    if let maxDiffRatio, !(maxDiffRatio.isFinite && (0...1).contains(maxDiffRatio)) {
      throw WordFitError.outOfRange(.maxDiffRatio, maxDiffRatio, range: "a ratio from 0 to 1 (not a percentage)")
    }
    if let maxChannelDelta, !(0...255).contains(maxChannelDelta) {
      throw WordFitError.outOfRange(.maxChannelDelta, maxChannelDelta, range: "0…255")
    }
    if let box = mask.first(where: { $0.minX < 0 || $0.minY < 0 || $0.width <= 0 || $0.height <= 0 }) {
      throw WordFitError.outOfRange(
        .mask, "\(box.minX),\(box.minY),\(box.width),\(box.height)",
        range: "x,y,width,height with x, y ≥ 0 and width, height ≥ 1")
    }
  }
}
