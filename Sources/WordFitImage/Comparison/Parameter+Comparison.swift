import WordFitCore

extension Parameter {
  /// The YIQ colour distance below which pixels count as equal, 0…1.
  public static let threshold = Parameter("threshold")
  /// How many pixels may differ.
  public static let maxDiffPixels = Parameter("maxDiffPixels", name: "allowed differing pixels")
  /// What ratio of pixels may differ.
  public static let maxDiffRatio = Parameter("maxDiffRatio", name: "allowed differing ratio")
  /// The largest channel change allowed anywhere.
  public static let maxChannelDelta = Parameter("maxChannelDelta", name: "maximum channel delta")
  /// Regions left out of a comparison.
  public static let mask = Parameter("mask", name: "ignore region")
  /// The most pixels a PNG may decode to.
  public static let maxPixels = Parameter("maxPixels", name: "pixel limit", isSpecKey: false)
}
