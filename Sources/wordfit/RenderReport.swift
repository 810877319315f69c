import Foundation
import WordFit

/// The JSON printed by `wordfit render --json`.
struct RenderReport: Encodable {
  struct Line: Encodable {
    /// The text drawn.
    var text: String
    /// What the layout put on the line before truncation; only when ``truncated``.
    var source: String?
    /// How a wrapped line ends, for every line but the last: `word`, `hyphen` or `newline`.
    var `break`: String?
    var size: Double
    var origin: PixelPoint
    /// Where the baseline falls before it is rounded to whole pixels (``origin``'s `y`), in
    /// canvas px to 1/64, and the top of the line's box it sits in.
    var baseline: Double
    var lineTop: Double
    var advance: Double
    var ink: PixelBox?
    var truncated: Bool
    /// The width the line had to fit in: the available width, or its chord on a shaped screen.
    var availableWidth: Int
    var direction: String
    var scripts: [String]
    var glyphs: Int
    var clusters: Int
    /// The space added between this line's clusters, in px (absent: none).
    var tracking: Double?
    /// The `wdth` the line was drawn at with `--width-axis` (absent: none asked).
    var wdth: Double?
    /// How far its end punctuation hangs past the line's edge with `--hang-punctuation`, in px
    /// to 1/64 (absent: none).
    var hang: Double?
    /// Indices into the report's `fonts` of the fonts this line draws with.
    var fonts: [Int]
  }

  /// ``LineBalance`` to 1/64: px for the longest line, px² for the raggedness and score.
  struct Balance: Encodable {
    var longestLine: Double
    var raggedness: Double
    var hyphens: Int
    var score: Double
    /// `true` when `--balance` gave up past its budget (the greedy lines stand); absent otherwise.
    var overBudget: Bool?

    init(_ balance: LineBalance) {
      func rounded(_ value: Double) -> Double { (value * 64).rounded() / 64 }
      (longestLine, raggedness) = (rounded(balance.longestLine), rounded(balance.raggedness))
      (hyphens, score) = (balance.hyphens, rounded(balance.score))
      overBudget = balance.isOverBudget ? true : nil
    }
  }

  var file: String
  var bytes: Int
  var width: Int
  var height: Int
  var size: Double
  var limit: String
  var limitingWord: String?
  var sizesMeasured: Int
  /// Sizes above the answer checked so that rounding lets none of them fit.
  var sizesScanned: Int
  var truncatedWords: [String]
  var font: String
  var fontVersion: String
  var freeType: String
  var harfBuzz: String
  var hinting: String
  var missingCharacters: [String]
  var dynamicType: String
  /// The screen's outline: `rect`, `circle` or `rounded:R`.
  var shape: String
  /// The Wear OS font scale (absent: 1).
  var fontScale: Double?
  /// `words`, `wrap` or `line`.
  var layout: String
  /// The line limit a wrapped text was fitted under (absent: none).
  var lineLimit: Int?
  /// A wrapped text's break opportunities used: where each line but the last ends, in
  /// characters of the text as laid out (absent for one word per line).
  var breaks: [Int]?
  /// A wrapped text's balance on a rectangle: its longest line (px), raggedness (Σ slack², px²),
  /// hyphens, and the score `--balance` minimizes (raggedness plus a penalty per hyphen).
  var balance: Balance?
  var fonts: [FontUsage]
  /// Where the tracking comes from: `trak` (the font's table), the published table's name, or
  /// `fixed` (absent: no tracking).
  var tracking: String?
  var lines: [Line]

