import Foundation
import WordFitCore
import WordFitImage
import WordFitLayout

/// A badge template's JSON as written: typed and strict (unknown keys and wrong types are
/// errors naming the key), not yet checked against the badge — ``BadgeTemplateDecoder`` does
/// that.
struct TemplateFile: Decodable {
  var width: Double?
  var height: Double?
  var unit: String?
  var dpi: Double?
  var background: String?
  var bands: [Band]
  var images: [Image]
  var regions: [Region]
  var qr: [QR]
  var templateBy: String?
  var templates: [String: String]?
  var back: String?
  var localeBy: String?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case width, height, unit, dpi, background, bands, images, regions, qr, templateBy, templates, back, localeBy
  }

  init(from decoder: Decoder) throws {
    try SpecDecoding.rejectUnknownKeys(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
    let c = try decoder.container(keyedBy: CodingKeys.self)
    width = try c.decodeIfPresent(Double.self, forKey: .width)
    height = try c.decodeIfPresent(Double.self, forKey: .height)
    unit = try c.decodeIfPresent(String.self, forKey: .unit)
    dpi = try c.decodeIfPresent(Double.self, forKey: .dpi)
    background = try c.decodeIfPresent(String.self, forKey: .background)
    bands = try c.decodeIfPresent([Band].self, forKey: .bands) ?? []
    images = try c.decodeIfPresent([Image].self, forKey: .images) ?? []
    regions = try c.decodeIfPresent([Region].self, forKey: .regions) ?? []
    qr = try c.decodeIfPresent([QR].self, forKey: .qr) ?? []
    templateBy = try c.decodeIfPresent(String.self, forKey: .templateBy)
    templates = try c.decodeIfPresent([String: String].self, forKey: .templates)
    back = try c.decodeIfPresent(String.self, forKey: .back)
    localeBy = try c.decodeIfPresent(String.self, forKey: .localeBy)
  }

  /// A QR code: box, data, error correction.
  struct QR: Decodable {
    var box: [Double]?
    var data: String?
    var ecc: QRCode.ErrorCorrection?

    enum CodingKeys: String, CodingKey, CaseIterable { case box, data, ecc }

    init(from decoder: Decoder) throws {
      try SpecDecoding.rejectUnknownKeys(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
      let c = try decoder.container(keyedBy: CodingKeys.self)
      box = try c.decodeIfPresent([Double].self, forKey: .box)
      data = try c.decodeIfPresent(String.self, forKey: .data)
      ecc = try c.decodeIfPresent(QRCode.ErrorCorrection.self, forKey: .ecc)
    }
  }

  /// A filled rectangle, coloured by a column's value or not.
  struct Band: Decodable {
    var box: [Double]?
    var fill: String?
    var fillBy: String?
    var fills: [String: String]?

    enum CodingKeys: String, CodingKey, CaseIterable { case box, fill, fillBy, fills }

    init(from decoder: Decoder) throws {
      try SpecDecoding.rejectUnknownKeys(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
      let c = try decoder.container(keyedBy: CodingKeys.self)
      box = try c.decodeIfPresent([Double].self, forKey: .box)
      fill = try c.decodeIfPresent(String.self, forKey: .fill)
      fillBy = try c.decodeIfPresent(String.self, forKey: .fillBy)
      fills = try c.decodeIfPresent([String: String].self, forKey: .fills)
    }
  }

  /// A PNG drawn into a box.
  struct Image: Decodable {
    var box: [Double]?
    var png: String?
    var optional: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable { case box, png, optional }

    init(from decoder: Decoder) throws {
      try SpecDecoding.rejectUnknownKeys(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
      let c = try decoder.container(keyedBy: CodingKeys.self)
      box = try c.decodeIfPresent([Double].self, forKey: .box)
      png = try c.decodeIfPresent(String.self, forKey: .png)
      optional = try c.decodeIfPresent(Bool.self, forKey: .optional)
    }
  }

  /// A text region: its own keys, and every layout key a `render` spec takes (read by the
  /// spec's own decoder over ``LayoutFields/badgeRegion``), but `canvas` (the box is the
  /// canvas) and `tolerance`.
  struct Region: Decodable {
    var name: String?
    var box: [Double]?
    var sizeGroup: String?
    var optional: Bool?
    var whenEmpty: String?
    var map: [String: String]?
    var familyFirst: String?
    /// The region's layout; its `text` is the region's text template (`{first_name}`).
    var layout: RenderSpec

    enum CodingKeys: String, CodingKey, CaseIterable {
      case name, box, text, sizeGroup, optional, whenEmpty, map, familyFirst
    }

    /// The keys a region takes.
    static var keys: [String] {
      var keys = CodingKeys.allCases.map(\.rawValue)
      keys += RenderSpec.keys.filter { !keys.contains($0) && $0 != "canvas" && $0 != "tolerance" }
      return keys
    }

    init(from decoder: Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      if try decoder.container(keyedBy: LayoutFields.CodingKeys.self).contains(.canvas) {
        throw WordFitError(
          .invalidData,
          "key '\(SpecDecoding.keyPath(decoder.codingPath)).canvas': a region's canvas is its box; remove it and set the box"
        )
      }
      try SpecDecoding.rejectUnknownKeys(in: decoder, known: Self.keys)
      name = try c.decodeIfPresent(String.self, forKey: .name)
      box = try c.decodeIfPresent([Double].self, forKey: .box)
      sizeGroup = try c.decodeIfPresent(String.self, forKey: .sizeGroup)
      optional = try c.decodeIfPresent(Bool.self, forKey: .optional)
      whenEmpty = try c.decodeIfPresent(String.self, forKey: .whenEmpty)
      map = try c.decodeIfPresent([String: String].self, forKey: .map)
      familyFirst = try c.decodeIfPresent(String.self, forKey: .familyFirst)
      var defaults = RenderSpec(text: "")
      defaults.fields = .badgeRegion
      layout = try RenderSpec(from: decoder, over: defaults)
    }
  }
}
