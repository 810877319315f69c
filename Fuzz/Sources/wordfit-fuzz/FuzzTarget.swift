import Foundation

@testable import WordFit
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitText

/// The libFuzzer entry point. `WORDFIT_FUZZ_TARGET` picks what the bytes are fed to: `csv`,
/// `spec`, `png`, `font` or `template` (see scripts/fuzz.sh). Every target must return without crashing,
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
  }
  return 0
}

/// What the fuzzer feeds, and how each input is exercised.
enum FuzzTarget: String {
  case csv, spec, png, font, template

  static let current: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["WORDFIT_FUZZ_TARGET"] ?? "csv"
    return FuzzTarget(rawValue: name) ?? .csv
  }()

  /// Reads every record with a detected delimiter and names each row as batch does.
  static func csv(_ bytes: [UInt8]) {
    let reader = CSVReader(bytes: bytes, delimiter: nil)
    guard var namer = try? FileNamer(template: "{row}-{slug}.png", columns: []) else { return }
    while let record = reader.next() {
      let text = record.text(at: 0) ?? ""
      _ = namer.name(row: record.index, text: text, fields: { record.text(at: $0) })
      _ = TextSegmentation.words(of: text)
    }
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
      _ = try? StackRenderer().render(stack).pngData()
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

  /// Loads the bytes as a font (with its variation axes set, `opsz` following the size) and
  /// fits and draws a short text with it, an emoji included (colour glyphs are drawn from
  /// CBDT/sbix/COLR tables when the font has them).
  static func font(_ bytes: [UInt8]) {
    let path = fontPath
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)),
      let font = try? Font(contentsOf: path, variations: ["wght": 700, "wdth": 90])
    else { return }
    font.followOpticalSize(pointsPerPixel: 0.5)
    let cascade = FontCascade(primary: font, fallback: .none)
    let request = FitRequest(words: ["Wg", "Aimée", "😀👩‍👧"], availableWidth: 120, availableHeight: 90, maximumSize: 40)
    guard let fit = try? Fitter(measurer: cascade).fit(request) else { return }
    var canvas = Canvas(width: 136, height: 106, format: .rgb, background: .black)
    for line in fit.lines {
      canvas.draw(
        cascade.shape(line.text, atSize: line.size), fonts: cascade.fonts, at: PixelPoint(x: 8, y: 60), color: .white)
    }
    _ = cascade.takeProblems()
  }

  /// Decodes the bytes as a badge template (its logo paths resolve into a scratch folder that
  /// has one small PNG, logo.png) and renders a badge for a row with every column it names;
  /// templates whose badge would exceed 256×256 px are only decoded.
  static func template(_ bytes: [UInt8]) {
    guard let template = try? BadgeTemplate.decode(Data(bytes), folder: templateFolder) else { return }
    guard template.width * template.height <= 1 << 16 else { return }
    let fields = Dictionary(template.columns.map { ($0, "Ada Lovelace") }) { first, _ in first }
    _ = try? badges.render(template, fields: fields)
  }

  nonisolated(unsafe) static let badges = BadgeRenderer()
  static let templateFolder: String = {
    let folder = NSTemporaryDirectory() + "wordfit-fuzz-template-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let logo = Canvas(width: 4, height: 4, format: .rgba, background: Color(red: 10, green: 132, blue: 255, alpha: 200))
    if let png = try? PNGCodec.encode(logo) {
      _ = FileManager.default.createFile(atPath: folder + "/logo.png", contents: Data(png))
    }
    return folder
  }()

  /// libFuzzer calls the entry point on one thread only.
  nonisolated(unsafe) static let renderer = WordStackRenderer()
  static let fontPath = NSTemporaryDirectory() + "wordfit-fuzz-font-\(getpid()).ttf"
}
