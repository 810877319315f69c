import Foundation
import WordFit

// In-process timings of WordFit's phases, medians of repeated runs.
//
//   swift run -c release wordfit-bench phases [TEXT] [--canvas 45mm] [--iterations N]
//
// Prints fit (measure + search), raster (layout + glyph compositing, derived as the whole
// render minus the fit) and encode (PNG), each cold (new renderer and font every run: what one
// `wordfit render` process does) and warm (one renderer reused: what a batch worker does).

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func value(_ flag: String, in arguments: [String]) -> String? {
  guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}

func phases(_ arguments: [String]) throws {
  let text =
    arguments.first {
      !$0.hasPrefix("-") && value("--canvas", in: arguments) != $0 && value("--iterations", in: arguments) != $0
    }
    ?? "Aimée Bethany Charles"
  let iterations = Int(value("--iterations", in: arguments) ?? "") ?? 200
  var spec = RenderSpec(text: text)
  spec.canvas = value("--canvas", in: arguments) ?? "45mm"
  let fontPath = try Font(contentsOf: BundledFontPath.bold).path

  var coldLoad: [Double] = []
  var coldFit: [Double] = []
  var coldRender: [Double] = []
  var warmFit: [Double] = []
  var warmRender: [Double] = []
  var encode: [Double] = []
  let warmRenderer = WordStackRenderer()
  let warmFont = try Font(contentsOf: fontPath)
  let canvas = try CanvasSize.parse(spec.canvas)
  let request = FitRequest(
    words: TextSegmentation.words(of: text), availableWidth: canvas.width - 16, availableHeight: canvas.height - 16,
    maximumSize: (try? TextStyle.largeTitle.pixelSize(on: canvas)) ?? 80)
  for _ in 0..<iterations {
    var font: Font? = nil
    coldLoad.append(try seconds { font = try Font(contentsOf: fontPath) })
    coldFit.append(try seconds { _ = try Fitter(measurer: font!).fit(request) })
    coldRender.append(try seconds { _ = try WordStackRenderer().render(spec) })
    warmFit.append(try seconds { _ = try Fitter(measurer: warmFont).fit(request) })
    var rendering: Rendering? = nil
    warmRender.append(try seconds { rendering = try warmRenderer.render(spec) })
    encode.append(try seconds { _ = try rendering!.pngData() })
  }
  let ms = { (value: Double) in String(format: "%.3f ms", value * 1000) }
  print("text: \(text)  canvas: \(spec.canvas)  iterations: \(iterations) (medians)")
  print("| phase | cold (new font each run) | warm (renderer reused) |")
  print("|---|---:|---:|")
  print("| font load | \(ms(median(coldLoad))) | – |")
  print("| fit | \(ms(median(coldFit))) | \(ms(median(warmFit))) |")
  print(
    "| raster (render − fit) | \(ms(max(0, median(coldRender) - median(coldLoad) - median(coldFit)))) | \(ms(max(0, median(warmRender) - median(warmFit)))) |"
  )
  print("| encode | \(ms(median(encode))) | \(ms(median(encode))) |")
}

func encoders(_ arguments: [String]) throws {
  let text = arguments.first { !$0.hasPrefix("-") } ?? "Benito Pina Valentino"
  var spec = RenderSpec(text: text)
  spec.maxSize = 72
  let rendering = try WordStackRenderer().render(spec)
  print("text: \(text) at \(rendering.layout.fit.size) px on 45mm, grey; medians of 60 encodes")
  print("| encoder | level | ms | bytes |")
  print("|---|---:|---:|---:|")
  var candidates: [(String, Int, PNGSettings.Encoder)] = [
    ("wordfit (run matcher, the default)", 0, .wordfit(level: 0))
  ]
  for level in [1, 3, 4, 5, 6, 7, 8] {
    candidates.append(("wordfit (libdeflate)", level, .wordfit(level: level)))
  }
  for level in [3, 5, 6] {
    candidates.append(("libpng, filter none", level, .libpng(level: level, filter: .none, strategy: .default)))
  }
  for level in [6] {
    candidates.append(
      ("libpng, adaptive filter (Pillow's choice)", level, .libpng(level: level, filter: .adaptive, strategy: .default))
    )
  }
  for (name, level, encoder) in candidates {
    var times: [Double] = []
    var size = 0
    for _ in 0..<60 {
      times.append(try seconds { size = try rendering.pngData(settings: PNGSettings(encoder: encoder)).count })
    }
    print("| \(name) | \(level) | \(String(format: "%.3f", median(times) * 1000)) | \(size) |")
  }
}

