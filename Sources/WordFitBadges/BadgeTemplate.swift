import Foundation
import WordFitCore
import WordFitImage
import WordFitLayout
import WordFitOutput

/// A badge: a canvas with several fitted text regions bound to CSV columns, coloured bands and
/// images, read from a JSON template (README, "Badge templates").
///
/// Lengths in the JSON are in its `unit`: pixels, or millimetres at its `dpi`. Every value is checked
/// when the template is read, with errors that name the key.
public struct BadgeTemplate: Sendable {
  /// A rectangle on the badge, in pixels.
  public typealias Box = PixelBox

  /// The badge's size in pixels.
  public var width: Int
  /// The badge's height in pixels.
  public var height: Int
  /// Pixels per inch (for `mm` lengths, the PNG's `pHYs` chunk and print sheets).
  public var dotsPerInch: Double

  /// `millimetres` at the template's resolution, in whole pixels (a bleed, a margin).
  public func pixels(millimetres: Double) -> Int { Int((millimetres / 25.4 * dotsPerInch).rounded()) }
  /// The badge's background colour.
  public var background: String
  /// The coloured bands, drawn first, in order.
  public var bands: [BadgeBand]
  /// The images, drawn over the bands.
  public var images: [BadgeImage]
  /// The text regions, drawn last.
  public var regions: [BadgeRegion]
  /// The QR codes, drawn over the bands and images.
  public var qrCodes: [BadgeQRCode] = []
  /// The column whose value is a row's locale (`localeBy`, a BCP 47 tag such as `ja` or
  /// `hu-HU`), which picks each region's `familyFirst` text; without it, the row's language
  /// (`--language-column`).
  public var localeColumn: String? = nil
  /// The column whose value picks another template for a row (`templateBy`), if any.
  public var variantColumn: String? = nil
  /// The templates `variantColumn`'s values pick (keys lower-cased, trimmed); a row whose value
  /// is not among them takes this template.
  public var variants: [String: BadgeTemplate] = [:]
  /// How the design was fitted to a label, when it was (``load(contentsOf:fittingLabel:)``).
  public var labelFit: LabelFit? = nil
  /// How the design is drawn for a label printer, when it was loaded for one
  /// (``load(contentsOf:printer:)``).
  public var printerFit: PrinterFit? = nil

  /// The badge's back: a template of its own (`"back": "back.json"`), the size of this one,
  /// drawn with the same row; `nil` when the badge has none (a duplex back then repeats the
  /// front). A variant without a back of its own takes this template's.
  public var back: BadgeTemplate? {
    get { backSide.first }
    set { backSide = newValue.map { [$0] } ?? [] }
  }
  /// ``back``'s storage (a struct cannot hold an optional of itself).
  var backSide: [BadgeTemplate] = []

  /// The back a row takes: its variant's back (``variant(for:)``), or `nil` when it has none.
  public func back(for fields: [String: String]) -> BadgeTemplate? { variant(for: fields).back }

  /// The template a row takes: the variant its `templateBy` column's value names, else this one.
  public func variant(for fields: [String: String]) -> BadgeTemplate {
    guard let column = variantColumn?.lowercased(), let value = fields[column] else { return self }
    return variants[BadgeText.key(value)] ?? self
  }
  /// The key of the variant a row takes (`""` for this template itself), for caches by variant.
  func variantKey(for fields: [String: String]) -> String {
    guard let column = variantColumn?.lowercased(), let value = fields[column] else { return "" }
    let key = BadgeText.key(value)
    return variants[key] == nil ? "" : key
  }

  /// The file the template was read from, or `nil` when it was decoded from data.
  public var sourcePath: String? = nil

  /// Every file the template reads, with its role: the template itself, its images, and its
  /// regions' font and fallback files. Outputs are checked against these so that no output
  /// ever replaces an input.
  public var inputFiles: [(role: String, path: String)] {
    var files: [(role: String, path: String)] = sourcePath.map { [("template", $0)] } ?? []
    files += images.filter { $0.rowPath == nil }.map { ("template image", $0.path) }
    for region in regions { files += region.layout.inputFiles }
    for variant in variants.values { files += variant.inputFiles }
    if let back { files += back.inputFiles.map { ("back " + $0.role, $0.path) } }
    return files
  }

  /// The columns the template's texts and bands read (lower-cased), each once.
  public var columns: [String] {
    var names: [String] = []
    for name
      in (regions.map(\.text) + regions.compactMap(\.familyFirstText) + qrCodes.map(\.data)
      + images.compactMap(\.rowPath)).flatMap(BadgeText.columns)
      + bands.compactMap(\.fillBy)
      + [variantColumn, localeColumn].compactMap({ $0 }) + variants.values.flatMap(\.columns) + (back?.columns ?? [])
    where !names.contains(name.lowercased()) {
      names.append(name.lowercased())
    }
    return names
  }