  init(_ rendering: Rendering, file: String, bytes: Int) {
    let layout = rendering.layout
    let fit = layout.fit
    self.file = file
    self.bytes = bytes
    width = layout.canvasWidth
    height = layout.canvasHeight
    size = fit.size
    limit = fit.limit.rawValue
    limitingWord = fit.limitingWordIndex.map { fit.lines.indices.contains($0) ? fit.lines[$0].source : "" }
    sizesMeasured = fit.measuredSizeCount
    sizesScanned = fit.scannedSizeCount
    truncatedWords = fit.truncatedWords
    font = rendering.fontName
    fontVersion = rendering.fontVersion
    freeType = rendering.freeTypeVersion
    harfBuzz = TextLibraries.harfBuzzVersion
    hinting = rendering.hinting.rawValue
    missingCharacters = rendering.missingCharacters.map { TextFormatting.codePoint($0) }
    fonts = rendering.fonts
    dynamicType = rendering.category.rawValue
    shape = rendering.shape.description
    fontScale = rendering.fontScale == 1 ? nil : rendering.fontScale
    self.layout = rendering.layoutKind.rawValue
    lineLimit = rendering.lineLimit
    breaks = rendering.textLayout.reportsBreaks ? fit.breakOffsets : nil
    balance = rendering.textLayout.reportsBreaks ? fit.balance.map(Balance.init) : nil
    tracking =
      switch rendering.tracking {
      case .none: nil
      case .pixels: "fixed"
      case .table(let table, _): table.source
      case .plusEm: "fixed"
      }
    lines = zip(layout.lines, rendering.lines).enumerated().map { index, pair in
      let (line, shaped) = pair
      return Line(
        text: line.text, source: line.isTruncated ? line.source : nil,
        break: fit.breakKinds.indices.contains(index) ? fit.breakKinds[index].rawValue : nil,
        size: line.size, origin: line.origin,
        baseline: ((line.lineBoxTop + line.lineBoxBaseline) * 64).rounded() / 64,
        lineTop: (line.lineBoxTop * 64).rounded() / 64,
        advance: line.advance,
        ink: line.inkBounds, truncated: line.isTruncated, availableWidth: line.availableWidth,
        direction: shaped.direction.rawValue,
        scripts: shaped.scripts, glyphs: shaped.glyphs.count, clusters: shaped.clusterCount,
        tracking: rendering.lineTracking.indices.contains(index) && rendering.lineTracking[index] != 0
          ? rendering.lineTracking[index] : nil,
        wdth: rendering.widthAxis,
        hang: fit.lines.indices.contains(index) && fit.lines[index].metrics.hang > 0
          ? (fit.lines[index].metrics.hang * 64).rounded() / 64 : nil,
        fonts: rendering.lineFonts.indices.contains(index) ? rendering.lineFonts[index] : [0])
    }
  }

  /// One line for a person: what was written, the size, and what limited it. With individual
  /// sizing the sizes range over the lines, and the limit is named for the word it limited.
  static func summary(_ rendering: Rendering, file: String) -> String {
    let fit = rendering.layout.fit
    let limitingWord = fit.limitingWordIndex.flatMap { fit.lines.indices.contains($0) ? fit.lines[$0].source : nil }
    let why = fit.limit.phrase(limitingText: limitingWord, lineCount: fit.lines.count)
    let sizes = fit.lines.map(\.size)
    var size = "\(TextFormatting.pixels(fit.size)) px, limited by \(why)"
    if let smallest = sizes.min(), let largest = sizes.max(), smallest != largest {
      let limited = fit.limitingWordIndex.flatMap { fit.lines.indices.contains($0) ? fit.lines[$0] : nil }
      size = "\(TextFormatting.pixels(smallest))–\(TextFormatting.pixels(largest)) px"
      if let limited {
        size += ", \"\(limited.source)\" at \(TextFormatting.pixels(limited.size)) px limited by its width"
      } else {
        size += ", limited by \(why)"
      }
    }
    var line = "wrote \(file) (\(rendering.layout.canvasWidth)x\(rendering.layout.canvasHeight), \(size))"
    let truncated = fit.truncatedWordIndices.count
    let noun = rendering.textLayout.lineNoun
    if truncated > 0 { line += "; \(truncated) \(noun)\(truncated == 1 ? "" : "s") truncated" }
    return line
  }
}