/// The names of a CSV's `name` column.
func names(_ path: String) throws -> [String] {
  let reader = try CSVReader(path: path)
  guard let header = reader.next() else { return [] }
  let column = header.fields.indices.first { header.text(at: $0)?.lowercased() == "name" } ?? 0
  var names: [String] = []
  while let record = reader.next() { if let name = record.text(at: column) { names.append(name) } }
  return names
}

/// Runs `body(worker, index)` for every index on `jobs` threads, each with its own state.
func parallel<State>(
  _ count: Int, jobs: Int, state: @escaping @Sendable () -> State,
  _ body: @escaping @Sendable (inout State, Int) -> Void
) {
  DispatchQueue.concurrentPerform(iterations: jobs) { worker in
    var local = state()
    for index in Swift.stride(from: worker, to: count, by: jobs) { body(&local, index) }
  }
}

/// WordFit's floors on a badge list: fit + raster only, encode only, both without file I/O.
func floors(_ arguments: [String]) throws {
  let valued = [value("--jobs", in: arguments), value("--font", in: arguments)]
  guard let path = arguments.first(where: { !$0.hasPrefix("-") && !valued.contains($0) }) else {
    print("usage: wordfit-bench floors NAMES.csv [--jobs N] [--font system]")
    exit(64)
  }
  let jobs = Int(value("--jobs", in: arguments) ?? "") ?? 2
  let all = try names(path)
  var spec = RenderSpec(text: "")
  spec.maxSize = 72
  // DejaVu Sans Bold (what the peers are given), or with `--font system` WordFit's default.
  spec.font = value("--font", in: arguments) == "system" ? nil : BundledFontPath.bold
  let specCopy = spec
  func rate(_ body: () -> Void) -> Double {
    let time = seconds(body)
    return Double(all.count) / time
  }
  let fitRaster = rate {
    parallel(all.count, jobs: jobs, state: { WordStackRenderer() }) { renderer, index in
      var spec = specCopy
      spec.text = all[index]
      _ = try? renderer.render(spec)
    }
  }
  // Encode only: pre-rendered canvases (a sample, to bound memory), encoded until as many
  // images as names have been encoded.
  let sample = Swift.min(all.count, 1000)
  let renderer = WordStackRenderer()
  var canvases: [Rendering] = []
  for name in all.prefix(sample) {
    var spec = specCopy
    spec.text = name
    canvases.append(try renderer.render(spec))
  }
  let frozen = canvases
  let encodeOnly = rate {
    parallel(all.count, jobs: jobs, state: { () }) { _, index in _ = try? frozen[index % sample].pngData() }
  }
  let renderEncode = rate {
    parallel(all.count, jobs: jobs, state: { WordStackRenderer() }) { renderer, index in
      var spec = specCopy
      spec.text = all[index]
      _ = try? renderer.render(spec).pngData()
    }
  }
  print(
    String(
      format:
        "{\"images\": %d, \"jobs\": %d, \"fitRasterPerSecond\": %.1f, \"encodePerSecond\": %.1f, \"renderEncodePerSecond\": %.1f}",
      all.count, jobs, fitRaster, encodeOnly, renderEncode))
}

/// Quality of a folder of badges, from a JSON Lines log of `{"text", "size", "file"}` (WordFit's
/// manifest or a peer's log): ink outside the canvas minus insets, sizes above the cap, and sizes
/// where one pixel more would still have fit by WordFit's own measurement.
func quality(_ arguments: [String]) throws {
  guard let directory = value("--dir", in: arguments), let log = value("--log", in: arguments) else {
    print("usage: wordfit-bench quality --dir DIR --log LOG.jsonl [--max 72] [--insets 8]")
    exit(64)
  }
  let cap = Double(value("--max", in: arguments) ?? "") ?? 72
  let inset = Int(value("--insets", in: arguments) ?? "") ?? 8
  let font = try Font(contentsOf: BundledFontPath.bold)
  let fitter = Fitter(measurer: font)
  var images = 0
  var clipped = 0
  var aboveCap = 0
  var largerFits = 0
  var bytes = 0
  var missing = 0
  let text = try String(contentsOfFile: log, encoding: .utf8)
  for line in text.split(separator: "\n") {
    guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
      let file = object["file"] as? String, let name = object["text"] as? String,
      let size = (object["size"] as? NSNumber)?.doubleValue
    else { continue }
    let path = (directory as NSString).appendingPathComponent(file)
    guard let data = FileManager.default.contents(atPath: path) else {
      missing += 1
      continue
    }
    images += 1
    bytes += data.count
    let canvas = try PNGCodec.decode([UInt8](data)).canvas
    let background = canvas.color(atX: 0, y: 0)
    var inside = true
    for y in 0..<canvas.height where inside {
      for x in 0..<canvas.width where canvas.color(atX: x, y: y) != background {
        if x < inset || y < inset || x >= canvas.width - inset || y >= canvas.height - inset {
          inside = false
          break
        }
      }
    }
    if !inside { clipped += 1 }
    if size > cap + 1e-9 { aboveCap += 1 }
    if size + 1 <= cap {
      let request = FitRequest(
        words: TextSegmentation.words(of: name), availableWidth: canvas.width - 2 * inset,
        availableHeight: canvas.height - 2 * inset, maximumSize: cap)
      if fitter.fits(request, atSize: size + 1) { largerFits += 1 }
    }
  }
  print(
    String(
      format:
        "{\"images\": %d, \"missing\": %d, \"meanBytes\": %.1f, \"clipped\": %d, \"aboveCap\": %d, \"largerFits\": %d}",
      images, missing, images > 0 ? Double(bytes) / Double(images) : 0, clipped, aboveCap, largerFits))
}