  /// The column references a row must be able to fill (lower-cased): each region's `{…}` as
  /// its alternatives (one of them must be a column; the others may be missing and read as
  /// empty), and each band's `fillBy`.
  public var columnReferences: [[String]] {
    (regions.map(\.text) + qrCodes.map(\.data) + images.compactMap(\.rowPath)).flatMap {
      BadgeText.references(in: $0)
    }.map {
      $0.map { $0.lowercased() }
    }
      + bands.compactMap(\.fillBy).map { [$0.lowercased()] }
      + [variantColumn, localeColumn].compactMap { $0.map { [$0.lowercased()] } }
      + variants.values.flatMap(\.columnReferences) + (back?.columnReferences ?? [])
  }

  /// The JSON keys a template reads: at its top, and in each region (besides every `render`
  /// spec key but `text` and `canvas`), band and image (for the manual page).
  public static var keys: (top: [String], region: [String], band: [String], image: [String]) {
    (
      BadgeTemplateDecoder.topKeys, BadgeTemplateDecoder.regionKeys, BadgeTemplateDecoder.bandKeys,
      BadgeTemplateDecoder.imageKeys
    )
  }

  /// Reads a template file; relative image and font paths are relative to its folder.
  ///
  /// - Throws: ``WordFitError`` `.missingInput` for a missing template or image, `.invalidData`
  ///   for malformed JSON, an unknown key, a region outside the canvas or an image that is not
  ///   a PNG — each naming the key.
  public static func load(contentsOf path: String) throws -> BadgeTemplate {
    try load(contentsOf: path, fittingLabel: nil)
  }

  /// Loads the template at `path` fitted to the label of the product `sheet` names (`Avery
  /// 5395`; see ``LabelStock/named(_:)``).
  ///
  /// - Throws: ``WordFitError`` `.usage` for a page size or an unknown product; as
  ///   ``load(contentsOf:)``.
  public static func load(contentsOf path: String, fittingLabelOf sheet: String) throws -> BadgeTemplate {
    if (try? PrintSheet.pageSize(sheet)) != nil {
      throw WordFitError(
        .usage,
        "\(sheet) is a page size; fitting to a label needs a label product such as \"Avery 5395\" (wordfit sheets)")
    }
    let stock = try LabelStock.named(sheet)
    return try load(contentsOf: path, fittingLabel: (stock.labelWidth, stock.labelHeight))
  }

  /// Loads the template at `path` fitted to a label of `label` mm (fit-to-label): the design
  /// scaled uniformly by the largest factor that keeps it inside the label, centred on a badge
  /// the label's size, every length scaled with it (boxes, and each region's maximum size,
  /// insets, spacing, tracking and kerning). ``labelFit`` says how.
  ///
  /// - Throws: as ``load(contentsOf:)``.
  public static func load(contentsOf path: String, fittingLabel label: (width: Double, height: Double)?) throws
    -> BadgeTemplate
  {
    let data = Data(try InputFile.read(path, role: "template", limit: InputLimits.specBytes))
    var decoder = BadgeTemplateDecoder(
      source: "template \(path)", folder: PathText.deletingLastComponent(path))
    var template = try decoder.decode(data)
    if let label {
      // The label in px at the template's own resolution; the design decoded again onto it.
      let pixels = { (millimetres: Double) in Int((millimetres / 25.4 * template.dotsPerInch).rounded()) }
      decoder.fitting.label = (pixels(label.width), pixels(label.height))
      template = try decoder.decode(data)
    }
    template.sourcePath = path
    return template
  }

  /// Loads the templates `templateBy` names (relative to `folder`), each of this template's size
  /// and without a `templateBy` of its own.
  ///
  /// - Throws: ``WordFitError`` as ``load(contentsOf:)`` for each, `.invalidData` for a variant
  ///   of another size or one that picks variants itself (so no template can name itself).
  mutating func loadVariants(
    _ files: [String: String], folder: String, source: String, fitting: BadgeTemplateDecoder.Fitting = .init()
  ) throws {
    for (value, file) in files.sorted(by: { $0.key < $1.key }) {
      let path = file.hasPrefix("/") || folder.isEmpty ? file : (folder as NSString).appendingPathComponent(file)
      let data = Data(try InputFile.read(path, role: "template", limit: InputLimits.specBytes))
      var decoder = BadgeTemplateDecoder(
        source: "template \(path)", folder: PathText.deletingLastComponent(path))
      decoder.allowsVariants = false
      decoder.fitting = fitting
      var variant = try decoder.decode(data)
      variant.sourcePath = path
      if variant.back == nil { variant.back = back }
      guard variant.width == width, variant.height == height else {
        throw WordFitError(
          .invalidData,
          "\(source): key 'templates.\(value)': \(path) is \(variant.width)x\(variant.height) px, the template \(width)x\(height); every variant must be the size of the badge",
          input: path)
      }
      variants[value.trimmingCharacters(in: .whitespaces).lowercased()] = variant
    }
  }

