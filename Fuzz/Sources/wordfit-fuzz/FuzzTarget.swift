import Foundation
import WordFitFonts

@testable import WordFit
@testable import WordFitBadges
@testable import WordFitBatch
@testable import WordFitCore
@testable import WordFitDesk
@testable import WordFitImage
@testable import WordFitLayout
@testable import WordFitOutput
@testable import WordFitPreview
@testable import WordFitStrings
@testable import WordFitText

/// The libFuzzer entry point. `WORDFIT_FUZZ_TARGET` picks what the bytes are fed to: `csv`,
/// `spec`, `png`, `font`, `template`, `sheet`, `preview`, `labels`, `strings`, `hyphen`, `status`,
/// `scan`, `desk`, `archive` or `phrase` (see scripts/fuzz.sh). Every target must return without crashing,
/// hanging or leaking for any input; errors thrown for bad input are the expected outcome.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  switch FuzzTarget.current {
  case .csv: FuzzTarget.csv(bytes)
  case .spec: FuzzTarget.spec(bytes)
  case .png: FuzzTarget.png(bytes)
  case .font: FuzzTarget.font(bytes)
  case .template: FuzzTarget.template(bytes)
  case .sheet: FuzzTarget.sheet(bytes)
  case .preview: FuzzTarget.preview(bytes)
  case .labels: FuzzTarget.labels(bytes)
  case .strings: FuzzTarget.strings(bytes)
  case .hyphen: FuzzTarget.hyphen(bytes)
  case .status: FuzzTarget.status(bytes)
  case .scan: FuzzTarget.scan(bytes)
  case .desk: FuzzTarget.desk(bytes)
  case .archive: FuzzTarget.archive(bytes)
  case .phrase: FuzzTarget.phrase(bytes)
  }
  return 0
}

/// What the fuzzer feeds, and how each input is exercised.
enum FuzzTarget: String {
  case csv, spec, png, font, template, sheet, preview, labels, strings, hyphen, status, scan, desk, archive, phrase