enum BundledFontPath {
  static var bold: String {
    ProcessInfo.processInfo.environment["WORDFIT_FONT"]
      ?? (URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fonts/DejaVuSans-Bold.ttf").path)
  }
}

/// A badge row to a label printer's bytes (issue 42's desk latency): the export template's badge
/// for one attendee, rendered and turned into a ZPL job, in milliseconds — warm (one renderer
/// kept, as a check-in desk's process would) and cold (a new renderer, fonts opened again).
///
///   wordfit-bench printer [--template T.json] [--printer zpl|brother-ql:MODEL:LABEL] [--iterations N]
func printer(_ arguments: [String]) throws {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path
  let path = value("--template", in: arguments) ?? root + "/Fixtures/badges/export/export.template.json"
  let iterations = value("--iterations", in: arguments).flatMap(Int.init) ?? 50
  let template = try BadgeTemplate.load(contentsOf: path)
  let fields = [
    "attendee name: given name": "Ada", "attendee name: family name": "Lovelace", "company": "Analytical Engines",
    "ticket secret": "abc123", "product": "Speaker", "photo": "", "given": "Ada", "family": "Lovelace",
    "role": "Speaker", "ticket_secret": "abc123",
  ]
  let label = try LabelPrinter.parse(value("--printer", in: arguments) ?? "zpl")
  var bytes = 0
  let job = { (renderer: BadgeRenderer) in
    let badge = try renderer.render(template, fields: fields, imageFolder: root)
    bytes = try label.job(for: badge.canvas, dotsPerInch: template.dotsPerInch).count
  }
  let warmRenderer = BadgeRenderer()
  try job(warmRenderer)
  let warm = try (0..<iterations).map { _ in try seconds { try job(warmRenderer) } * 1000 }
  let cold = try (0..<max(5, iterations / 5)).map { _ in try seconds { try job(BadgeRenderer()) } * 1000 }
  let render = try (0..<iterations).map { _ in
    try seconds { _ = try warmRenderer.render(template, fields: fields, imageFolder: root) } * 1000
  }
  print(
    String(
      format:
        "{\"printer\": \"%@\", \"badge\": \"%dx%d\", \"jobBytes\": %d, \"warmMs\": %.2f, \"coldMs\": %.2f, \"renderOnlyMs\": %.2f}",
      label.languageName, template.width, template.height, bytes, median(warm), median(cold), median(render)))
}

// The allocator settings of the command-line tool (Sources/wordfit/AllocatorTuning.swift), so the
// floors are measured as `wordfit batch` runs: badge-sized buffers stay in glibc's heap instead
// of page-faulting back in for every image.
@_silgen_name("mallopt") func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
_ = glibcMallopt(-3, 8 << 20)  // M_MMAP_THRESHOLD
_ = glibcMallopt(-1, 16 << 20)  // M_TRIM_THRESHOLD

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  switch arguments.first {
  case "phases": try phases(Array(arguments.dropFirst()))
  case "encoders": try encoders(Array(arguments.dropFirst()))
  case "floors": try floors(Array(arguments.dropFirst()))
  case "quality": try quality(Array(arguments.dropFirst()))
  case "printer": try printer(Array(arguments.dropFirst()))
  default:
    print("usage: wordfit-bench phases|encoders|floors|quality|printer … (see Benchmarks/README.md)")
    exit(64)
  }
} catch {
  print("wordfit-bench: \(error)")
  exit(1)
}