  /// Loads the back `file` names (relative to `folder`): this template's size, without a back
  /// or variants of its own, fitted to the same label.
  ///
  /// - Throws: ``WordFitError`` as ``load(contentsOf:)``, `.invalidData` for a back of another
  ///   size.
  func loadBack(_ file: String, folder: String, source: String, fitting: BadgeTemplateDecoder.Fitting) throws
    -> BadgeTemplate
  {
    let path = file.hasPrefix("/") || folder.isEmpty ? file : (folder as NSString).appendingPathComponent(file)
    let data = Data(try InputFile.read(path, role: "back template", limit: InputLimits.specBytes))
    var decoder = BadgeTemplateDecoder(
      source: "back template \(path)", folder: PathText.deletingLastComponent(path))
    (decoder.allowsVariants, decoder.allowsBack, decoder.fitting) = (false, false, fitting)
    var back = try decoder.decode(data)
    back.sourcePath = path
    guard back.width == width, back.height == height else {
      throw WordFitError(
        .invalidData,
        "\(source): key 'back': \(path) is \(back.width)x\(back.height) px, the front \(width)x\(height) px; a back is the size of its front",
        input: path)
    }
    return back
  }

  /// Decodes a template from JSON; relative paths are relative to `folder`.
  ///
  /// - Throws: ``WordFitError`` as ``load(contentsOf:)``.
  public static func decode(_ data: Data, folder: String = "") throws -> BadgeTemplate {
    try BadgeTemplateDecoder(source: "template", folder: folder).decode(data)
  }
}

/// A filled rectangle: one colour, or a colour chosen by a column's value (a role band).
public struct BadgeBand: Sendable {
  /// Where, in pixels.
  public var box: PixelBox
  /// The fill when no rule matches (or the only fill).
  public var fill: String
  /// The column whose value picks the fill, or `nil`.
  public var fillBy: String?
  /// Fills by the column's value (compared without surrounding spaces, ignoring case).
  public var fills: [String: String]

  /// The fill for a row.
  func color(for fields: [String: String]) -> String {
    guard let column = fillBy, let value = fields[column.lowercased()] else { return fill }
    let key = BadgeText.key(value)
    return fills.first { $0.key.lowercased() == key }?.value ?? fill
  }
}

/// A PNG image (a logo), scaled to fit its box with its aspect kept, centred; read once.
public struct BadgeImage: Sendable {
  /// Where, in pixels.
  public var box: PixelBox
  /// The file.
  public var path: String
  /// The image, scaled and centred in the box, as premultiplied RGBA of the box's size (empty
  /// for a row's image).
  public var pixels: [UInt8]
  /// For a row's own image (`"png": "{photo}"`): the path template, filled per row and read
  /// relative to the CSV's folder; `nil` for the template's image.
  public var rowPath: String? = nil
  /// Whether a row's image that is missing or unreadable leaves its box empty (with a warning
  /// in the row's manifest line) rather than failing the row.
  public var isOptional = true
}

/// A QR code: its box and its data (columns and literals, filled as they are: spaces kept).
public struct BadgeQRCode: Sendable {
  /// Where, in pixels; the symbol is drawn as large as fits, centred, with its quiet zone.
  public var box: PixelBox
  /// The data template, such as `{Ticket secret}`.
  public var data: String
  /// The error-correction level, or `nil` to choose by the data's length.
  public var correction: QRCode.ErrorCorrection?
}

/// A fitted text region: its box, its text (columns and literals) and its layout.
public struct BadgeRegion: Sendable {
  /// The region's name (for the manifest and messages), `region-N` when not given.
  public var name: String
  /// Where, in pixels.
  public var box: PixelBox
  /// The text: literals and `{column}` references.
  public var text: String
  /// Regions of the same group share one size: the largest at which all of them fit.
  public var sizeGroup: String?
  /// Every `render` parameter for the region (its canvas is the box; insets default to 0).
  public var layout: RenderSpec
  /// Whether a row may leave the region empty (it is then left blank, or shows ``whenEmpty``);
  /// when `false` an empty region fails the row.
  public var isOptional = true
  /// What the region shows when its text is empty for a row, or `nil` for nothing.
  public var whenEmpty: String? = nil
  /// The text for rows whose locale writes the family name first (``NameOrder``), such as
  /// `{family} {given}` where ``text`` is `{given} {family}`; `nil`: ``text`` for every row.
  public var familyFirstText: String? = nil
  /// Values replaced by others after filling (`"Conference ticket": "Attendee"`), compared
  /// without surrounding spaces, ignoring case.
  public var map: [String: String] = [:]

  /// The region's text for a row (`fields` keys lower-cased) in `order` (``familyFirstText`` for
  /// family first): filled, mapped, else ``whenEmpty``; `nil` when it stays empty.
  func text(for fields: [String: String], order: NameOrder = .givenFirst) -> String? {
    let template = order == .familyFirst ? familyFirstText ?? self.text : self.text
    var text = BadgeText.fill(template, with: fields)
    if !map.isEmpty {
      let lowered = text.lowercased()
      if let mapped = map.first(where: { BadgeText.key($0.key) == lowered }) {
        text = TextSegmentation.joinedWords(of: mapped.value)
      }
    }
    if text.isEmpty, let whenEmpty { text = TextSegmentation.joinedWords(of: whenEmpty) }
    return text.isEmpty ? nil : text
  }
}
