import Foundation
import WordFit

/// web-platform-tests' `css/css-text/{letter-spacing,word-break,overflow-wrap,hyphens}` pages as
/// `scripts/conformance/import-wpt-css-text.sh` reduced them: a text at a size in a box of a
/// width, with the properties its page sets, laid out by `wordfit render --layout wrap` as a
/// user would ask for it (`WordStackRenderer`, the size pinned: `--max-size S --min-scale 1
/// --min-legible S`, no insets, no fallback fonts), its lines or advances against the page's
/// reference. Pages that do not reduce so are skipped with their reason.
struct WPTCSSTextSuite {
  /// The suite's folder (cases.tsv, fonts/).
  var folder: String
  /// The font that stands for the pages' default and sans-serif fonts (DejaVu Sans).
  var sansFont: String

  /// Runs every case; one score (`wpt-css-text`).
  func run() throws -> SuiteScore {
    var score = SuiteScore(name: "wpt-css-text")
    for line in try String(contentsOfFile: folder + "/cases.tsv", encoding: .utf8).split(separator: "\n")
    where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 9 else {
        score.fail("unreadable case: \(line.prefix(80))")
        continue
      }
      if fields[1] == "-" {
        score.skip(fields[8])
        continue
      }
      do {
        guard let miss = try check(fields) else {
          if Self.deviations[fields[0]] != nil {
            score.fail("\(fields[0]) passes now: take it off the deviations")
          } else {
            score.pass()
          }
          continue
        }
        if let why = Self.deviations[fields[0]] {
          score.skip(why)
        } else {
          score.fail("\(fields[0]) (\(fields[1])): \(miss)")
        }
      } catch {
        score.fail("\(fields[0]) (\(fields[1])): \(error)")
      }
    }
    return score
  }

  /// Pages whose expectation WordFit meets differently on purpose, or where the line breaker's
  /// data (ICU's, as Debian ships it) differs from the page's: run, and skipped with the reason
  /// while they miss (a page that starts passing fails the suite until it is taken off).
  static let deviations: [String: String] = [
    "hyphens/hyphens-auto-004.html":
      "expects ideographic spaces (U+3000) at a line's end to take a line, where CSS Text 3 hangs them (as hyphens-auto-003 expects)",
    "overflow-wrap/overflow-wrap-anywhere-001.html": nbsp,
    "overflow-wrap/overflow-wrap-break-word-001.html": nbsp,
    "word-break/word-break-normal-my-000.html":
      "ICU's Burmese dictionary (Debian's ICU) has a word break inside မြန်မာစာ (မြန်မာ|စာ); the page expects none",
    "word-break/word-break-normal-tdd-000.html":
      "ICU has no Tai Nüa dictionary: it breaks between syllables, not words",
  ]

  static let nbsp = "starts with no-break spaces; WordFit trims white space at a text's ends, no-break spaces too"

  /// `nil` when the case holds, else what differs.
  func check(_ fields: [String]) throws -> String? {
    let font =
      ["ahem": folder + "/fonts/Ahem.ttf", "mono": folder + "/fonts/DejaVuSansMono.ttf"][fields[2]] ?? sansFont
    guard let size = Double(fields[3]),
      let text = try JSONSerialization.jsonObject(with: Data(fields[6].utf8), options: .fragmentsAllowed) as? String
    else { return "unreadable font size or text" }
    let box = Box(font: font, size: size)
    let width = try box.width(fields[4], text: text)
    let test = try box.lay(text, width: width, settings: fields[5])
    let expected = try JSONSerialization.jsonObject(with: Data(fields[7].utf8))
    let alternatives = (expected as? [[String: Any]]) ?? [(expected as? [String: Any]) ?? [:]]
    var misses: [String] = []
    for alternative in alternatives {
      guard let miss = try box.compare(test, with: alternative, width: width) else { return nil }
      misses.append(miss)
    }
    return misses.joined(separator: "; or ")
  }
}

/// One font at one size, and a text laid out in it as `wordfit render --layout wrap` lays it.
struct Box {
  var font: String
  var size: Double

