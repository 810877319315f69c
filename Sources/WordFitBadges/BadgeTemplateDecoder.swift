import Foundation
import WordFitCore
import WordFitImage
import WordFitLayout

/// Reads a badge template's JSON strictly: unknown keys, wrong types, boxes outside the badge,
/// and images that are not PNGs are errors naming the key (`key 'regions[1].box': …`).
struct BadgeTemplateDecoder {
  let source: String
  let folder: String
  /// Images decoded so far by path, and resampled so far by path and box size: each distinct
  /// file is read and decoded once, and resampled once per distinct box size.
  let images = ImageCache()

  /// Decoded and resampled images, with how often each was done (for tests).
  final class ImageCache {
    var decoded: [String: Canvas] = [:]
    var resampled: [String: [UInt8]] = [:]
    var decodes = 0
    var resamples = 0
  }

  /// Whether the template may pick variants (`templateBy`); a variant or a back may not.
  var allowsVariants = true
  /// Whether the template may have a back (`back`); a back may not.
  var allowsBack = true
  /// How a design is drawn for what prints it: at a printer's resolution, fitted to a label.
  struct Fitting: Sendable {
    /// A label the design is fitted to (fit-to-label, a label printer's printable area): its
    /// size in px at ``dotsPerInch`` (else the template's dpi).
    var label: (width: Int, height: Int)? = nil
    /// The resolution to draw at instead of the template's own (a label printer's head): every
    /// length is scaled from the template's dpi to it, so the design keeps its size in mm.
    var dotsPerInch: Double? = nil
  }

  /// How the design is drawn for what prints it.
  var fitting = Fitting()
  /// The label the design is fitted to, if any.
  var label: (width: Int, height: Int)? { fitting.label }

  init(source: String, folder: String) {
    self.source = source
    self.folder = folder
  }

  static var topKeys: [String] { TemplateFile.CodingKeys.allCases.map(\.rawValue) }
  static var regionKeys: [String] { TemplateFile.Region.CodingKeys.allCases.map(\.rawValue) }
  static var bandKeys: [String] { TemplateFile.Band.CodingKeys.allCases.map(\.rawValue) }
  static var imageKeys: [String] { TemplateFile.Image.CodingKeys.allCases.map(\.rawValue) }
  /// How many times over a template's bands and images may cover its badge, added up: the work
  /// of drawing them per badge is at most this many badge areas.
  static let maximumCover = 16

  func decode(_ data: Data) throws -> BadgeTemplate {
    let file = try SpecDecoding.decode(TemplateFile.self, from: data, source: source)
    let unit = file.unit ?? "px"
    guard unit == "px" || unit == "mm" else { throw fail("key 'unit': '\(unit)' is not px or mm") }
    let ownDPI = file.dpi ?? 300
    guard ownDPI >= 10, ownDPI <= 2400 else { throw fail("key 'dpi': \(ownDPI) is outside 10…2400") }
    let dpi = fitting.dotsPerInch ?? ownDPI
    // Lengths in px are at the template's own dpi; drawn at another, each is scaled to keep its mm.
    let resolution = dpi / ownDPI
    let scale = unit == "mm" ? dpi / 25.4 : resolution
    guard let rawWidth = file.width, let rawHeight = file.height else {
      throw fail("needs 'width' and 'height' (in px, or mm with \"unit\": \"mm\")")
    }
    var (width, height) = (try pixels(rawWidth * scale, "width"), try pixels(rawHeight * scale, "height"))
    guard (1...CanvasSize.maximumSide).contains(width), (1...CanvasSize.maximumSide).contains(height) else {
      throw fail("the badge is \(width)x\(height) px; each side must be 1…\(CanvasSize.maximumSide) px")
    }
    let fit = label.map { LabelFit(design: (width, height), label: $0) }
    if let fit { (width, height) = (fit.label.width, fit.label.height) }
    let boxes = BoxReader(
      scale: scale * (fit?.scale ?? 1), offset: fit.map { ($0.left, $0.top) } ?? (0, 0),
      canvas: PixelBox(minX: 0, minY: 0, maxX: width, maxY: height), decoder: self)
    for (key, count) in [
      ("regions", file.regions.count), ("bands", file.bands.count), ("images", file.images.count),
      ("qr", file.qr.count),
    ]
    where count > 256 {
      throw fail("key '\(key)' has \(count) entries; at most 256")
    }
    let regions = try file.regions.enumerated().map {
      try region($1, index: $0, boxes: boxes, scale: resolution * (fit?.scale ?? 1))
    }
    guard !regions.isEmpty else { throw fail("key 'regions': a template needs at least one text region") }
    let bands = try file.bands.enumerated().map { try band($1, index: $0, boxes: boxes) }
    // The cover is checked from the boxes alone, before any image is decoded or resampled
    // (a template refused for its cover had resampled gigabytes first).
    let imageBoxes = try file.images.enumerated().map { try boxes.read($1.box, "images[\($0)].box") }
    let drawn = (bands.map(\.box) + imageBoxes).reduce(0) { $0 + $1.width * $1.height }
    guard drawn <= Self.maximumCover * width * height else {
      throw fail(
        "its bands and images cover the badge \(drawn / (width * height)) times over; at most \(Self.maximumCover), so merge bands or images"
      )
    }
    let images = try file.images.enumerated().map { try image($1, index: $0, boxes: boxes) }
    var template = BadgeTemplate(
      width: width, height: height, dotsPerInch: dpi, background: try color(file.background, "background") ?? "white",
      bands: bands, images: images, regions: regions)
    template.labelFit = fit
    template.localeColumn = file.localeBy
    template.qrCodes = try file.qr.enumerated().map { index, qr in
      guard let data = qr.data, !data.isEmpty else {
        throw fail("key 'qr[\(index)].data' is missing; give the data, such as \"{ticket_secret}\"")
      }
      return BadgeQRCode(box: try boxes.read(qr.box, "qr[\(index)].box"), data: data, correction: qr.ecc)
    }
    try loadOtherFiles(of: file, into: &template)
    return template
  }

