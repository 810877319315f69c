import WordFitCore

/// A text shaped at the font's design scale: its runs in visual order, each with its glyphs in
/// font units. Shaping does not depend on the size, so ``Font`` keeps these per text and a fit
/// that measures several sizes shapes each word once.
struct DesignShaping {
  /// One run of one direction and one font.
  struct Run {
    var glyphs: [Shaper.Glyph]
    /// The run's UTF-8, to map clusters back to characters.
    var utf8: [UInt8]
    /// The font that shaped it: an index into the fonts of the ``FontCascade`` (0, the primary
    /// font, for a single font).
    var font: Int = 0
    /// The direction it was shaped in.
    var direction: LineDirection = .leftToRight
    /// The language it was shaped for.
    var language: String? = nil
    /// The script it was shaped as when given rather than guessed (four ASCII bytes; 0 guessed).
    var script: UInt32 = 0
    /// Whether a glyph has an offset (a mark on its base, a cursive attachment): such runs are
    /// shaped again at each size for HarfBuzz's own rounding of the offsets (as is every run of
    /// a variable font, ``Font/scaledPositions(of:units:)``).
    var hasOffsets: Bool { glyphs.contains { $0.xOffset != 0 || $0.yOffset != 0 } }
  }

  var runs: [Run]
  /// The paragraph direction.
  var direction: LineDirection
  /// The scripts the runs were shaped as.
  var scripts: [String]
  /// The characters the font has no glyph for, in order, each once.
  var missingCharacters: [Unicode.Scalar]

  /// The line advance in ems, each run's font units over its font's units per em.
  func advanceEms(unitsPerEm: (Int) -> Int) -> Double {
    runs.reduce(0) { $0 + Double($1.glyphs.reduce(0) { $0 + $1.xAdvance }) / Double(unitsPerEm($1.font)) }
  }

  /// Assembles a shaping from runs already shaped.
  init(runs: [Run], direction: LineDirection, scripts: [String], missingCharacters: [Unicode.Scalar]) {
    self.runs = runs
    self.direction = direction
    self.scripts = scripts
    self.missingCharacters = missingCharacters
  }

  /// Splits `text` into runs with FriBidi and shapes each with `shaper`.
  init(_ text: String, direction: LineDirection?, shaper: Shaper?, language: String? = nil) {
    let bidi = BidiRuns(text, base: direction)
    self.direction = bidi.direction
    runs = []
    scripts = []
    missingCharacters = []
    for run in bidi.runs {
      let pieces = ScriptRuns.split(run.text)
      for piece in run.direction == .rightToLeft ? pieces.reversed() : pieces {
        let text = String(run.text[piece])
        guard let shaped = shaper?.shape(text, direction: run.direction, language: language) else { continue }
        if !scripts.contains(shaped.script) { scripts.append(shaped.script) }
        let utf8 = Array(text.utf8)
        Self.collectMissing(shaped.glyphs, utf8: utf8, into: &missingCharacters)
        runs.append(Run(glyphs: shaped.glyphs, utf8: utf8, direction: run.direction, language: language))
      }
    }
  }
}

extension DesignShaping {
  /// Adds the characters drawn as glyph 0 (`.notdef`) to `missing`, each once, skipping
  /// invisible ones.
  static func collectMissing(_ glyphs: [Shaper.Glyph], utf8: [UInt8], into missing: inout [Unicode.Scalar]) {
    for glyph in glyphs where glyph.id == 0 {
      if let scalar = Font.scalar(at: glyph.cluster, in: utf8), !scalar.properties.isDefaultIgnorableCodePoint,
        !missing.contains(scalar)
      {
        missing.append(scalar)
      }
    }
  }
}

/// The key of a font's shaping cache.
struct DesignShapingKey: Hashable {
  var text: String
  var direction: LineDirection?
  var language: String? = nil
  /// The optical size shaped at, for a font whose `opsz` axis follows the size.
  var opticalSize: Double? = nil
}

/// The key of a font's cache of positions shaped at a size.
struct ScaledPositionsKey: Hashable {
  var utf8: [UInt8]
  var direction: LineDirection
  var language: String?
  var script: UInt32 = 0
  var units: Int
  var opticalSize: Double?
}
