import WordFitCore
import WordFitImage

/// A label printer's language a badge can be written in (`--printer`): the badge's own pixels
/// (the PNG's), turned into dots by ``MonochromeBitmap`` at the template's resolution — one dot
/// a pixel, so the resolution must be the printer's.
public enum LabelPrinter: Sendable, Equatable {
  /// Zebra ZPL II (``ZPLLabel``), at a head's dots per inch (`nil`: the template's).
  case zpl(dotsPerInch: Int?)
  /// A Brother QL printer's raster (``BrotherQL``): the model and label roll, by Brother's names.
  case brotherQL(model: String, label: String)
  /// A CUPS queue (``CUPSQueue``): the badge as a PDF its driver prints, or, with `language`, that
  /// printer language's job passed through raw.
  indirect case cups(queue: String, language: LabelPrinter?)

  /// The printer language a job is written in: this printer, or a CUPS queue's language
  /// (`nil` for a queue that prints the PDF).
  public var language: LabelPrinter? {
    if case .cups(_, let language) = self { return language?.language }
    return self
  }

  /// The inks the printer's label takes: black and red on Brother's `62red` roll, else black.
  public var inks: LabelDots.Inks {
    switch self {
    case .brotherQL(_, let label): BrotherQL.labels.first { $0.name == label }?.isRed == true ? .blackAndRed : .black
    case .cups(_, let language): language?.inks ?? .black
    case .zpl: .black
    }
  }

  /// Parses `zpl`, `zpl:DPI` (152, 203, 300 or 600) or `brother-ql:MODEL:LABEL`
  /// (`brother-ql:QL-820NWB:62x100`; `brother-ql:QL-820NWB:62red`, or `62:red`, for the black
  /// and red roll).
  ///
  /// - Throws: ``WordFitError`` `.malformed` naming ``Parameter/printer``.
  public static func parse(_ text: String) throws -> LabelPrinter {
    let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    if parts[0].lowercased() == "cups" {
      let rest = parts.count == 2 ? parts[1] : ""
      let fields = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
      guard CUPSQueue.isValidName(fields[0]) else {
        throw WordFitError.malformed(
          .printer, text, expected: "cups:QUEUE (a CUPS queue's name, as lpstat -p lists it), or cups:QUEUE:zpl")
      }
      let language = try fields.count == 2 ? parse(fields[1]) : nil
      if case .cups = language { throw WordFitError.malformed(.printer, text, expected: "one cups: prefix") }
      return .cups(queue: fields[0], language: language)
    }
    if parts[0].lowercased() == "brother-ql" {
      let fields = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 3 || (fields.count == 4 && fields[3].lowercased() == "red") else {
        throw WordFitError.malformed(
          .printer, text,
          expected: "brother-ql:MODEL:LABEL[:red], such as brother-ql:QL-820NWB:62 or brother-ql:QL-820NWB:62:red")
      }
      let (model, label) = try BrotherQL.find(model: fields[1], label: fields[2] + (fields.count == 4 ? "red" : ""))
      return .brotherQL(model: model.name, label: label.name)
    }
    guard parts[0].lowercased() == "zpl" else {
      throw WordFitError.malformed(
        .printer, text,
        expected: "zpl, zpl:DPI (Zebra ZPL II), brother-ql:MODEL:LABEL (Brother QL raster) or cups:QUEUE[:LANGUAGE]")
    }
    guard parts.count == 2 else { return .zpl(dotsPerInch: nil) }
    guard let dpi = Int(parts[1]), ZPLLabel.dotsPerInch.contains(dpi) else {
      throw WordFitError.malformed(
        .printer, text,
        expected: "zpl:DPI with DPI one of \(ZPLLabel.dotsPerInch.map(String.init).joined(separator: ", "))")
    }
    return .zpl(dotsPerInch: dpi)
  }

  /// The extension of a file holding one job (`zpl`; `bin` for Brother's raster, as its tools
  /// name them).
  public var fileExtension: String {
    switch self {
    case .zpl: "zpl"
    case .brotherQL: "bin"
    case .cups(_, let language): language?.fileExtension ?? "pdf"
    }
  }