  /// Reads the templates `file` names beside itself: its `back`, then its variants (which take
  /// that back when they have none).
  private func loadOtherFiles(of file: TemplateFile, into template: inout BadgeTemplate) throws {
    guard (file.templateBy == nil) == (file.templates == nil) else {
      throw fail("keys 'templateBy' and 'templates' go together: the column, and its values' template files")
    }
    if let back = file.back {
      guard allowsBack else { throw fail("key 'back': a back may not have a back of its own") }
      template.back = try template.loadBack(back, folder: folder, source: source, fitting: fitting)
    }
    if let column = file.templateBy, let files = file.templates {
      guard allowsVariants else { throw fail("key 'templateBy': a variant or a back may not pick templates itself") }
      guard files.count <= 64 else { throw fail("key 'templates' has \(files.count) entries; at most 64") }
      template.variantColumn = column
      try template.loadVariants(files, folder: folder, source: source, fitting: fitting)
    }
  }

  /// A region: its box, and its layout keys (decoded with every spec's decoder over a region's
  /// defaults) checked on a canvas the size of the box, with paths relative to the template.
  private func region(_ file: TemplateFile.Region, index: Int, boxes: BoxReader, scale: Double) throws -> BadgeRegion {
    let key = "regions[\(index)]"
    let box = try boxes.read(file.box, "\(key).box")
    var layout = file.layout
    if scale != 1 { layout.scaleLengths(by: scale) }
    guard !layout.text.isEmpty else { throw fail("key '\(key).text' is missing; give a text such as \"{first_name}\"") }
    layout.canvas = "\(box.width)x\(box.height)"
    layout.fields.resolvePaths(inFolder: folder)
    do {
      _ = try layout.validated()
    } catch let error as WordFitError {
      throw WordFitError(
        error.kind, "\(source): \(SpecDecoding.keyed(error, in: key))", reason: error.reason, input: source)
    }
    var region = BadgeRegion(
      name: file.name ?? "region-\(index + 1)", box: box, text: layout.text, sizeGroup: file.sizeGroup, layout: layout)
    region.isOptional = file.optional ?? true
    region.whenEmpty = file.whenEmpty
    if let familyFirst = file.familyFirst {
      guard !familyFirst.trimmingCharacters(in: .whitespaces).isEmpty else {
        throw fail(
          "key '\(key).familyFirst' is empty; give the text for family-first locales, such as \"{family} {given}\"")
      }
      region.familyFirstText = familyFirst
    }
    region.map = try checkedMap(file.map ?? [:], key: "\(key).map")
    return region
  }

  /// A region's value map: no blank key (a blank cell is `whenEmpty`'s, which a blank key would
  /// hide) and no two keys that match the same cell (keys match trimmed and case-insensitive).
  private func checkedMap(_ map: [String: String], key: String) throws -> [String: String] {
    var seen: [String: String] = [:]
    for original in map.keys.sorted() {
      let normalized = BadgeText.key(original)
      guard !normalized.isEmpty else {
        throw fail("key '\(key)' has a blank key; a blank cell shows the region's \"whenEmpty\", so give that instead")
      }
      if let other = seen[normalized] {
        throw fail(
          "key '\(key)': \"\(other.prefix(40))\" and \"\(original.prefix(40))\" match the same cells (keys ignore case and outer spaces); keep one"
        )
      }
      seen[normalized] = original
    }
    return map
  }

