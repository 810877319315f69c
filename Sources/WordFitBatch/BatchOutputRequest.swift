import Foundation
import WordFitArchive
import WordFitBadges
import WordFitCore
import WordFitDrawing
import WordFitLayout
import WordFitOutput

/// What a batch is asked to write, as given — an output path, an archive format, a PDF, the
/// rows' image format, print sheets — decided once, here, into the sinks ``BatchOptions`` names:
/// a folder of images, a `.zip`, `.tar` or `.tar.zst` archive (or one on standard output, `-`),
/// a PDF, print sheets. What a sink cannot hold is refused by name before the first row.
public struct BatchOutputRequest: Sendable {
  /// The output: a folder, an archive (`.zip`, `.tar`, `.tar.zst`, `.tzst`), `-` (a tar on
  /// standard output) or a `.pdf`; `nil` when only ``pdf`` is asked for.
  public var out: String? = nil
  /// The archive format, when it is not read from ``out``'s ending.
  public var archive: ArchiveFormat? = nil
  /// One PDF of all the badges (with a template), besides or instead of the images.
  public var pdf: String? = nil
  /// The rows' images: PNG, WebP or SVG (``OutputFormat/imageFormats``).
  public var format = OutputFormat.png
  /// A label printer: each row is written as its job (a template's badges only).
  public var printer: LabelPrinter? = nil
  /// Print sheets: a page size (`A4`, `WxHmm`) or a label product (`Avery L4785`); `nil` for none.
  public var sheet: String? = nil
  /// The folder the sheet PNGs go to; `nil`: `OUT/sheets` for a folder, the archive's
  /// `sheets/` for an archive.
  public var sheetsFolder: String? = nil
  /// The page margin of a page-size sheet, in mm; `nil` picks the margin that fits the most.
  public var marginMillimetres: Double? = nil
  /// The gap between badges on a page-size sheet, in mm; `nil` picks the gap that fits the most.
  public var gapMillimetres: Double? = nil
  /// Bleed around each badge, in mm (0…20).
  public var bleedMillimetres = 0.0
  /// Whether the sheets carry crop marks.
  public var cropMarks = false
  /// Whether both sides are printed: each sheet followed by its back page, each badge page of
  /// the PDF by its back's page — the template's `back`, or the front again without one.
  public var duplex = false
  /// How the duplex printer turns the sheet over; `nil`: about its long edge.
  public var flip: DuplexFlip? = nil

  /// A request for the default output: nothing yet.
  public init() {}

  /// Decides the batch's sinks into `options` (whose template, spec, shard, resolution and
  /// `skipsExisting` are already set): ``BatchOptions/outputDirectory``,
  /// ``BatchOptions/archive``, ``BatchOptions/pdfPath``, ``BatchOptions/sheet`` and
  /// ``BatchOptions/sheetsFolder``, with each shard's own archive, PDF, sheet, manifest and
  /// contact sheet names (`manifest-shard3of8.jsonl`), so shards sharing a folder never
  /// replace each other's files.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the parameters that cannot go together, or the
  ///   sheet that does not hold the badges.
  public func apply(to options: inout BatchOptions) throws {
    var request = self
    try request.decideByEnding(template: options.template != nil)
    try request.checkPDF(options)
    let pdfFolder = request.pdf.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
    guard let out = request.out ?? pdfFolder else {
      throw WordFitError(.usage, "a batch needs \(Parameter.out), the folder for the images, or \(Parameter.pdf)")
    }
    let shard = (options.shard.index, options.shard.count)
    let format = try request.checkPrinter(options).map(OutputFormat.printer) ?? request.format
    options.rows =
      request.out != nil
      ? OutputRequest.rows(into: out, archive: request.archive, format: format, shard: shard)
      : OutputRequest(destination: .folder(out), format: format)
    options.writesImages = request.out != nil
    options.document = request.pdf.map {
      OutputRequest(destination: .file(OutputRequest.sharded($0, shard: shard)), format: .pdf)
    }
    let ownName = { (path: String) in
      path == "-" || path.hasPrefix("/dev/") || path.hasPrefix("/proc/")
        ? path : OutputRequest.sharded(path, shard: shard)
    }
    options.manifestPath = options.manifestPath.map(ownName)
    options.contactSheetPath = options.contactSheetPath.map(ownName)
    options.bleedMillimetres = request.bleedMillimetres
    guard request.flip == nil || request.duplex else {
      throw WordFitError(
        .usage, "\(Parameter.flip) says how a duplex sheet turns over; it goes with \(Parameter.duplex)")
    }
    options.duplex = request.duplex ? request.flip ?? .longEdge : nil
    options.sheet = try request.printSheet(options)
    options.sheets = nil
    if options.sheet != nil, options.writesImages {
      let folder =
        request.sheetsFolder ?? (options.archive == nil ? (out as NSString).appendingPathComponent("sheets") : nil)
      options.sheets = folder.map { OutputRequest(destination: .folder($0), format: .png) }
      if let folder, options.archive == nil {
        try Self.refuseSheetsInOutputFolder(folder, out: options.outputDirectory)
      }
    }
    if let folder = options.sheetsFolder {
      try Self.refuseOutputs(
        [("manifest", options.manifestPath), ("contact sheet", options.contactSheetPath), ("PDF", options.pdfPath)],
        inSheetsFolder: folder)
    }
  }

