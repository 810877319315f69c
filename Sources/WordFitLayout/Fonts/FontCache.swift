import Foundation
import WordFitCore
import WordFitFonts
import WordFitImage
import WordFitText

/// Fonts opened by one renderer, so a batch opens each font once: primary fonts by name or
/// path, and the cascades (primary plus fallback) built over them.
/// Not thread-safe, like ``Font``: one cache per thread.
package final class FontCache {
  private var fonts: [String: (font: Font, warning: String?)] = [:]
  private var cascades: [FontRequest: (cascade: FontCascade, warnings: [String])] = [:]

  /// An empty cache.
  package init() {}

  /// The cascade a layout draws with: its font (a file, an installed family or pattern, or the
  /// bundled font), its fallback and its language; with warnings about fonts found in place of
  /// those asked for. Keyed on the font part alone.
  ///
  /// - Throws: ``WordFitError`` `.missingInput` for a font file or family that cannot be found
  ///   (a family only with ``LayoutFields/strictFont``), `.invalidData` for a file that is not a
  ///   font.
  package func cascade(for request: FontRequest) throws -> (cascade: FontCascade, warnings: [String]) {
    if let made = cascades[request] { return made }
    let made = try makeCascade(request)
    cascades[request] = made
    return made
  }

  private func makeCascade(_ request: FontRequest) throws -> (cascade: FontCascade, warnings: [String]) {
    let (primary, warning) = try font(
      named: request.name, system: request.system, faceIndex: request.faceIndex, weight: request.weight,
      hinting: request.hinting,
      strict: request.strict, variations: request.variations, pointsPerPixel: request.pointsPerPixel)
    let warnings = warning.map { [$0] } ?? []
    let fallback: FontCascade.Fallback
    switch request.fallback {
    case .automatic: fallback = .automatic
    case .none: fallback = .none
    case .fonts(let names):
      // A listed file is checked now (a missing one stops the render before it starts); each
      // font is opened only when a cluster first needs it.
      for name in names where Self.isFilePath(name) { _ = try InputFile.checkRegularFile(name, role: "fallback font") }
      let (weight, hinting, strict) = (request.weight, request.hinting, request.strict)
      // Weakly held: a cascade kept by this cache must not keep the cache alive (a cycle).
      fallback = .openers(
        names.map { name in
          { [weak self] in
            try (self ?? FontCache()).font(named: name, faceIndex: 0, weight: weight, hinting: hinting, strict: strict)
          }
        })
    }
    return (FontCascade(primary: primary, fallback: fallback, language: request.language), warnings)
  }

  /// The font a name means: a file path, an installed family or fontconfig pattern, `dejavu`
  /// (the bundled DejaVu Sans of `weight`), or (for `nil`) the system font `system` when it is
  /// installed, else the bundled stand-in; with a warning when fontconfig found another family.
  ///
  /// A variable font's axes take `variations` (tag to value, checked by
  /// ``LayoutFields/resolved()``), and its `wght` axis takes
  /// `weight` unless `variations` sets it; an `opsz` axis follows the size at `pointsPerPixel`
  /// unless `variations` sets it.
  func font(
    named name: String?, system: SystemFont? = nil, faceIndex: Int, weight: FontWeight, hinting: Hinting = .none,
    strict: Bool = false, variations axes: [String: Double] = [:], pointsPerPixel: Double = 1
  ) throws -> (font: Font, warning: String?) {
    let key =
      "\(hinting.rawValue):\(faceIndex):\(strict):\(weight.value):\(axes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }):\(pointsPerPixel):\(name ?? "system " + (system ?? .sfPro).rawValue)"
    if let known = fonts[key] { return known }
    var warning: String? = nil
    let font: Font
    if name == nil, let installed = Self.installed(system ?? .sfPro, weight: weight) {
      font = try Font(contentsOf: installed.path, faceIndex: installed.faceIndex, hinting: hinting)
    } else if name == nil || name?.lowercased() == SystemFont.dejaVuKeyword {
      let file =
        name == nil ? (system ?? .sfPro).standInFileName(weight: weight, variations: axes) : weight.bundledFileName
      font = try Font(contentsOf: try Self.bundledFontPath(file), faceIndex: faceIndex, hinting: hinting)
    } else if let name, !Self.isFilePath(name) {
      let match = try FontLocator.match(name, weight: name.contains(":") ? nil : weight.value)
      if !match.isRequestedFamily {
        let closest = FontLocator.closestFamilies(to: match.requestedFamily).joined(separator: ", ")
        let installed = FontLocator.families().contains { $0.lowercased() == match.requestedFamily.lowercased() }
        let message =
          installed
          ? "font family \"\(match.requestedFamily)\" is installed, but none of its faces matches the rest of the pattern \"\(name)\"; fontconfig offers \(match.font.family) \(match.font.style)"
          : "font family \"\(match.requestedFamily)\" is not installed; fontconfig offers \(match.font.family) \(match.font.style) (closest installed families: \(closest))"
        guard !strict else {
          throw WordFitError(
            .missingInput, "\(message); \(installed ? "change the pattern" : "install it or name an installed family")",
            reason: .malformed(.font, value: name, expected: "an installed font family"), input: name)
        }
        warning = "\(message); drawing with \(match.font.family)"
      }
      font = try Font(contentsOf: match.font.path, faceIndex: match.font.faceIndex, hinting: hinting)
    } else {
      font = try Font(contentsOf: name ?? "", faceIndex: faceIndex, hinting: hinting)
    }
    if !axes.isEmpty || font.hasAxis("wght") || font.hasAxis("opsz") {
      font.applyVariations(
        font.hasAxis("wght") && axes["wght"] == nil ? axes.merging(["wght": Double(weight.value)]) { a, _ in a } : axes)
      if font.hasAxis("opsz") && axes["opsz"] == nil { font.followOpticalSize(pointsPerPixel: pointsPerPixel) }
      let problems = font.takeProblems()
      if !problems.isEmpty { warning = ([warning].compactMap { $0 } + problems).joined(separator: "; ") }
    }
    fonts[key] = (font, warning)
    return (font, warning)
  }

  /// The font at `path` (or the system font `system` when `path` is `nil`), measured and drawn
  /// with `hinting`.
  package func font(
    path: String?, system: SystemFont = .sfPro, faceIndex: Int, weight: FontWeight, hinting: Hinting = .none
  ) throws -> Font {
    try font(named: path, system: system, faceIndex: faceIndex, weight: weight, hinting: hinting).font
  }

  /// The installed face of `system`'s families nearest `weight`, or `nil` when none is
  /// installed.
  static func installed(_ system: SystemFont, weight: FontWeight) -> (path: String, faceIndex: Int)? {
    let key = "\(system.rawValue):\(weight.value)"
    if let known = installedFontsLock.withLock({ installedFonts[key] }) {
      return known.path.map { ($0, known.faceIndex) }
    }
    var found: (path: String, faceIndex: Int)? = nil
    for family in system.families {
      if let match = try? FontLocator.match(family, weight: weight.value), match.isRequestedFamily {
        found = (match.font.path, match.font.faceIndex)
        break
      }
    }
    installedFontsLock.withLock { installedFonts[key] = (found?.path, found?.faceIndex ?? 0) }
    return found
  }

  /// ``installed(_:weight:)``'s answers in this process (`nil` path: not installed). Fontconfig
  /// reads its configuration once a process, so the answer cannot change; without this, every
  /// renderer's cache (one per worker thread) asked fontconfig three times for SF Pro that a
  /// Linux machine rarely has.
  nonisolated(unsafe) private static var installedFonts: [String: (path: String?, faceIndex: Int)] = [:]
  /// Guards ``installedFonts`` (a pthread mutex, which ThreadSanitizer sees; `Mutex` waits on a
  /// futex it does not).
  private static let installedFontsLock = NSLock()

  /// Whether a font name is a file: it has a slash or a font file's extension, or a file of
  /// that name exists. Anything else is a family or fontconfig pattern (`Noto Sans:bold`).
  static func isFilePath(_ name: String) -> Bool {
    let extensions = ["ttf", "otf", "ttc", "otc", "woff", "woff2", "pfb", "pfa", "dfont"]
    if name.contains("/") || extensions.contains(PathText.pathExtension(name).lowercased()) { return true }
    var status = stat()
    return lstat(name, &status) == 0
  }

  /// The path of a bundled font.
  ///
  /// - Throws: ``WordFitError`` `.missingInput` listing where it looked.
  static func bundledFontPath(_ file: String) throws -> String {
    if let path = BundledFonts.path(of: file) { return path }
    throw WordFitError(
      .missingInput,
      "bundled font \(file) not found (looked in \(BundledFonts.searchDirectories.joined(separator: ", "))); set WORDFIT_FONT_DIR to WordFit's Fonts/ folder or name a font file"
    )
  }
}
