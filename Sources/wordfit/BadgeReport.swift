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

    init(_ region: BadgeRendering.Region, file: String) {
      (name, box, text, sizeGroup) = (region.name, region.box, region.text, region.sizeGroup)
      fit = RenderReport(region.rendering, file: file, bytes: 0)
    }
  }

  var file: String
  var bytes: Int
  var width: Int
  var height: Int
  var regions: [Region]
}
