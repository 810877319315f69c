import Foundation
import WordFit

/// One font at one size, and a text laid out in it as `wordfit render --layout wrap` lays it.
struct CSSTextBox {
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
