import Foundation
import WordFitCore
import WordFitLayout
import WordFitOutput
import WordFitPreview

extension StringsCheck {
  /// The rows of the keys in ``StringsLayouts/stacks``: each group laid out as one stack per
  /// language, canvas and size, a row per key with the stack's common size.
  ///
  /// A key with several variants (plural forms) shows each in turn: the stack is laid out once
  /// per variant of its longest-listed key, a key with fewer keeping its last.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` for a stack key the catalog does not have.
  func stackRows(canvases: [(String, CanvasSize)], stems: [String: String]) throws -> [StringsRow] {
    let renderer = StackRenderer()
    var rows: [StringsRow] = []
    let source = catalog.sourceLanguage
    // Once for all stacks: a search of the catalog per stacked key was quadratic.
    let languages = checkedLanguages
    let byKey = Dictionary(catalog.entries.map { ($0.key, $0) }) { first, _ in first }
    for group in layouts.stacks {
      let entries: [StringCatalog.Entry] = try group.keys.map { key in
        guard let entry = byKey[key] else {
          throw WordFitError(
            .invalidData,
            "the stack of \"\(group.keys.joined(separator: "\", \""))\" names \"\(key)\", which the catalog does not have; remove it from \(StringsLayouts.fileName) or add it to the catalog",
            input: key)
        }
        return entry
      }
      .filter { includesStale || $0.extractionState != "stale" }
      for language in languages {
        let variants = entries.map { ($0.key, $0.watchVariants(language: language, sourceLanguage: source)) }
        rows += try layOut(group, variants, language, language, canvases, stems, renderer)
      }
      for pseudo in pseudolocales {
        let variants = entries.map {
          ($0.key, $0.watchVariants(language: source, sourceLanguage: source, transform: pseudo.apply))
        }
        rows += try layOut(group, variants, pseudo.tag, pseudo.shapingLanguage, canvases, stems, renderer)
      }
    }
    return rows
  }

  /// One group in one language: a stack per round of variants, on every canvas and size.
  private func layOut(
    _ group: StringsLayouts.StackGroup, _ keyed: [(String, [StringVariant])], _ language: String, _ shaping: String,
    _ canvases: [(String, CanvasSize)], _ stems: [String: String], _ renderer: StackRenderer
  ) throws -> [StringsRow] {
    let present = keyed.filter { !$0.1.isEmpty }
    let rounds = present.map(\.1.count).max() ?? 0
    var rows: [StringsRow] = []
    for round in 0..<rounds {
      let shown = present.map { ($0.0, $0.1[min(round, $0.1.count - 1)], round < $0.1.count) }
      var spec = try layouts.stackSpec(group, labels: shown.map(\.1.text))
      spec.language = shaping
      if spec.scroll != nil {
        rows += try scrolledRows(spec, shown, language, canvases, stems, renderer)
        continue
      }
      for (name, canvas) in canvases {
        for category in categories where canvas.watch == nil || category.isWatchCategory {
          (spec.canvas, spec.dynamicType) = (name, category)
          let rendering = try renderer.render(spec)
          var (free, image): (FitResult?, [UInt8]?) = (nil, nil)
          for (line, (key, variant, isNew)) in shown.enumerated() where isNew {
            var row = row(key, variant, fit: rendering.layout.fit, line: line, on: spec.fields, canvas: canvas)
            (row.language, row.font) = (language, rendering.fonts.first?.family ?? rendering.fontName)
            // The label that limits the stack with no minimum is the one to shorten.
            if rendering.layout.limit == .minimumSize {
              let unlimited = try free ?? unlimitedFit(spec, renderer)
              free = unlimited
              if unlimited.limitingWordIndex == line {
                row.measureOverflow(free: unlimited, width: rendering.layout.availableBox.width)
              }
            }
            try attachImage(to: &row, stem: stems[key] ?? key, encoded: &image) {
              try rendering.encoded(as: imageFormat)
            }
            rows.append(row)
          }
        }
      }
    }
    return rows
  }

  /// The rows of a stack with ``StackSpec/scroll``: the list on each round canvas and size, a
  /// row per key with `cut-by-screen` where the round screen cuts its label; a row per key of
  /// `unchecked` when no canvas given is round (never dropped).
  private func scrolledRows(
    _ base: StackSpec, _ shown: [(String, StringVariant, Bool)], _ language: String,
    _ canvases: [(String, CanvasSize)], _ stems: [String: String], _ renderer: StackRenderer
  ) throws -> [StringsRow] {
    var spec = base
    let round = canvases.filter { (spec.fields.shape ?? $0.1.shape) == .circle }
    guard !round.isEmpty else {
      return shown.filter(\.2).map { key, variant, _ in
        StringsRow(
          key: key, language: language, variant: variant.variant, text: variant.text, canvas: "-", dynamicType: "-",
          size: 0, points: 0, limit: "", problems: [PreviewProblem.unchecked.rawValue])
      }
    }
    var rows: [StringsRow] = []
    for (name, canvas) in round {
      for category in categories where canvas.watch == nil || category.isWatchCategory {
        (spec.canvas, spec.dynamicType) = (name, category)
        let scroll = try renderer.renderScroll(spec)
        let cut = Set(scroll.cutLabels.map(\.index))
        var image: [UInt8]? = nil
        for (line, (key, variant, isNew)) in shown.enumerated() where isNew {
          var row = row(key, variant, fit: scroll.stack.layout.fit, line: line, on: spec.fields, canvas: canvas)
          (row.language, row.font) = (language, scroll.stack.fonts.first?.family ?? scroll.fontName)
          if cut.contains(line) { row.problems.append(PreviewProblem.cutByScreen.rawValue) }
          try attachImage(to: &row, stem: stems[key] ?? key, encoded: &image) { try scroll.encoded(as: imageFormat) }
          rows.append(row)
        }
      }
    }
    return rows
  }

  /// Writes the image of `row`'s layout into ``imageFolder`` when the row has a problem, in
  /// ``imageFormat`` through an `OutputRequest`, encoded at most once (`encoded` keeps it, for
  /// a stack's other keys; a row of its own starts with `nil`).
  func attachImage(
    to row: inout StringsRow, stem: String, encoded: inout [UInt8]?, encode: () throws -> [UInt8]
  ) throws {
    guard let imageFolder, !row.problems.isEmpty else { return }
    let bytes = try encoded ?? encode()
    encoded = bytes
    let path = imageFolder + "/" + Self.imageName(stem, row, format: imageFormat)
    try OutputRequest(destination: .file(path), format: imageFormat).write(bytes)
    row.image = path
  }

  /// The stack's fit with no minimum size.
  private func unlimitedFit(_ spec: StackSpec, _ renderer: StackRenderer) throws -> FitResult {
    var unlimited = spec
    (unlimited.minScale, unlimited.overflow) = (0.01, .truncate)
    return try renderer.render(unlimited).layout.fit
  }
}