  /// The single outputs stay out of the sheets' folder: a page there (`sheet-001.png`,
  /// `back-001.png`) would replace one, or one a page.
  static func refuseOutputs(_ outputs: [(String, String?)], inSheetsFolder sheets: String) throws {
    let folder = OutputPaths.canonical(sheets + "/.")
    let inside = (AtomicFile.folder(of: folder) ?? folder) + "/"
    for case let (role, path?) in outputs where path != "-" && OutputPaths.canonical(path).hasPrefix(inside) {
      throw WordFitError(
        .usage,
        "the \(role) \(path) is inside the sheets' folder \(sheets), where the print sheets are written; give it a path outside that folder",
        input: path)
    }
  }

  /// An output ending in `.pdf` is the PDF (as ``pdf``, with no images); one ending in `.png` or
  /// `.svg` names one image, which a batch of many rows does not write, so it is refused rather
  /// than made into a folder of that name. An existing folder is a folder whatever its name.
  mutating func decideByEnding(template: Bool) throws {
    guard let out, archive == nil else { return }
    let ending = PathText.pathExtension(out).lowercased()
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: out, isDirectory: &isFolder), isFolder.boolValue { return }
    switch ending {
    case "pdf":
      guard pdf == nil else {
        throw WordFitError(
          .usage, "\(Parameter.out) \(out) and \(Parameter.pdf) \(pdf ?? "") both name a PDF; give one of them")
      }
      guard template else {
        throw WordFitError(
          .usage,
          "\(Parameter.out) \(out) asks for a PDF, which is drawn from a badge template; give \(Parameter.template) T.json, or \(Parameter.out) a folder"
        )
      }
      (pdf, self.out) = (out, nil)
    case "png", "svg":
      throw WordFitError(
        .usage,
        "\(Parameter.out) \(out) names one .\(ending) file, but a batch writes an image per row; give \(Parameter.out) a folder (with \(Parameter.format) svg for SVGs), or a .zip, .tar, .tar.zst or .pdf"
      )
    default: break
    }
  }

  /// The printer, checked against the template's resolution and the other outputs.
  private func checkPrinter(_ options: BatchOptions) throws -> LabelPrinter? {
    guard let printer else { return nil }
    guard let template = options.template else {
      throw WordFitError(.usage, "\(Parameter.printer) prints badges; give \(Parameter.template) T.json")
    }
    guard out != nil, format == .png, bleedMillimetres == 0 else {
      throw WordFitError(
        .usage,
        "\(Parameter.printer) writes a job per row into \(Parameter.out) (a folder or an archive), without \(Parameter.format) or \(Parameter.bleed)"
      )
    }
    if case .cups(let queue, _) = printer {
      throw WordFitError(
        .usage,
        "\(Parameter.printer) cups:\(queue) prints one badge at a time, not a batch; a batch writes its jobs with \(Parameter.printer) zpl or brother-ql:…, which lp -d \(queue) -o raw prints"
      )
    }
    try printer.check(dotsPerInch: template.dotsPerInch, width: template.width, height: template.height)
    return printer
  }

  private func checkPDF(_ options: BatchOptions) throws {
    guard pdf != nil else { return }
    guard options.template != nil else {
      throw WordFitError(.usage, "\(Parameter.pdf) draws badges from a template; give \(Parameter.template) T.json")
    }
    guard !options.skipsExisting else {
      throw WordFitError(
        .usage, "\(Parameter.skipExisting) cannot go with \(Parameter.pdf): the PDF needs every badge drawn again")
    }
  }

  /// The print sheet asked for, at the template's dpi (or the batch's, or 300), checked against
  /// the badges' size.
  private func printSheet(_ options: BatchOptions) throws -> PrintSheet? {
    guard bleedMillimetres >= 0, bleedMillimetres <= 20 else {
      throw WordFitError.outOfRange(.bleed, bleedMillimetres, range: "0…20", unit: "mm")
    }
    guard let name = sheet else {
      guard !cropMarks, sheetsFolder == nil, marginMillimetres == nil, gapMillimetres == nil else {
        throw WordFitError(
          .usage,
          "\(Parameter.cropMarks), \(Parameter.sheets), \(Parameter.margin) and \(Parameter.gap) go with \(Parameter.sheet) A4|Letter|WxHmm|LABEL"
        )
      }
      guard !duplex || pdf != nil else {
        throw WordFitError(
          .usage,
          "\(Parameter.duplex) prints backs on print sheets or in the PDF; give \(Parameter.sheet) A4|Letter|WxHmm|LABEL or \(Parameter.pdf)"
        )
      }
      return nil
    }
    if options.skipsExisting, options.writesImages {
      throw WordFitError(
        .usage,
        "\(Parameter.skipExisting) cannot go with \(Parameter.sheet): the sheets are drawn from the badges as they are rendered, and skipped rows are not; rerun the whole batch for sheets"
      )
    }
    let asked = options.pngSettings.dotsPerInch
    let dpi = options.template.map { $0.dotsPerInch } ?? Double(asked ?? 300)
    if let template = options.template, let asked, Double(asked) != template.dotsPerInch {
      throw WordFitError(
        .usage,
        "\(Parameter.dpi) \(asked) differs from the template's dpi \(TextFormatting.pixels(template.dotsPerInch)); sheets are printed at the badges' own resolution"
      )
    }
    var sheet = try PrintSheet.named(name, dotsPerInch: dpi)
    if sheet.labels != nil, marginMillimetres != nil || gapMillimetres != nil {
      throw WordFitError(
        .usage,
        "\(Parameter.margin) and \(Parameter.gap) are for page sizes; the labels of \(name) are placed where they are")
    }
    for (value, parameter) in [(marginMillimetres, Parameter.margin), (gapMillimetres, Parameter.gap)] {
      if let value, !(0...100).contains(value) {
        throw WordFitError.outOfRange(parameter, value, range: "0…100", unit: "mm")
      }
    }
    sheet.bleedMillimetres = bleedMillimetres
    sheet.cropMarks = cropMarks
    sheet.duplex = duplex
    sheet.flip = flip ?? .longEdge
    sheet.badgesIncludeBleed = true
    if options.shard.count > 1 { sheet.namePrefix = "sheet-shard\(options.shard.index)of\(options.shard.count)-" }
    try sheet.validate()
    let badge = try options.imageSize()
    sheet.fitMost(badgeWidth: badge.width, height: badge.height, margin: marginMillimetres, gap: gapMillimetres)
    try sheet.checkFits(badgeWidth: badge.width, height: badge.height)
    return sheet
  }

  /// Sheets are named like rows could be (`sheet-001.png`), so they never share the badges' folder.
  static func refuseSheetsInOutputFolder(_ sheets: String, out: String) throws {
    let standardized = { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path }
    let same =
      standardized(sheets) == standardized(out)
      || (FileIdentity(path: sheets).map { $0 == FileIdentity(path: out) } ?? false)
    guard same else { return }
    throw WordFitError(
      .usage,
      "\(Parameter.sheets) \(sheets) is the badges' folder \(Parameter.out) \(out); a sheet could replace a badge, so give the sheets a folder of their own (the default is OUT/sheets)",
      reason: .malformed(.sheet, value: sheets, expected: "a folder other than the output folder"))
  }
}
