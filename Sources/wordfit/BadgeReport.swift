import WordFit

/// `render --template … --json`: the badge's file and size, and each region's fit as `render`
/// reports a text's.
struct BadgeReport: Encodable {
  /// One region: its name, box and text, and its fit as ``RenderReport``.
  struct Region: Encodable {
    var name: String
    var box: PixelBox
    var text: String
    var sizeGroup: String?
    var fit: RenderReport
    /// As printed (``PrintedRegion``): points at the badge's resolution, and whether that is
    /// under the region's legible size.
    var points: Double
    var minimumPoints: Double
    var illegible: Bool?

    init(_ region: BadgeRendering.Region, printed: PrintedRegion, file: String) {
      (name, box, text, sizeGroup) = (region.name, region.box, region.text, region.sizeGroup)
      fit = RenderReport(region.rendering, file: file, bytes: 0)
      (points, minimumPoints, illegible) = (
        (printed.points * 100).rounded() / 100, printed.minimumPoints, printed.illegible
      )
    }
  }

  var file: String
  var bytes: Int
  var width: Int
  var height: Int
  var regions: [Region]
}