  /// A case's width in px: `Nch` (rounded up: a line of N characters fits), `Nem`, `Npx`,
  /// `text-5px` (the text's one-line width less 5 px), or `none` (`nil`: one line).
  func width(_ spec: String, text: String) throws -> Int? {
    if spec == "none" { return nil }
    if spec == "text-5px" { return try lay(text, width: nil, settings: "-").first.map { $0.metrics.extentWidth - 5 } }
    if spec.hasSuffix("ch"), let count = Double(spec.dropLast(2)) { return Int((count * (try zero())).rounded(.up)) }
    if spec.hasSuffix("em"), let count = Double(spec.dropLast(2)) { return Int((count * size).rounded(.up)) }
    if spec.hasSuffix("px"), let pixels = Int(spec.dropLast(2)) { return pixels }
    throw CocoaError(.coderInvalidValue)
  }

  /// The advance of "0" (CSS's `ch`), px.
  func zero() throws -> Double { try lay("0", width: nil, settings: "-").first?.metrics.advance ?? size }

  /// `text`'s lines in a box `width` px wide (`nil`: wide enough for one line), with
  /// `settings` (`tracking=PX|Nch`, `hyphens=auto`, `lang=TAG`, `wrap=normal|break`).
  func lay(_ text: String, width: Int?, settings: String) throws -> [FittedLine] {
    var spec = RenderSpec(text: text)
    spec.layout = .wrap
    (spec.font, spec.maxSize, spec.minScale, spec.minLegible) = (font, size, 1, size)
    (spec.canvas, spec.insets, spec.fallback) = ("\(width ?? 4000)x4000", [0], "none")
    for setting in settings.split(separator: ",") {
      let pair = setting.split(separator: "=", maxSplits: 1).map(String.init)
      guard pair.count == 2 else { continue }
      switch pair[0] {
      case "tracking":
        let pixels = pair[1].hasSuffix("ch") ? (Double(pair[1].dropLast(2)) ?? 0) * (try zero()) : Double(pair[1]) ?? 0
        spec.tracking = .pixels(pixels)
      case "hyphens": spec.hyphenation = pair[1] == "auto" ? .auto : .none
      case "lang": spec.language = pair[1]
      case "wrap":
        spec.overlongWords = pair[1] == "normal" ? .shrink : .break
      default: continue
      }
    }
    // CSS never cuts a text: what does not fit its box overflows (at a pinned size, clipped).
    spec.overflow = .clip
    return try WordStackRenderer().render(spec).layout.fit.lines
  }

  /// `nil` when `lines` meet `expected` (`lines`, `laid` with `settings`, `advanceOf` with
  /// `settings`, or `advances`), else what differs.
  func compare(_ lines: [FittedLine], with expected: [String: Any], width: Int?) throws -> String? {
    let shown = lines.map { Self.hang($0.text) }
    if let wanted = expected["lines"] as? [String] {
      return shown == wanted ? nil : "lines \(shown), expected \(wanted)"
    }
    let settings = expected["settings"] as? String ?? "-"
    if let reference = expected["laid"] as? String {
      let wanted = try lay(reference, width: width, settings: settings).map { Self.hang($0.text) }
      return shown == wanted ? nil : "lines \(shown), the reference's \(wanted)"
    }
    let advances = lines.map(\.metrics.advance)
    var wanted = expected["advances"] as? [Double] ?? []
    if let reference = expected["advanceOf"] as? String {
      wanted = try lay(reference, width: width, settings: settings).map(\.metrics.advance)
    }
    let same = advances.count == wanted.count && zip(advances, wanted).allSatisfy { abs($0 - $1) <= 1.0 / 64 }
    return same ? nil : "advances \(advances) px, expected \(wanted) px"
  }

  /// A line as it shows: the spaces at its ends that hang or collapse in CSS removed (never
  /// no-break spaces) and zero-width spaces, soft hyphens invisible, U+2010 as the "-" WordFit draws.
  static func hang(_ line: String) -> String {
    let hanging = Set<Unicode.Scalar>(
      [" ", "\t", "\u{200B}", "\u{1680}", "\u{205F}", "\u{3000}"] + (0x2000...0x200A).compactMap(Unicode.Scalar.init))
    var scalars = Array(line.unicodeScalars.filter { $0 != "\u{00AD}" }.map { $0 == "\u{2010}" ? "-" : $0 })
    while let last = scalars.last, hanging.contains(last) { scalars.removeLast() }
    while let first = scalars.first, hanging.contains(first) { scalars.removeFirst() }
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    return text
  }
}