  /// The language's name for messages (`ZPL`, `Brother QL raster`).
  public var languageName: String {
    switch self {
    case .zpl: "ZPL"
    case .brotherQL: "Brother QL raster"
    case .cups(let queue, let language): "\(language?.languageName ?? "PDF") on CUPS queue \(queue)"
    }
  }

  /// Whether `leadingBytes` (a file's first 512 bytes) begin a job WordFit writes, so a rerun may
  /// replace it: a ZPL label with WordFit's comment, or a Brother raster (zeros, then `ESC @`).
  public static func isOwnJob(_ leadingBytes: [UInt8]) -> Bool {
    if ZPLLabel.isWordFitLabel(leadingBytes) { return true }
    let body = leadingBytes.starts(with: [0x1B, 0x69, 0x61, 0x01]) ? Array(leadingBytes.dropFirst(4)) : leadingBytes
    let cleared = body.prefix { $0 == 0 }.count
    return (cleared == 200 || cleared == 400) && body.dropFirst(cleared).starts(with: [0x1B, 0x40])
  }

  /// The job that prints `canvas`, a badge drawn at `dotsPerInch`.
  ///
  /// - Throws: ``WordFitError`` `.usage` when the badge's resolution is not one the printer
  ///   has, or not the one asked for.
  /// - Complexity: O(*w* × *h*).
  public func job(for canvas: Canvas, dotsPerInch: Double) throws -> [UInt8] {
    try job(for: LabelDots(canvas, inks: inks), dotsPerInch: dotsPerInch)
  }

  /// The job that prints `dots` (a badge's dots in this printer's ``inks``, drawn at
  /// `dotsPerInch`), as ``job(for:dotsPerInch:)`` makes it from pixels.
  ///
  /// - Throws: as ``job(for:dotsPerInch:)``.
  public func job(for dots: LabelDots, dotsPerInch: Double) throws -> [UInt8] {
    try check(dotsPerInch: dotsPerInch, width: dots.width, height: dots.height)
    switch self {
    case .zpl: return ZPLLabel.label(dots.black)
    case .brotherQL(let model, let label):
      let (model, label) = try BrotherQL.find(model: model, label: label)
      return try BrotherQL.job(dots, model: model, label: label)
    case .cups(_, let language):
      guard let language else {
        throw WordFitError(.usage, "a CUPS queue without a printer language takes the badge's PDF, not its pixels")
      }
      return try language.job(for: dots, dotsPerInch: dotsPerInch)
    }
  }

  /// Throws unless a badge of `width` × `height` px drawn at `dotsPerInch` prints a dot a pixel
  /// on this printer (and, for a Brother label, fills its printable area).
  ///
  /// - Throws: ``WordFitError`` `.usage` naming both resolutions and the template's `dpi` key,
  ///   or the label's size in dots and mm.
  public func check(dotsPerInch: Double, width: Int, height: Int) throws {
    switch self {
    case .cups(_, let language):
      try language?.check(dotsPerInch: dotsPerInch, width: width, height: height)
    case .brotherQL(let model, let label):
      guard dotsPerInch == 300 else {
        throw WordFitError(
          .usage,
          "the badge is drawn at \(TextFormatting.pixels(dotsPerInch)) dpi and Brother QL printers print at 300 dpi, a dot a pixel; set the template's \"dpi\" to 300 (a design in mm keeps its size)",
          reason: .malformed(.printer, value: "brother-ql", expected: "a template at 300 dpi"))
      }
      let (model, label) = try BrotherQL.find(model: model, label: label)
      try BrotherQL.check(width: width, height: height, model: model, label: label)
    case .zpl(let asked):
      let dpi = Int(dotsPerInch.rounded())
      guard Double(dpi) == dotsPerInch, ZPLLabel.dotsPerInch.contains(dpi), asked == nil || asked == dpi else {
        let heads = asked.map { "\($0) dpi" } ?? ZPLLabel.dotsPerInch.map { "\($0)" }.joined(separator: ", ") + " dpi"
        throw WordFitError(
          .usage,
          "the badge is drawn at \(TextFormatting.pixels(dotsPerInch)) dpi and the printer prints at \(heads), a dot a pixel; set the template's \"dpi\" to the printer's (a design in mm keeps its size)",
          reason: .malformed(.printer, value: "zpl", expected: "a template at the printer's resolution"))
      }
    }
  }
}
