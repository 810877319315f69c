import Foundation
import WordFitCore
import WordFitImage

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

  init(source: String, folder: String) {
    self.source = source
    self.folder = folder
  }

  static let topKeys = ["width", "height", "unit", "dpi", "background", "bands", "images", "regions"]
  static let regionKeys = ["name", "box", "text", "sizeGroup"]
  static let bandKeys = ["box", "fill", "fillBy", "fills"]
  static let imageKeys = ["box", "png"]
  /// How many times over a template's bands and images may cover its badge, added up: the work
  /// of drawing them per badge is at most this many badge areas.
  static let maximumCover = 16

  func decode(_ data: Data) throws -> BadgeTemplate {
    guard let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw fail("is not a JSON object; see the README's badge template example")
    }
    try rejectUnknown(top, known: Self.topKeys, at: "")
    let unit = try string(top["unit"], "unit") ?? "px"
    guard unit == "px" || unit == "mm" else { throw fail("key 'unit': '\(unit)' is not px or mm") }
    let dpi = try number(top["dpi"], "dpi") ?? 300
    guard dpi >= 10, dpi <= 2400 else { throw fail("key 'dpi': \(dpi) is outside 10…2400") }
    let scale = unit == "mm" ? dpi / 25.4 : 1
    guard let rawWidth = try number(top["width"], "width"), let rawHeight = try number(top["height"], "height") else {
      throw fail("needs 'width' and 'height' (in px, or mm with \"unit\": \"mm\")")
    }
    let (width, height) = (try pixels(rawWidth * scale, "width"), try pixels(rawHeight * scale, "height"))
    guard (1...CanvasSize.maximumSide).contains(width), (1...CanvasSize.maximumSide).contains(height) else {
      throw fail("the badge is \(width)x\(height) px; each side must be 1…\(CanvasSize.maximumSide) px")
    }
    let canvas = PixelBox(minX: 0, minY: 0, maxX: width, maxY: height)
    let boxes = BoxReader(scale: scale, canvas: canvas, decoder: self)
    let regions = try list(top["regions"], "regions").enumerated().map { try region($1, index: $0, boxes: boxes) }
    guard !regions.isEmpty else { throw fail("key 'regions': a template needs at least one text region") }
    let bands = try list(top["bands"], "bands").enumerated().map { try band($1, index: $0, boxes: boxes) }
    let images = try list(top["images"], "images").enumerated().map { try image($1, index: $0, boxes: boxes) }
    let drawn = (bands.map(\.box) + images.map(\.box)).reduce(0) { $0 + $1.width * $1.height }
    guard drawn <= Self.maximumCover * width * height else {
      throw fail(
        "its bands and images cover the badge \(drawn / (width * height)) times over; at most \(Self.maximumCover), so merge bands or images"
      )
    }
    return BadgeTemplate(
      width: width, height: height, dotsPerInch: dpi, background: try color(top["background"], "background") ?? "white",
      bands: bands, images: images, regions: regions)
  }

  private func region(_ value: Any, index: Int, boxes: BoxReader) throws -> BadgeRegion {
    let key = "regions[\(index)]"
    guard var object = value as? [String: Any] else { throw fail("key '\(key)' is not an object") }
    let box = try boxes.read(object["box"], "\(key).box")
    guard let text = try string(object["text"], "\(key).text"), !text.isEmpty else {
      throw fail("key '\(key).text' is missing; give a text such as \"{first_name}\"")
    }
    let name = try string(object["name"], "\(key).name") ?? "region-\(index + 1)"
    let group = try string(object["sizeGroup"], "\(key).sizeGroup")
    for known in Self.regionKeys { object[known] = nil }
    if object["canvas"] != nil { throw fail("key '\(key).canvas': a region's canvas is its box") }
    // A region's defaults suit a printed badge: no insets, black text on no background.
    if object["insets"] == nil { object["insets"] = [0] }
    if object["bg"] == nil { object["bg"] = "transparent" }
    if object["fg"] == nil { object["fg"] = "black" }
    object["text"] = "x"
    object["canvas"] = "\(box.width)x\(box.height)"
    var layout = try SpecDecoding.decode(
      RenderSpec.self, from: try JSONSerialization.data(withJSONObject: object), source: "\(source), \(key)")
    layout.resolvePaths(inFolder: folder)
    return BadgeRegion(name: name, box: box, text: text, sizeGroup: group, layout: layout)
  }

  private func band(_ value: Any, index: Int, boxes: BoxReader) throws -> BadgeBand {
    let key = "bands[\(index)]"
    guard let object = value as? [String: Any] else { throw fail("key '\(key)' is not an object") }
    try rejectUnknown(object, known: Self.bandKeys, at: key + ".")
    var fills: [String: String] = [:]
    if let raw = object["fills"] {
      guard let map = raw as? [String: Any] else { throw fail("key '\(key).fills' is not an object of colours") }
      for (value, fill) in map { fills[value] = try color(fill, "\(key).fills.\(value)") }
    }
    return BadgeBand(
      box: try boxes.read(object["box"], "\(key).box"), fill: try color(object["fill"], "\(key).fill") ?? "clear",
      fillBy: try string(object["fillBy"], "\(key).fillBy"), fills: fills)
  }

  private func image(_ value: Any, index: Int, boxes: BoxReader) throws -> BadgeImage {
    let key = "images[\(index)]"
    guard let object = value as? [String: Any] else { throw fail("key '\(key)' is not an object") }
    try rejectUnknown(object, known: Self.imageKeys, at: key + ".")
    let box = try boxes.read(object["box"], "\(key).box")
    guard let file = try string(object["png"], "\(key).png") else { throw fail("key '\(key).png' is missing") }
    guard !file.unicodeScalars.contains("\u{0}") else {
      throw fail("key '\(key).png': the path has a NUL character; give a file name")
    }
    let path = file.hasPrefix("/") || folder.isEmpty ? file : (folder as NSString).appendingPathComponent(file)
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

  private func rejectUnknown(_ object: [String: Any], known: [String], at prefix: String) throws {
    if let unknown = object.keys.filter({ !known.contains($0) }).sorted().first {
      throw fail("unknown key '\(prefix)\(unknown)'; known keys: \(known.joined(separator: ", "))")
    }
  }

  func number(_ value: Any?, _ key: String) throws -> Double? {
    guard let value else { return nil }
    // JSON true/false also read as NSNumber on Linux; their type is "c" (char).
    guard let number = value as? NSNumber, String(cString: number.objCType) != "c", number.doubleValue.isFinite else {
      throw fail("key '\(key)' is not a number")
    }
    return number.doubleValue
  }

  private func string(_ value: Any?, _ key: String) throws -> String? {
    guard let value else { return nil }
    guard let text = value as? String else { throw fail("key '\(key)' is not a string") }
    return text
  }

  private func color(_ value: Any?, _ key: String) throws -> String? {
    guard let text = try string(value, key) else { return nil }
    do { _ = try Color.parse(text) } catch let error as WordFitError { throw fail("key '\(key)': \(error.message)") }
    return text
  }

  private func list(_ value: Any?, _ key: String) throws -> [Any] {
    guard let value else { return [] }
    guard let array = value as? [Any] else { throw fail("key '\(key)' is not an array") }
    guard array.count <= 256 else { throw fail("key '\(key)' has \(array.count) entries; at most 256") }
    return array
  }
}

/// Reads `[x, y, width, height]` boxes in the template's unit and checks they lie on the badge.
struct BoxReader {
  let scale: Double
  let canvas: PixelBox
  let decoder: BadgeTemplateDecoder

  func read(_ value: Any?, _ key: String) throws -> PixelBox {
    guard let array = value as? [Any], array.count == 4 else {
      throw decoder.fail("key '\(key)' must be [x, y, width, height]")
    }
    let numbers = try array.enumerated().map { try decoder.number($1, "\(key)[\($0)]") ?? 0 }
    // The edges are rounded, not the extent: [0.05, 0, 85.95, 54] mm ends exactly on an 86 mm
    // badge's edge, whatever the two halves round to.
    let edges = try [numbers[0], numbers[1], numbers[0] + numbers[2], numbers[1] + numbers[3]].enumerated().map {
      try decoder.pixels($1 * scale, "\(key)[\($0)]")
    }
    let box = PixelBox(minX: edges[0], minY: edges[1], maxX: edges[2], maxY: edges[3])
    guard box.width > 0, box.height > 0, canvas.contains(box) else {
      throw decoder.fail(
        "key '\(key)': the box \(box.summary) is empty or outside the \(canvas.width)x\(canvas.height) px badge")
    }
    return box
  }
}
