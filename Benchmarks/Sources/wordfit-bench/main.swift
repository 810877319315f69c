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
    maximumSize: TextStyle.largeTitle.pixelSize(on: canvas))
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
  print("text: \(text) at \(rendering.layout.fit.size) px on 45mm, grey")
  print("| filter | strategy | level | ms | bytes |")
  print("|---|---|---:|---:|---:|")
  let filters: [(String, PNGSettings.Filter)] = [("none", .none), ("adaptive", .adaptive)]
  let strategies: [(String, PNGSettings.Strategy)] = [("default", .default)]
  for (filterName, filter) in filters {
    for (strategyName, strategy) in strategies {
      for level in [1, 2, 3, 4, 5, 6] {
        let settings = PNGSettings(compressionLevel: level, filter: filter, strategy: strategy)
        var times: [Double] = []
        var size = 0
        for _ in 0..<60 { times.append(try seconds { size = try rendering.pngData(settings: settings).count }) }
        print(
          "| \(filterName) | \(strategyName) | \(level) | \(String(format: "%.3f", median(times) * 1000)) | \(size) |")
      }
    }
  }
}

enum BundledFontPath {
  static var bold: String {
    ProcessInfo.processInfo.environment["WORDFIT_FONT"]
      ?? (URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fonts/DejaVuSans-Bold.ttf").path)
  }
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  switch arguments.first {
  case "phases": try phases(Array(arguments.dropFirst()))
  case "encoders": try encoders(Array(arguments.dropFirst()))
  default:
    print("usage: wordfit-bench phases [TEXT] [--canvas NAME] [--iterations N]")
    exit(64)
  }
} catch {
  print("wordfit-bench: \(error)")
  exit(1)
}
