import Foundation
import WordFitCore
import WordFitLayout
import WordFitOutput
import WordFitPreview

/// Every string of a catalog, in every language, laid out on every chosen canvas in every Dynamic
/// Type size with the key's layout (``StringsLayouts``) and the language as `--language`: the
/// engine behind `wordfit strings`.
public struct StringsCheck: Sendable {
  /// The catalog.
  public var catalog: StringCatalog
  /// How each key is laid out.
  public var layouts = StringsLayouts()
  /// The canvases (default: the ten Apple Watches).
  public var canvases: [String] = WatchCanvas.all.map(\.name)
  /// The Dynamic Type sizes (default: the six watch sizes).
  public var categories: [ContentSizeCategory] = ContentSizeCategory.watchCategories
  /// The languages (default: every language in the catalog, the source language first).
  public var languages: [String]? = nil
  /// Whether keys Xcode marked `stale` are checked too.
  public var includesStale = false
  /// Text below this many points is illegible; `nil`: each key's layout's `minLegible`, else
  /// the platform's documented minimum (watchOS's 12 pt on a watch, iOS's 11 pt on `WxH`).
  public var minimumLegiblePoints: Double? = nil
  /// Pseudolocales made from the source strings, checked as extra languages (their tags:
  /// `en-XA`, `ar-XB` …).
  public var pseudolocales: [Pseudolocale] = []
  /// A folder to write each row with a problem to, as an image (`StringsRow/image`); `nil`:
  /// none. Created when needed.
  public var imageFolder: String? = nil
  /// The images' format: ``OutputFormat/png`` (the default) or ``OutputFormat/webp``
  /// (``imageFormats``), each written through an ``OutputRequest`` to its file.
  public var imageFormat = OutputFormat.png

  /// The formats ``imageFormat`` may be: the pixel formats a page shows.
  public static let imageFormats: [OutputFormat] = [.png, .webp]

  /// A check of `catalog` with the defaults.
  public init(catalog: StringCatalog) {
    self.catalog = catalog
  }

  /// The languages checked: those asked for, or the source language and every localization.
  ///
  /// - Complexity: O(*n*) in the catalog's localizations.
  public var checkedLanguages: [String] {
    if let languages { return languages }
    let all = Set(catalog.entries.flatMap(\.localizations.keys)).subtracting([catalog.sourceLanguage])
    return [catalog.sourceLanguage] + all.sorted()
  }

  /// Lays out every string; rows by key, language, variant, canvas, then size, the keys of
  /// stacks (``StringsLayouts/stacks``) last, by stack.
  ///
  /// - Throws: ``WordFitError`` for a bad canvas, a bad layout, or a font that cannot be opened.
  /// - Complexity: one fit (two for a string that does not fit) per row.
  public func rows() throws -> [StringsRow] {
    let canvasSizes = try canvases.map(CanvasSize.parse)
    let renderer = WordStackRenderer()
    var rows: [StringsRow] = []
    let source = catalog.sourceLanguage
    if let imageFolder, let reason = AtomicFile.createDirectory(imageFolder) {
      throw WordFitError(
        .io, "cannot create \(imageFolder): \(reason); choose a writable folder for the images", input: imageFolder)
    }
    let stacked = Set(layouts.stacks.flatMap(\.keys))
    // Once: recomputed per key (a pass over every key's localizations) it made a catalog
    // quadratic in its keys.
    let languages = checkedLanguages
    var stems: [String: String] = [:]
    for (index, entry) in catalog.entries.enumerated() where includesStale || entry.extractionState != "stale" {
      let checked = CheckedKey(key: entry.key, fileStem: Self.fileStem(entry.key, index: index))
      stems[entry.key] = checked.fileStem
      guard !stacked.contains(entry.key) else { continue }
      for language in languages {
        let variants = entry.watchVariants(language: language, sourceLanguage: source)
        rows += try layOut(checked, language, language, variants, canvases: zip(canvases, canvasSizes), renderer)
      }
      for pseudo in pseudolocales {
        let variants = entry.watchVariants(language: source, sourceLanguage: source, transform: pseudo.apply)
        rows += try layOut(
          checked, pseudo.tag, pseudo.shapingLanguage, variants, canvases: zip(canvases, canvasSizes), renderer)
      }
    }
    return rows + (try stackRows(canvases: Array(zip(canvases, canvasSizes)), stems: stems))
  }

  /// The rows of one key's `variants` in `language` (shaped as `shaping`) on every canvas and size.
  private func layOut(
    _ key: CheckedKey, _ language: String, _ shaping: String, _ variants: [StringVariant],
    canvases: Zip2Sequence<[String], [CanvasSize]>, _ renderer: WordStackRenderer
  ) throws -> [StringsRow] {
    var rows: [StringsRow] = []
    for variant in variants {
      do {
        rows += try layOut(key, language, shaping, variant, canvases: canvases, renderer)
      } catch let error as WordFitError where error.kind == .usage || error.kind == .invalidData {
        // This string's own data is bad (an empty value, a language that is not a tag): it is
        // reported with its key and language, and the rest of the catalog is still checked.
        rows.append(
          .failed(
            key: key.key, language: language, variant: variant.variant, text: variant.text, message: error.message))
      }
    }
    return rows
  }

