import WordFitCore

/// How a badge design is fitted to a label: scaled uniformly by the largest factor that keeps it
/// inside, and centred; the badge becomes the label's size, the design's background around it.
/// A uniform fit never crops.
public struct LabelFit: Sendable, Equatable {
  /// The design's size in px.
  public let design: (width: Int, height: Int)
  /// The label's size in px (the badge's size after fitting).
  public let label: (width: Int, height: Int)
  /// The scale applied to every length of the design.
  public let scale: Double
  /// The design's left and top edges on the label, in px.
  public let left: Int
  /// The design's top edge on the label, in px.
  public let top: Int

  /// The fit of `design` onto `label` (both in px at one resolution).
  public init(design: (width: Int, height: Int), label: (width: Int, height: Int)) {
    self.design = design
    self.label = label
    scale = min(Double(label.width) / Double(design.width), Double(label.height) / Double(design.height))
    let width = Int((Double(design.width) * scale).rounded())
    let height = Int((Double(design.height) * scale).rounded())
    left = (label.width - width) / 2
    top = (label.height - height) / 2
  }

  /// Whether two fits are the same.
  public static func == (a: LabelFit, b: LabelFit) -> Bool {
    a.design == b.design && a.label == b.label && a.scale == b.scale && a.left == b.left && a.top == b.top
  }

  /// One line for the batch to print before its first row: the label, the scale, the design's
  /// size on it and the margins left around it, in mm at `dotsPerInch`.
  public func summary(dotsPerInch: Double, label name: String) -> String {
    let mm = { (pixels: Double) in TextFormatting.pixels((pixels / dotsPerInch * 254).rounded() / 10) }
    let width = (Double(design.width) * scale).rounded()
    let height = (Double(design.height) * scale).rounded()
    return "fit to the \(name) label (\(mm(Double(label.width)))x\(mm(Double(label.height))) mm): the "
      + "\(mm(Double(design.width)))x\(mm(Double(design.height))) mm design scaled by "
      + String(format: "%.4f", scale) + " to \(mm(width))x\(mm(height)) mm, centred (\(mm(Double(left))) mm "
      + "left and right, \(mm(Double(top))) mm above and below); nothing cropped"
  }
}