  static let current: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["WORDFIT_FUZZ_TARGET"] ?? "csv"
    return FuzzTarget(rawValue: name) ?? .csv
  }()

  /// The bytes as a BudouX phrase model (its JSON reader), then as text joined into phrases by
  /// the bundled Japanese model: the phrases join to the text, each phrase's own breaks fall
  /// inside it, and a phrase cut as a word too wide for its line joins to itself again.
  static func phrase(_ bytes: [UInt8]) {
    let breaker = try? LineBreaker(language: "ja")
    if let model = try? PhraseModel(json: Data(bytes), source: "fuzz.json"), let breaker {
      _ = PhraseSegmenter(model: model).phrases(of: breaker.segments(of: "ワークアウトを開始しますか？ Adobe"))
    }
    guard let path = BundledFonts.path(of: "BudouX/ja.json"), let model = try? PhraseModel.shared(contentsOf: path),
      let breaker
    else { return }
    let segments = breaker.segments(of: String(decoding: bytes.prefix(4096), as: UTF8.self))
    let phrases = PhraseSegmenter(model: model).phrases(of: segments)
    precondition(phrases.map(\.text).joined() == segments.map(\.text).joined(), "phrases lost text")
    for phrase in phrases {
      precondition(phrase.phraseBreaks.allSatisfy { $0 > 0 && $0 < phrase.text.count }, "a break outside a phrase")
    }
    let pieces = Fitter<TextMeasurer>.splittingClusters(of: phrases, at: Set(phrases.indices))
    precondition(pieces.map(\.text).joined() == segments.map(\.text).joined(), "a cut phrase lost text")
  }

  /// The bytes as a hyphenation dictionary (a file in the temporary folder, read by CHyphen's
  /// loader), then words hyphenated with it: fixed ones and runs of the input's own letters.
  static func hyphen(_ bytes: [UInt8]) {
    let path = NSTemporaryDirectory() + "/wordfit-fuzz-\(getpid()).dic"
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
    defer { try? FileManager.default.removeItem(atPath: path) }
    guard let hyphenator = try? Hyphenator(contentsOf: path) else { return }
    let own = String(decoding: bytes.filter { $0 > 0x40 }.prefix(300), as: UTF8.self)
    for word in ["schiffahrt", "asszonyok", "extraordinary", "zucker", own, String(own.prefix(40))] {
      let points = hyphenator.points(in: word)
      precondition(points.allSatisfy { $0 > 0 && $0 < word.count }, "a point outside the word")
    }
    _ = hyphenator.hyphenated([LineSegment(own + " "), LineSegment("Rechtsschutzversicherung")])
  }

  /// Reads a String Catalog and expands every key's watch texts in every language (no layout:
  /// the catalog's structure is what is fuzzed; the layouts are the render spec's own target).
  static func strings(_ bytes: [UInt8]) {
    // The same bytes as a .strings file and as a .stringsdict property list.
    _ = try? LegacyStrings.entries(bytes, source: "fuzz.strings")
    _ = try? LegacyStrings.dictionaryUnits(Data(bytes), source: "fuzz.stringsdict")
    _ = XLIFFStrings.texts(of: bytes)
    guard let catalog = try? StringCatalog.decode(Data(bytes), source: "fuzz") else { return }
    let languages = Set(catalog.entries.flatMap(\.localizations.keys)).union([catalog.sourceLanguage])
    for entry in catalog.entries {
      for language in languages {
        _ = entry.watchVariants(language: language, sourceLanguage: catalog.sourceLanguage)
      }
    }
  }

  /// Reads every record with a detected delimiter and names each row as batch does; the
  /// records must be those the byte-by-byte reader gives, and skipping must count as many.
  static func csv(_ bytes: [UInt8]) {
    let reader = CSVReader(bytes: bytes, delimiter: nil)
    let slow = CSVReader(bytes: bytes, delimiter: nil)
    slow.splitsUnquotedLines = false
    let counter = CSVReader(bytes: bytes, delimiter: nil)
    guard var namer = try? FileNamer(template: "{row}-{slug}.png", columns: []) else { return }
    var count = 0
    while let record = reader.next() {
      let other = slow.next()
      precondition(
        other?.fields == record.fields && other?.problem == record.problem && other?.line == record.line,
        "the whole-line split read another record than the byte-by-byte reader")
      let text = record.text(at: 0) ?? ""
      _ = namer.name(row: record.index, text: text, fields: { record.text(at: $0) })
      _ = TextSegmentation.words(of: text)
      count += 1
    }
    precondition(slow.next() == nil, "the byte-by-byte reader read more records")
    var skipped = 0
    while counter.skip() { skipped += 1 }
    precondition(skipped == count, "skipping counted \(skipped) records, reading \(count)")
  }

  /// Decodes a spec and, when its canvas is small, renders it.
  static func spec(_ bytes: [UInt8]) {
    guard let spec = try? LayoutSpec.decode(Data(bytes)) else { return }
    switch spec {
    case .words(var words):
      guard let canvas = try? CanvasSize.parse(words.canvas), canvas.width * canvas.height <= 1 << 18 else { return }
      words.font = nil
      _ = try? renderer.render(words).pngData()
    case .stack(var stack):
      guard let canvas = try? CanvasSize.parse(stack.canvas), canvas.width * canvas.height <= 1 << 18,
        stack.labels.count <= 64
      else { return }
      stack.font = nil
      if stack.scroll != nil {
        _ = try? StackRenderer().renderScroll(stack).pngData()
      } else {
        _ = try? StackRenderer().render(stack).pngData()
      }
    }
  }

  /// Decodes a PNG, reads its text chunks and compares it with itself; then writes its pixels
  /// again with WordFit's writer (the run matcher and libdeflate; RGBA, and grey from the first
  /// channel) and checks that they decode to the same pixels.
  static func png(_ bytes: [UInt8]) {
    _ = PNGCodec.textChunks(in: bytes)
    guard let decoded = try? PNGCodec.decode(bytes, maximumPixels: 1 << 20) else { return }
    let comparison = ImageComparator.compare(expected: decoded.canvas, actual: decoded.canvas)
    precondition(comparison.passed, "an image must equal itself")
    let rgba = decoded.canvas
    let grey = Canvas(
      width: rgba.width, height: rgba.height, format: .grey,
      pixels: Swift.stride(from: 0, to: rgba.pixels.count, by: 4).map { rgba.pixels[$0] })
    for canvas in [rgba, grey].compactMap({ $0 }) {
      for level in [0, 5] {
        guard let written = try? PNGCodec.encode(canvas, settings: PNGSettings(encoder: .wordfit(level: level))),
          let again = try? PNGCodec.decode(written, maximumPixels: 1 << 20)
        else { preconditionFailure("WordFit's writer must write what libpng reads back") }
        precondition(again.canvas.pixels == ImageComparator.rgba(canvas), "the writer must keep every pixel")
      }
    }
  }

  /// Loads the bytes as a font (with its variation axes set, `opsz` following the size), reads
  /// its `trak` table, and fits and draws a short text with it tracked, as pixels and as an SVG,
  /// an emoji included (colour glyphs are drawn from CBDT/sbix/COLR tables when the font has
  /// them), straight and along an arc.
  static func font(_ bytes: [UInt8]) {
    let path = fontPath
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)),
      let font = try? Font(contentsOf: path, variations: ["wght": 700, "wdth": 90])
    else { return }
    font.followOpticalSize(pointsPerPixel: 0.5)
    let cascade = FontCascade(primary: font, fallback: .none)
    // Its `trak` table read and applied as `--tracking auto` applies it (else a fixed tracking).
    let table = font.trackingTable(pixelsPerPoint: 2)
    let measurer = TextMeasurer(cascade: cascade, tracking: table.map { .table($0, extraPixels: 0) } ?? .pixels(1))
    let request = FitRequest(words: ["Wg", "Aimée", "😀👩‍👧"], availableWidth: 120, availableHeight: 90, maximumSize: 40)
    guard let fit = try? Fitter(measurer: measurer).fit(request) else { return }
    var canvas = Canvas(width: 136, height: 106, format: .rgb, background: .black)
    // The same lines as an SVG: each glyph's outline (FreeType's decomposition) and colour
    // glyphs as images.
    var drawing = Drawing(width: 136, height: 106, background: .black)
    for line in fit.lines {
      let shaped = measurer.shape(line.text, atSize: line.size)
      canvas.draw(shaped, fonts: cascade.fonts, at: PixelPoint(x: 8, y: 60), color: .white)
      let fonts = cascade.fonts.map { $0.identity(atSize: shaped.size) }
      drawing.marks.append(.text(Drawing.Line(shaped: shaped, origin: PixelPoint(x: 8, y: 60), fonts: fonts), .white))
    }
    // A curved line along a circle: glyph control boxes, outlines turned before rendering.
    let frame = ArcFrame(centreX: 68, centreY: 53, radius: 50, sweep: 1.2, side: .top)
    if let arc = try? ArcFitter(measurer: measurer).fit(
      "Wg Aimée 😀", on: frame, maximumSize: 40, minimumSize: 4, overflow: .clip)
    {
      let shaped = measurer.shape(arc.text, atSize: arc.size)
      let (line, pivots) = cascade.arcLine(of: shaped)
      let baseline = frame.baselineRadius(of: line) ?? frame.radius
      let placements = zip(shaped.glyphs, pivots).map { glyph, pivot in
        let place = frame.penOrigin(
          pen: Double(glyph.x) + Double(glyph.phase) / 4, drop: Double(glyph.y), pivot: pivot,
          advance: shaped.advance, baseline: baseline)
        return Drawing.GlyphPlacement(x: place.x, y: place.y, angle: place.angle)
      }
      canvas.draw(shaped, fonts: cascade.fonts, placements: placements, color: .white)
      let curved = Drawing.CurvedLine(
        shaped: shaped, fonts: cascade.fonts.map { $0.identity(atSize: shaped.size) }, placements: placements)
      drawing.marks.append(.curvedText(curved, .white))
    }
    _ = try? drawing.svg()
    _ = cascade.takeProblems()
  }

  /// Decodes the bytes as a badge template (its logo paths resolve into a scratch folder that
  /// has one small PNG, logo.png) and renders a badge for a row with every column it names;
  /// templates whose badge would exceed 256×256 px are only decoded.
  static func template(_ bytes: [UInt8]) {
    guard let template = try? BadgeTemplate.decode(Data(bytes), folder: templateFolder) else { return }
    guard template.width * template.height <= 1 << 16 else { return }
    let fields = Dictionary(template.columns.map { ($0, "Ada Lovelace") }) { first, _ in first }
    guard let badge = try? badges.render(template, fields: fields, output: [.pixels, .drawing]),
      let drawing = badge.drawing
    else { return }
    _ = try? drawing.svg()
    // Its back, when it has one (`"back": "back.json"`, a file the folder holds).
    let back = try? badges.renderBack(template, fields: fields, output: [.pixels, .drawing])
    // The same badge as a PDF page with bleed, through cairo and the page-box writer, followed by
    // its back turned (long-edge duplex on a landscape page), then its fonts renamed.
    guard
      let pdf = try? BadgePDFWriter(
        path: templateFolder + "/badge.pdf", dotsPerInch: template.dotsPerInch, sheet: nil, bleedPixels: 3,
        duplex: .longEdge)
    else { return }
    _ = try? pdf.add(drawing, back: back?.drawing)
    try? pdf.finish()
  }

  /// The input as a gLabels template file: every label stock it describes is read, and a small
  /// badge is placed on each stock's labels (slots and duplex backs) as `--sheet` places it.
  static func labels(_ bytes: [UInt8]) {
    let stocks = GLabelsXML.stocks(in: String(decoding: bytes, as: UTF8.self), papers: ["A4": (210, 297)])
    for stock in stocks.prefix(16) {
      guard stock.pageMillimetres.width.isFinite, stock.pageMillimetres.height.isFinite else { continue }
      var sheet = PrintSheet(pageMillimetres: stock.pageMillimetres, dotsPerInch: 72)
      sheet.labels = stock
      guard (try? sheet.validate()) != nil, (try? sheet.checkFits(badgeWidth: 10, height: 10)) != nil else { continue }
      _ = sheet.slots(badgeWidth: 10, height: 10)
      _ = sheet.backSlots(badgeWidth: 10, height: 10)
    }
  }

  /// The input's lines as a print sheet: page (`A4`, `WxHmm` …), dpi, bleed mm, gap mm, margin mm,
  /// crop marks (`1`), badge width and height in px, badge count. The sheet is checked as
  /// `batch --sheet` checks it before any row; pages up to 2 Mpx are then composed and encoded
  /// band by band from that many badges, as the batch's sheet writer does.
  static func sheet(_ bytes: [UInt8]) {
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    func number(_ index: Int) -> Double { lines.indices.contains(index) ? Double(lines[index]) ?? 0 : 0 }
    guard let name = lines.first, let page = try? PrintSheet.pageSize(String(name)) else { return }
    var sheet = PrintSheet(pageMillimetres: page, dotsPerInch: number(1))
    (sheet.bleedMillimetres, sheet.gapMillimetres, sheet.marginMillimetres) = (number(2), number(3), number(4))
    sheet.cropMarks = number(5) == 1
    guard sheet.bleedMillimetres.isFinite, sheet.gapMillimetres.isFinite, sheet.marginMillimetres.isFinite,
      abs(sheet.bleedMillimetres) < 100, abs(sheet.gapMillimetres) < 100, abs(sheet.marginMillimetres) < 100,
      (try? sheet.validate()) != nil
    else { return }
    // Sizes and counts as the command line reads them: whole numbers in range, never a trap.
    func integer(_ index: Int) -> Int { number(index).isFinite && abs(number(index)) < 1e6 ? Int(number(index)) : 0 }
    let (width, height) = (integer(6), integer(7))
    guard (1...512).contains(width), (1...512).contains(height),
      (try? sheet.checkFits(badgeWidth: width, height: height)) != nil,
      sheet.pagePixels.width * sheet.pagePixels.height <= 1 << 21,
      let writer = try? PrintSheetWriter(sheet: sheet, badgeWidth: width, height: height, deliver: { _, _ in })
    else { return }
    let badge = Canvas(width: width, height: height, format: .rgb, background: .black)
    let count = Swift.min(64, Swift.max(1, integer(8)))
    for _ in 0..<count { try? writer.add(badge) }
    _ = try? writer.finish()
  }

  /// The input's lines as a preview: canvases (comma-separated), Dynamic Type sizes, scale. Every
  /// request is checked up front as `wordfit preview` checks it; those whose cells add up to at
  /// most 1 Mpx are rendered.
  static func preview(_ bytes: [UInt8]) {
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count >= 3 else { return }
    var request = PreviewRequest(layout: .words(RenderSpec(text: "Ada Lovelace")))
    request.canvases = lines[0].split(separator: ",").prefix(64).map(String.init)
    request.categories = lines[1].split(separator: ",").prefix(16).compactMap {
      ContentSizeCategory(rawValue: String($0))
    }
    request.scale = Double(lines[2]) ?? 1
    guard let canvases = try? request.validated(), (try? PreviewSheet.checkBounds(request, canvases: canvases)) != nil,
      canvases.reduce(0, { $0 + $1.width * $1.height }) * request.categories.count <= 1 << 20
    else { return }
    _ = try? PreviewSheet.render(request)
  }

  nonisolated(unsafe) static let badges = BadgeRenderer()
  static let templateFolder: String = {
    let folder = NSTemporaryDirectory() + "wordfit-fuzz-template-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let logo = Canvas(width: 4, height: 4, format: .rgba, background: Color(red: 10, green: 132, blue: 255, alpha: 200))
    if let png = try? PNGCodec.encode(logo) {
      _ = FileManager.default.createFile(atPath: folder + "/logo.png", contents: Data(png))
    }
    // A back for inputs that name one: 64 x 40 px like the corpus's minimal template.
    let back = #"{"width": 64, "height": 40, "regions": [{"box": [0, 0, 64, 40], "text": "{given} back"}]}"#
    _ = FileManager.default.createFile(atPath: folder + "/back.json", contents: Data(back.utf8))
    return folder
  }()

  /// libFuzzer calls the entry point on one thread only.
  nonisolated(unsafe) static let renderer = WordStackRenderer()
  static let fontPath = NSTemporaryDirectory() + "wordfit-fuzz-font-\(getpid()).ttf"

  /// The bytes as a printer's status reply, Brother's 32 bytes and Zebra's `~HS` lines, then
  /// the problems each reading finds for every Brother label and a ZPL printer.
  static func status(_ bytes: [UInt8]) {
    let printers =
      BrotherQL.labels.map { LabelPrinter.brotherQL(model: "QL-820NWB", label: $0.name) } + [.zpl(dotsPerInch: 300)]
    for reading in [try? PrinterStatus.brotherQL(bytes), try? PrinterStatus.zpl(bytes)] {
      guard let reading else { continue }
      for printer in printers { _ = reading.problems(for: printer) }
    }
  }

  /// The bytes as a shard's archive (any container libarchive reads), merged into a ZIP: every
  /// entry read and checked, the manifest's lines put in row order, the ZIP written and removed.
  static func archive(_ bytes: [UInt8]) {
    let path = NSTemporaryDirectory() + "wordfit-fuzz-archive-\(getpid()).tar"
    let output = NSTemporaryDirectory() + "wordfit-fuzz-merged-\(getpid()).zip"
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
    defer {
      try? FileManager.default.removeItem(atPath: path)
      try? FileManager.default.removeItem(atPath: output)
    }
    _ = try? ArchiveMerger.merge([path], into: output, format: nil)
  }

  /// The bytes as a scanner's standard input (a file read through its descriptor): every line
  /// read, bounded, to the end.
  static func scan(_ bytes: [UInt8]) {
    let path = NSTemporaryDirectory() + "wordfit-fuzz-scan-\(getpid())"
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
    defer { try? FileManager.default.removeItem(atPath: path) }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    var lines = ScanLines(descriptor: descriptor)
    var count = 0
    while lines.next() != nil { count += 1 }
  }

  /// A desk over the export fixture, printing to a file: the first byte picks a call of its
  /// JSON API (search, a badge's preview by name, a print's body), the rest is its argument.
  static func desk(_ bytes: [UInt8]) {
    guard let routes = deskRoutes, let call = bytes.first else { return }
    let argument = Array(bytes.dropFirst())
    switch call % 3 {
    case 0: _ = routes.search(String(decoding: argument, as: UTF8.self))
    case 1: _ = routes.badge(String(decoding: argument, as: UTF8.self))
    default: _ = routes.print(argument)
    }
  }

  /// The desk `desk` fuzzes, made once.
  nonisolated(unsafe) static let deskRoutes: DeskRoutes? = {
    let folder = "Fixtures/badges/export/"
    guard let template = try? BadgeTemplate.load(contentsOf: folder + "export.template.json"),
      let export = try? DeskExport(path: folder + "attendees.csv", template: template)
    else { return nil }
    let job = NSTemporaryDirectory() + "wordfit-fuzz-desk-\(getpid()).zpl"
    let desk = Desk(export: export, template: template, printer: .zpl(dotsPerInch: 300), destination: .file(job))
    desk.checksStatus = false
    return DeskRoutes(desk: SharedDesk(desk), token: nil)
  }()
}
