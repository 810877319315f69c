import Foundation
import WordFitCore

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
  /// Text below this many points is illegible; `nil`: each canvas's `footnote` size.
  public var minimumLegiblePoints: Double? = nil
  /// Pseudolocales made from the source strings, checked as extra languages (their tags:
  /// `en-XA`, `ar-XB` …).
  public var pseudolocales: [Pseudolocale] = []

  /// A check of `catalog` with the defaults.
  public init(catalog: StringCatalog) {
    self.catalog = catalog
  }

  /// The languages checked: those asked for, or the source language and every localization.
  public var checkedLanguages: [String] {
    if let languages { return languages }
    let all = Set(catalog.entries.flatMap(\.localizations.keys)).subtracting([catalog.sourceLanguage])
    return [catalog.sourceLanguage] + all.sorted()
  }

  /// Lays out every string; rows by key, language, variant, canvas, then size.
  ///
  /// - Throws: ``WordFitError`` for a bad canvas, a bad layout, or a font that cannot be opened.
  /// - Complexity: one fit (two for a string that does not fit) per row.
  public func rows() throws -> [StringsRow] {
    let canvasSizes = try canvases.map(CanvasSize.parse)
    let renderer = WordStackRenderer()
    var rows: [StringsRow] = []
    let source = catalog.sourceLanguage
    for entry in catalog.entries where includesStale || entry.extractionState != "stale" {
      for language in checkedLanguages {
        let variants = entry.watchVariants(language: language, sourceLanguage: source)
        rows += try layOut(entry.key, language, language, variants, canvases: zip(canvases, canvasSizes), renderer)
      }
      for pseudo in pseudolocales {
        let variants = entry.watchVariants(language: source, sourceLanguage: source, transform: pseudo.apply)
        rows += try layOut(
          entry.key, pseudo.tag, pseudo.shapingLanguage, variants, canvases: zip(canvases, canvasSizes), renderer)
      }
    }
    return rows
  }

  /// The rows of one key's `variants` in `language` (shaped as `shaping`) on every canvas and size.
  private func layOut(
    _ key: String, _ language: String, _ shaping: String, _ variants: [StringVariant],
    canvases: Zip2Sequence<[String], [CanvasSize]>, _ renderer: WordStackRenderer
  ) throws -> [StringsRow] {
    var rows: [StringsRow] = []
    for variant in variants {
      var spec = try layouts.spec(forKey: key, text: variant.text)
      spec.language = shaping
      for (name, canvas) in canvases {
        for category in categories where canvas.watch == nil || category.isWatchCategory {
          spec.canvas = name
          spec.dynamicType = category
          var row = try row(key, language, variant, spec: spec, canvas: canvas, renderer: renderer)
          row.language = language
          rows.append(row)
        }
      }
    }
    return rows
  }

  private func row(
    _ key: String, _ language: String, _ variant: StringVariant, spec: RenderSpec, canvas: CanvasSize,
    renderer: WordStackRenderer
  ) throws -> StringsRow {
    let laidOut = try renderer.layOut(spec)
    let fit = laidOut.layout.fit
    let points = TextStyle.points(fit.size, on: canvas)
    var row = StringsRow(
      key: key, language: language, variant: variant.variant, text: variant.text, canvas: spec.canvas,
      dynamicType: spec.dynamicType?.rawValue ?? "", size: fit.size, points: points, limit: fit.limit.rawValue,
      problems: [])
    if !fit.truncatedWordIndices.isEmpty || fit.lines.count < fit.words.count { row.problems.append("truncated") }
    if fit.limit == .minimumSize { row.problems.append("min-scale") }
    let legible = minimumLegiblePoints ?? TextStyle.footnote.pointSize(onDefaultOf: canvas)
    if points < legible { row.problems.append("illegible") }
    guard fit.limit == .minimumSize else { return row }
    // How far from fitting: the largest size with no minimum, against the minimum size.
    var unlimited = spec
    unlimited.minScale = 0.01
    unlimited.overflow = .truncate
    let free = try renderer.layOut(unlimited).layout.fit
    if free.limit != .minimumSize, free.size < fit.size {
      let ratio = fit.size / free.size
      let width = laidOut.resolved.availableBox.width
      row.wouldFitAt = free.size
      row.overflow = Int((Double(width) * (ratio - 1)).rounded(.up))
      row.overflowPercent = ((1 - 1 / ratio) * 1000).rounded() / 10
    }
    return row
  }
}