  /// The rows of one `variant` of a key on every canvas and size.
  private func layOut(
    _ key: CheckedKey, _ language: String, _ shaping: String, _ variant: StringVariant,
    canvases: Zip2Sequence<[String], [CanvasSize]>, _ renderer: WordStackRenderer
  ) throws -> [StringsRow] {
    var rows: [StringsRow] = []
    var spec = try layouts.spec(forKey: key.key, text: variant.text)
    spec.language = shaping
    // A curved key follows a round screen's edge, an edge button sits at its bottom: they have
    // no row on the other screens.
    let curved = spec.fields.needsRoundScreen
    // A key no canvas given can check is a row of its own, never dropped.
    guard !curved || canvases.contains(where: { (spec.shape ?? $0.1.shape) == .circle }) else {
      return [
        StringsRow(
          key: key.key, language: language, variant: variant.variant, text: variant.text, canvas: "-",
          dynamicType: "-", size: 0, points: 0, limit: "", problems: [PreviewProblem.unchecked.rawValue])
      ]
    }
    for (name, canvas) in canvases where !curved || (spec.shape ?? canvas.shape) == .circle {
      for category in categories where canvas.watch == nil || category.isWatchCategory {
        spec.canvas = name
        spec.dynamicType = category
        let start = DispatchTime.now().uptimeNanoseconds
        var row = try row(key.key, language, variant, spec: spec, canvas: canvas, renderer: renderer)
        row.language = language
        row.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        var image: [UInt8]? = nil
        try attachImage(to: &row, stem: key.fileStem, encoded: &image) {
          try renderer.draw(renderer.layOut(spec)).encoded(as: imageFormat)
        }
        rows.append(row)
      }
    }
    return rows
  }

  private func row(
    _ key: String, _ language: String, _ variant: StringVariant, spec: RenderSpec, canvas: CanvasSize,
    renderer: WordStackRenderer
  ) throws -> StringsRow {
    let laidOut = try renderer.layOut(spec)
    var row = row(key, variant, fit: laidOut.layout.fit, line: nil, on: spec.fields, canvas: canvas)
    row.font = laidOut.cascade.primary.familyName
    guard laidOut.layout.fit.limit == .minimumSize else { return row }
    // How far from fitting: the largest size with no minimum, against the minimum size.
    var unlimited = spec
    (unlimited.minScale, unlimited.overflow, unlimited.overlongWords) = (0.01, .truncate, .shrink)
    row.measureOverflow(free: try renderer.layOut(unlimited).layout.fit, width: laidOut.resolved.availableBox.width)
    return row
  }

  /// The row of `variant` fitted as `fit` with `fields` on `canvas`; with `line`, only that
  /// line's (a box of a stack) truncation counts.
  func row(
    _ key: String, _ variant: StringVariant, fit: FitResult, line: Int?, on fields: LayoutFields,
    canvas: CanvasSize
  ) -> StringsRow {
    let points = TextStyle.points(fit.size, on: canvas)
    var row = StringsRow(
      key: key, language: "", variant: variant.variant, text: variant.text, canvas: fields.canvas,
      dynamicType: fields.dynamicType?.rawValue ?? "", size: fit.size, points: points, limit: fit.limit.rawValue,
      problems: [])
    let truncated = fit.truncatedWordIndices
    if line.map(truncated.contains) ?? !truncated.isEmpty { row.problems.append("truncated") }
    if fit.limit == .minimumSize { row.problems.append("min-scale") }
    // The layout's legible minimum (`minLegible`, which wordfit-strings.json may set for every
    // key or one): watchOS's documented 12 pt on a watch, iOS's 11 pt on `WxH`.
    let legible = minimumLegiblePoints ?? fields.minLegible ?? (canvas.watch == nil ? 11 : 12)
    if points < legible { row.problems.append("illegible") }
    if fit.breakKinds.contains(.grapheme) { row.problems.append(PreviewProblem.brokenWord.rawValue) }
    if fit.breakKinds.contains(.phrase) { row.problems.append(PreviewProblem.brokenPhrase.rawValue) }
    return row
  }

  /// A key as it names files: its place in the catalog and its first letters.
  private struct CheckedKey {
    var key: String
    var fileStem: String
  }

  /// `12-start-workout`: the key's 1-based place in the catalog (unique) and up to 32 of its
  /// letters and digits, lowercased.
  static func fileStem(_ key: String, index: Int) -> String {
    var letters = ""
    for character in key.lowercased() where letters.count < 32 {
      if character.isASCII && (character.isLetter || character.isNumber) {
        letters.append(character)
      } else if letters.last != "-" {
        letters.append("-")
      }
    }
    let trimmed = letters.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    return trimmed.isEmpty ? "\(index + 1)" : "\(index + 1)-\(trimmed)"
  }

  /// A row's image file name: `12-start-workout.de.plural-one.41mm.xxxLarge.png`.
  static func imageName(_ stem: String, _ row: StringsRow, format: OutputFormat) -> String {
    let parts = [row.language, row.variant.isEmpty ? "plain" : row.variant, row.canvas, row.dynamicType]
    let safe = parts.map { part in
      String(part.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "-" })
    }
    return ([stem] + safe).joined(separator: ".") + "." + format.fileExtension
  }
}
