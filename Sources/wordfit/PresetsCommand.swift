import WordFit

/// `wordfit presets`: the canvases and text styles with their pixel values.
enum PresetsCommand {
  static let command = Command(
    name: "presets", abstract: "List watch canvases and text styles with their pixel values.",
    usage: "wordfit presets", options: [], run: run)

  static func run(_ arguments: [String]) throws -> Int32 {
    let parsed = try ParsedCommandLine<Void>(arguments, options: [], command: "presets")
    guard parsed.positionals.isEmpty else {
      throw WordFitError(.usage, "'presets' takes no arguments; see 'wordfit presets --help'")
    }
    Console.out("CANVASES (pixels at @2x; text styles resolve in the watch's default Dynamic Type category)")
    Console.out(pad(["name", "models", "pixels", "points", "category", "largeTitle"]))
    for watch in WatchCanvas.presets {
      let px = TextStyle.largeTitle.pixelSize(in: watch.defaultCategory)
      Console.out(
        pad([
          watch.name + (watch.name == WatchCanvas.defaultName ? " *" : ""), watch.models,
          "\(watch.width)x\(watch.height)",
          "\(watch.width / 2)x\(watch.height / 2)", watch.defaultCategory.rawValue, "\(Int(px)) px",
        ]))
    }
    Console.out(
      "  WxH           any size in pixels, 1…\(CanvasSize.maximumSide) a side: iOS text sizes (Large) at 1 px per point"
    )
    Console.out("")
    Console.out(
      "TEXT STYLES on watches (maximum size in pixels, @2x, by Dynamic Type size: --dynamic-type; * default style)")
    Console.out(pad(["style"] + ContentSizeCategory.watchCategories.map(\.rawValue)))
    for style in TextStyle.allCases {
      let sizes = ContentSizeCategory.watchCategories.map { TextFormatting.pixels(style.pixelSize(in: $0)) }
      Console.out(pad([style.rawValue + (style == .largeTitle ? " *" : "")] + sizes))
    }
    Console.out("")
    Console.out("TEXT STYLES on WxH canvases (iOS sizes, 1 px per point; default Large)")
    Console.out(pad(["style"] + ContentSizeCategory.allCases.map(\.rawValue), widths: [14, 9]))
    for style in TextStyle.allCases {
      let sizes = ContentSizeCategory.allCases.map { TextFormatting.pixels(style.iOSPointSize(in: $0)) }
      Console.out(pad([style.rawValue] + sizes, widths: [14, 9]))
    }
    return 0
  }

  private static func pad(_ cells: [String], widths: [Int] = [14, 21, 10, 9, 10, 10, 10]) -> String {
    return "  "
      + cells.enumerated().map { index, cell in
        cell.padding(
          toLength: Swift.max(cell.count, widths[Swift.min(index, widths.count - 1)]), withPad: " ", startingAt: 0)
      }.joined()
  }

}
