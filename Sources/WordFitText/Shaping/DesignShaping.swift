import WordFitCore

/// A text shaped at the font's design scale: its runs in visual order, each with its glyphs in
/// font units. Shaping does not depend on the size, so ``Font`` keeps these per text and a fit
/// that measures several sizes shapes each word once.
struct DesignShaping {
  /// One run of one direction.
  struct Run {
    var glyphs: [Shaper.Glyph]
    /// The run's UTF-8, to map clusters back to characters.
    var utf8: [UInt8]
  }

  var runs: [Run]
  /// The paragraph direction.
  var direction: LineDirection
  /// The scripts the runs were shaped as.
  var scripts: [String]
  /// The characters the font has no glyph for, in order, each once.
  var missingCharacters: [Unicode.Scalar]

  /// The line advance in font units.
  var advanceUnits: Int { runs.reduce(0) { $0 + $1.glyphs.reduce(0) { $0 + $1.xAdvance } } }

  /// Splits `text` into runs with FriBidi and shapes each with `shaper`.
  init(_ text: String, direction: LineDirection?, shaper: Shaper?) {
    let bidi = BidiRuns(text, base: direction)
    self.direction = bidi.direction
    runs = []
    scripts = []
    missingCharacters = []
    for run in bidi.runs {
      guard let shaped = shaper?.shape(run.text, direction: run.direction) else { continue }
      if !scripts.contains(shaped.script) { scripts.append(shaped.script) }
      let utf8 = Array(run.text.utf8)
      for glyph in shaped.glyphs where glyph.id == 0 {
        if let scalar = Font.scalar(at: glyph.cluster, in: utf8), !scalar.properties.isDefaultIgnorableCodePoint,
          !missingCharacters.contains(scalar)
        {
          missingCharacters.append(scalar)
        }
      }
      runs.append(Run(glyphs: shaped.glyphs, utf8: utf8))
    }
  }
}

/// The key of a font's shaping cache.
struct DesignShapingKey: Hashable {
  var text: String
  var direction: LineDirection?
}