  private func band(_ file: TemplateFile.Band, index: Int, boxes: BoxReader) throws -> BadgeBand {
    let key = "bands[\(index)]"
    var fills: [String: String] = [:]
    for (value, fill) in file.fills ?? [:] { fills[value] = try color(fill, "\(key).fills.\(value)") }
    return BadgeBand(
      box: try boxes.read(file.box, "\(key).box"), fill: try color(file.fill, "\(key).fill") ?? "clear",
      fillBy: file.fillBy, fills: fills)
  }

  private func image(_ file: TemplateFile.Image, index: Int, boxes: BoxReader) throws -> BadgeImage {
    let key = "images[\(index)]"
    let box = try boxes.read(file.box, "\(key).box")
    guard let name = file.png else { throw fail("key '\(key).png' is missing") }
    guard !name.unicodeScalars.contains("\u{0}") else {
      throw fail("key '\(key).png': the path has a NUL character; give a file name")
    }
    if !BadgeText.references(in: name).isEmpty {
      // A row's own image: read when the row is drawn, relative to the CSV.
      var image = BadgeImage(box: box, path: name, pixels: [])
      (image.rowPath, image.isOptional) = (name, file.optional ?? true)
      return image
    }
    let path = name.hasPrefix("/") || folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    let sizeKey = "\(box.width)x\(box.height)\u{0}" + path
    if let pixels = images.resampled[sizeKey] { return BadgeImage(box: box, path: path, pixels: pixels) }
    let canvas = try images.decoded[path] ?? decodeImage(path, key: key)
    if images.decoded[path] == nil { images.decodes += 1 }
    images.decoded[path] = canvas
    let pixels = canvas.premultipliedRGBA(fittingWidth: box.width, height: box.height)
    images.resamples += 1
    images.resampled[sizeKey] = pixels
    return BadgeImage(box: box, path: path, pixels: pixels)
  }

  private func decodeImage(_ path: String, key: String) throws -> Canvas {
    let bytes = try InputFile.read(path, role: "image", limit: InputLimits.pngFileBytes)
    do {
      return try PNGCodec.decode(bytes, maximumPixels: InputLimits.glyphPixels).canvas
    } catch let error as WordFitError {
      if case .outOfRange = error.reason {
        throw fail(
          "key '\(key).png': \(path) has more than the \(InputLimits.glyphPixels >> 20) Mpx a template image may have; scale it down"
        )
      }
      throw fail("key '\(key).png': \(path) is not a PNG WordFit can read (\(error.message))")
    }
  }

  // MARK: Values

  func fail(_ message: String) -> WordFitError { WordFitError(.invalidData, "\(source): \(message)", input: source) }

  /// A length in pixels, rounded; an absurd value is an error, never a trap.
  func pixels(_ value: Double, _ key: String) throws -> Int {
    guard value.isFinite, abs(value) <= Double(1 << 20) else {
      throw fail("key '\(key)': \(value) px is far outside any badge")
    }
    return Int(value.rounded())
  }

  private func color(_ text: String?, _ key: String) throws -> String? {
    guard let text else { return nil }
    do { _ = try Color.parse(text) } catch let error as WordFitError { throw fail("key '\(key)': \(error.message)") }
    return text
  }
}

/// Reads `[x, y, width, height]` boxes in the template's unit and checks they lie on the badge.
struct BoxReader {
  let scale: Double
  /// Added to every edge, in px (a design centred on a label).
  let offset: (x: Int, y: Int)
  let canvas: PixelBox
  let decoder: BadgeTemplateDecoder

  func read(_ numbers: [Double]?, _ key: String) throws -> PixelBox {
    guard let numbers, numbers.count == 4 else { throw decoder.fail("key '\(key)' must be [x, y, width, height]") }
    // The edges are rounded, not the extent: [0.05, 0, 85.95, 54] mm ends exactly on an 86 mm
    // badge's edge, whatever the two halves round to.
    let edges = try [numbers[0], numbers[1], numbers[0] + numbers[2], numbers[1] + numbers[3]].enumerated().map {
      try decoder.pixels($1 * scale, "\(key)[\($0)]")
    }
    let box = PixelBox(
      minX: edges[0] + offset.x, minY: edges[1] + offset.y, maxX: edges[2] + offset.x, maxY: edges[3] + offset.y)
    guard box.width > 0, box.height > 0, canvas.contains(box) else {
      throw decoder.fail(
        "key '\(key)': the box \(box.summary) is empty or outside the \(canvas.width)x\(canvas.height) px badge")
    }
    return box
  }
}
